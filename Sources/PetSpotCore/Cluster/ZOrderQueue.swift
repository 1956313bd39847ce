/// Pins waiting for a decision, smallest Z order first; each pin at most once.
struct ZOrderQueue {
  private var heap: [UInt32] = []
  private var queued: Set<UInt32> = []

  mutating func push(_ pin: UInt32, index: ClusterIndex) {
    guard queued.insert(pin).inserted else { return }
    heap.append(pin)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard index.precedes(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func pop(index: ClusterIndex) -> UInt32? {
    guard let top = heap.first else { return nil }
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count && index.precedes(heap[left], heap[smallest]) { smallest = left }
      if right < heap.count && index.precedes(heap[right], heap[smallest]) { smallest = right }
      if smallest == parent { break }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
    return top
  }
}
