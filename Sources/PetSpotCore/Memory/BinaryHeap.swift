/// A binary heap in an array, ordered by a relation passed to each call (so a heap of indices can
/// be ordered by data it does not own). `above(a, b)` is true when `a` belongs nearer the top than
/// `b`: `<` gives a min-heap, `>` a max-heap. Every operation is O(log n).
package struct BinaryHeap<Element> {
  @usableFromInline package private(set) var elements: [Element] = []

  @inlinable package init() {}

  @inlinable package var count: Int { elements.count }
  @inlinable package var top: Element? { elements.first }

  @inlinable package mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }

  @inlinable
  package mutating func push(_ element: Element, by above: (Element, Element) -> Bool) {
    elements.append(element)
    var child = elements.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard above(elements[child], elements[parent]) else { break }
      elements.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the top element.
  @inlinable
  package mutating func pop(by above: (Element, Element) -> Bool) -> Element? {
    guard let top = elements.first else { return nil }
    elements.swapAt(0, elements.count - 1)
    elements.removeLast()
    siftDown(by: above)
    return top
  }

  /// Replaces the top element (the heap must not be empty).
  @inlinable
  package mutating func replaceTop(with element: Element, by above: (Element, Element) -> Bool) {
    elements[0] = element
    siftDown(by: above)
  }

  @inlinable
  mutating func siftDown(by above: (Element, Element) -> Bool) {
    var parent = 0
    while true {
      let left = 2 * parent + 1
      var first = parent
      if left < elements.count && above(elements[left], elements[first]) { first = left }
      if left + 1 < elements.count && above(elements[left + 1], elements[first]) { first = left + 1 }
      if first == parent { return }
      elements.swapAt(parent, first)
      parent = first
    }
  }
}
