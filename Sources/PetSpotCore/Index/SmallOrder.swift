/// The order of a few hundred (key, tie) pairs — a query's items by the Morton key of their drawn
/// pin, then by position — without comparison sorting: LSD passes of 8-bit digits over only the
/// bits where the keys differ (a city's keys share their top twenty-odd bits), then runs of equal
/// keys (coincident pins) ordered by their ties. The standard library's sort with a comparison
/// closure took about four times as long on 190 items.
package enum SmallOrder {
  /// Indices of `keys` ordered by key, then by `ties` (same count; distinct where keys are equal).
  /// - Complexity: O(p · (n + 256)) for p = ⌈differing bits / 8⌉ ≤ 8 passes, plus O(r²) for a run
  ///   of r equal keys.
  package static func indices(keys: [UInt64], ties: [UInt32]) -> [Int32] {
    let n = keys.count
    precondition(ties.count == n && n < Int(Int32.max), "one tie per key, fewer than 2³¹")
    var order = (0..<n).map { Int32(truncatingIfNeeded: $0) }
    guard n > 1 else { return order }
    var differing: UInt64 = 0
    for key in keys { differing |= key ^ keys[0] }
    if differing != 0 {
      let low = differing.trailingZeroBitCount
      let passes = (UInt64.bitWidth - differing.leadingZeroBitCount - low + 7) / 8
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: n + 256) { scratch in
        let other = scratch.baseAddress!
        let counts = other + n
        keys.withUnsafeBufferPointer { keys in
          order.withUnsafeMutableBufferPointer { order in
            var (source, target) = (order.baseAddress!, other)
            for pass in 0..<passes {
              let shift = UInt64(low + 8 * pass)
              counts.initialize(repeating: 0, count: 256)
              for i in 0..<n { counts[Int((keys[Int(source[i])] &>> shift) & 0xFF)] &+= 1 }
              var total: Int32 = 0
              for digit in 0..<256 { (counts[digit], total) = (total, total &+ counts[digit]) }
              for i in 0..<n {
                let digit = Int((keys[Int(source[i])] &>> shift) & 0xFF)
                target[Int(counts[digit])] = source[i]
                counts[digit] &+= 1
              }
              (source, target) = (target, source)
            }
            if passes % 2 == 1 { order.baseAddress!.update(from: other, count: n) }
          }
        }
      }
    }
    // Equal keys: by tie (insertion; such runs are a few coincident pins).
    var start = 0
    while start < n {
      var end = start + 1
      while end < n && keys[Int(order[end])] == keys[Int(order[start])] { end += 1 }
      if end - start > 1 {
        for i in (start + 1)..<end {
          let moving = order[i]
          var j = i
          while j > start && ties[Int(order[j - 1])] > ties[Int(moving)] {
            order[j] = order[j - 1]
            j -= 1
          }
          order[j] = moving
        }
      }
      start = end
    }
    return order
  }
}
