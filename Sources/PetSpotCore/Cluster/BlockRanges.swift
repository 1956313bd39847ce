/// Ranges of numbered blocks (those of the cells a search meets), joined into their union so
/// that a search reads no block twice. Four in fixed storage, not an array (a search is made per
/// decision in the repair of a two-part build: thousands of them); past four, in an array.
package struct BlockRanges {
  private var fixed: (ClosedRange<Int>, ClosedRange<Int>, ClosedRange<Int>, ClosedRange<Int>) = (
    0...0, 0...0, 0...0, 0...0
  )
  /// All the ranges, once there are more than four.
  private var more: [ClosedRange<Int>] = []
  package private(set) var count = 0

  package init() {}

  @inline(__always)
  package mutating func add(_ range: ClosedRange<Int>) {
    if count < 4 {
      withUnsafeMutableBytes(of: &fixed) {
        $0.storeBytes(of: range, toByteOffset: count * MemoryLayout<ClosedRange<Int>>.stride, as: ClosedRange<Int>.self)
      }
    } else {
      if more.isEmpty { more = (0..<4).map { self[$0] } }
      more.append(range)
    }
    count += 1
  }

  /// The k-th range (after ``join()``: in order, apart from the others).
  @inline(__always)
  package subscript(k: Int) -> ClosedRange<Int> {
    guard more.isEmpty else { return more[k] }
    return withUnsafeBytes(of: fixed) {
      $0.load(fromByteOffset: k * MemoryLayout<ClosedRange<Int>>.stride, as: ClosedRange<Int>.self)
    }
  }

  /// Sorts the ranges and joins those that overlap or touch.
  @inline(__always)
  package mutating func join() {
    guard !more.isEmpty else {
      withUnsafeMutableBytes(of: &fixed) { count = Self.join($0.bindMemory(to: ClosedRange<Int>.self).prefix(count)) }
      return
    }
    count = more.withUnsafeMutableBufferPointer { Self.join($0[...]) }
  }

  /// Sorts `ranges` by their start (insertion sort: a few) and joins them in place; returns how
  /// many are left (at the front).
  @inline(__always)
  private static func join(_ ranges: Slice<UnsafeMutableBufferPointer<ClosedRange<Int>>>) -> Int {
    let ranges = UnsafeMutableBufferPointer(rebasing: ranges)
    guard ranges.count > 1 else { return ranges.count }
    for k in 1..<ranges.count {
      let range = ranges[k]
      var j = k
      while j > 0 && ranges[j - 1].lowerBound > range.lowerBound {
        ranges[j] = ranges[j - 1]
        j -= 1
      }
      ranges[j] = range
    }
    var joined = 0
    for k in 1..<ranges.count {
      if ranges[k].lowerBound <= ranges[joined].upperBound + 1 {
        ranges[joined] = ranges[joined].lowerBound...max(ranges[joined].upperBound, ranges[k].upperBound)
      } else {
        joined += 1
        ranges[joined] = ranges[k]
      }
    }
    return joined + 1
  }
}
