/// LSD radix sorts for the index: keys with a payload during the build, plain positions for
/// query results (putting hits back in input order).
package enum RadixSort {
  /// Sorts `keys` ascending, moving `values` along; stable. 11-bit digits (2,048 buckets, so the
  /// scatter's write streams stay in cache), all histograms in one read, passes whose digit is the
  /// same for every key skipped.
  /// - Complexity: O(n) per pass, at most six passes for 64-bit keys.
  package static func sort(keys: inout [UInt64], values: inout [UInt32]) {
    let n = keys.count
    guard n > 1 else { return }
    let bits = 11, buckets = 1 << bits, mask = UInt64(buckets - 1), passes = (64 + bits - 1) / bits
    // Every pass's histogram in one read of the keys.
    var counts = [Int](repeating: 0, count: buckets * passes)
    keys.withUnsafeBufferPointer { k in
      counts.withUnsafeMutableBufferPointer { c in
        for key in k {
          var rest = key
          for pass in 0..<passes {
            c[pass &* buckets &+ Int(rest & mask)] &+= 1
            rest >>= UInt64(bits)
          }
        }
      }
    }
    var keyBuffer = [UInt64](repeating: 0, count: n), valueBuffer = [UInt32](repeating: 0, count: n)
    for pass in 0..<passes {
      let shift = UInt64(pass * bits), base = pass * buckets
      var single = false
      var total = 0
      counts.withUnsafeMutableBufferPointer { c in
        for i in base..<(base + buckets) {
          if c[i] == n { single = true }
          (c[i], total) = (total, total + c[i])
        }
      }
      if single { continue }  // one digit for every key: nothing to reorder
      keys.withUnsafeBufferPointer { k in
        values.withUnsafeBufferPointer { v in
          keyBuffer.withUnsafeMutableBufferPointer { kb in
            valueBuffer.withUnsafeMutableBufferPointer { vb in
              counts.withUnsafeMutableBufferPointer { c in
                for i in 0..<n {
                  let digit = base &+ Int((k[i] >> shift) & mask)
                  let slot = c[digit]
                  c[digit] = slot &+ 1
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

  /// Sorts positions ascending: one counting pass into about n buckets by the top bits of the
  /// value, then each bucket (a few values when positions are spread out) by insertion, or by the
  /// standard sort when a bucket holds many (positions that cluster in input order).
  /// - Complexity: O(n) expected.
  package static func sort(_ values: inout [UInt32]) {
    let n = values.count
    if n < 64 {
      values.sort()
      return
    }
    var largest: UInt32 = 0
    for v in values { largest = max(largest, v) }
    // About four values per bucket: few enough buckets that walking them is cheap.
    let bucketBits = min(max(Int.bitWidth - (n - 1).leadingZeroBitCount - 2, 4), 16)
    let valueBits = UInt32.bitWidth - largest.leadingZeroBitCount
    let shift = UInt32(max(valueBits - bucketBits, 0))
    let bucketCount = 1 << bucketBits
    var starts = [Int](repeating: 0, count: bucketCount + 1)
    var scratch = [UInt32](repeating: 0, count: n)
    values.withUnsafeMutableBufferPointer { data in
      starts.withUnsafeMutableBufferPointer { starts in
        scratch.withUnsafeMutableBufferPointer { scratch in
          for v in data { starts[Int(v >> shift) &+ 1] &+= 1 }
          for b in 0..<bucketCount { starts[b &+ 1] &+= starts[b] }
          // starts[b] is now where bucket b begins; scatter, advancing a cursor per bucket.
          for v in data {
            let b = Int(v >> shift)
            scratch[starts[b]] = v
            starts[b] &+= 1
          }
          // After the scatter starts[b] is where bucket b ends (= where b + 1 begins).
          var begin = 0
          for b in 0..<bucketCount {
            let end = starts[b]
            if end - begin > 32 {
              var bucket = UnsafeMutableBufferPointer(rebasing: scratch[begin..<end])
              bucket.sort()
            } else if end - begin > 1 {
              for i in (begin + 1)..<end {
                let v = scratch[i]
                var j = i
                while j > begin && scratch[j - 1] > v {
                  scratch[j] = scratch[j - 1]
                  j -= 1
                }
                scratch[j] = v
              }
            }
            begin = end
          }
          data.baseAddress!.update(from: scratch.baseAddress!, count: n)
        }
      }
    }
  }
}
