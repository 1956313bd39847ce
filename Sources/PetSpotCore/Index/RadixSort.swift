/// LSD radix sorts for the index: keys with a payload during the build, plain positions for
/// query results (putting hits back in input order).
enum RadixSort {
  /// Sorts `keys` ascending, moving `values` along; stable. 16-bit digits, passes whose digit is
  /// the same for every key are skipped.
  /// - Complexity: O(n) per pass, at most four passes for 64-bit keys.
  static func sort(keys: inout [UInt64], values: inout [UInt32]) {
    let n = keys.count
    guard n > 1 else { return }
    var keyBuffer = [UInt64](repeating: 0, count: n), valueBuffer = [UInt32](repeating: 0, count: n)
    var counts = [Int](repeating: 0, count: 1 << 16)
    for shift in stride(from: 0, to: 64, by: 16) {
      for i in 0..<counts.count { counts[i] = 0 }
      keys.withUnsafeBufferPointer { k in
        for key in k { counts[Int((key >> UInt64(shift)) & 0xFFFF)] += 1 }
      }
      if counts.contains(n) { continue }  // every key has this digit: nothing to reorder
      var total = 0
      for i in 0..<counts.count { (counts[i], total) = (total, total + counts[i]) }
      keys.withUnsafeBufferPointer { k in
        values.withUnsafeBufferPointer { v in
          keyBuffer.withUnsafeMutableBufferPointer { kb in
            valueBuffer.withUnsafeMutableBufferPointer { vb in
              counts.withUnsafeMutableBufferPointer { c in
                for i in 0..<n {
                  let digit = Int((k[i] >> UInt64(shift)) & 0xFFFF)
                  let slot = c[digit]
                  c[digit] = slot + 1
                  kb[slot] = k[i]
                  vb[slot] = v[i]
                }
              }
            }
          }
        }
      }
      swap(&keys, &keyBuffer)
      swap(&values, &valueBuffer)
    }
  }

  /// Sorts positions ascending (8-bit digits, as many passes as the largest value needs).
  static func sort(_ values: inout [UInt32]) {
    let n = values.count
    if n < 192 {
      values.sort()
      return
    }
    let largest = values.max()!
    var buffer = [UInt32](repeating: 0, count: n)
    var shift: UInt32 = 0
    while shift < 32 && (largest >> shift) != 0 {
      var counts = (0..<256).map { _ in 0 }
      values.withUnsafeBufferPointer { v in
        for value in v { counts[Int((value >> shift) & 0xFF)] += 1 }
      }
      var total = 0
      for i in 0..<256 { (counts[i], total) = (total, total + counts[i]) }
      values.withUnsafeBufferPointer { v in
        buffer.withUnsafeMutableBufferPointer { b in
          for value in v {
            let digit = Int((value >> shift) & 0xFF)
            b[counts[digit]] = value
            counts[digit] += 1
          }
        }
      }
      swap(&values, &buffer)
      shift += 8
    }
  }
}
