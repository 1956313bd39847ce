/// LSD radix sorts for the index: keys with a payload during the build, plain positions for
/// query results (putting hits back in input order).
package enum RadixSort {
  /// Sorts `keys` ascending, moving `values` along; stable. 11-bit digits (2,048 buckets, so the
  /// scatter's write streams stay in cache), all histograms in one read, passes whose digit is the
  /// same for every key skipped.
  ///
  /// Large inputs are sorted by their top bits only — a key prefix about 12 bits longer than
  /// log2 n, which spread keys (Morton keys of pins: 62 bits) rarely share, in as few passes of up
  /// to 12 bits as cover it — and the runs of keys sharing that prefix are then put in order by
  /// the whole key: by insertion when short, by the remaining digits when long (a dense cluster of
  /// pins). Three passes instead of six for a million Morton keys (11-bit digits) and for ten
  /// million (12-bit digits: 4,096 write streams still stay in a core's L2 cache; a fourth pass
  /// over 120 MB of keys and payloads cost more than the wider digit).
  ///
  /// With `twoCores`, inputs of 65,536 keys or more take their digit passes on two threads
  /// (``sortByDigitsInHalves``): the same order.
  /// - Complexity: O(n) per pass, at most six passes for 64-bit keys.
  package static func sort(keys: inout [UInt64], values: inout [UInt32], twoCores: Bool = false) {
    let n = keys.count
    guard n > 1 else { return }
    var combined: UInt64 = 0
    for key in keys { combined |= key }
    let significant = UInt64.bitWidth - combined.leadingZeroBitCount
    guard let prefix = prefixPlan(count: n, significantBits: significant) else {
      let allPasses = (significant + digitBits - 1) / digitBits
      sortByDigits(keys: &keys, values: &values, from: 0, passes: max(allPasses, 1), twoCores: twoCores)
      return
    }
    sortByDigits(
      keys: &keys, values: &values, from: prefix.lowBit, passes: prefix.passes, digitBits: prefix.digitBits,
      twoCores: twoCores)
    orderRuns(keys: &keys, values: &values, sharingBitsFrom: prefix.lowBit)
  }

  /// How ``sort(keys:values:twoCores:)`` sorts `count` keys whose highest set bit is bit
  /// `significantBits` − 1: by the prefix from `lowBit` up, in `passes` passes of `digitBits`
  /// bits; `nil` when it sorts the whole key (small inputs, or a prefix that would take as many
  /// passes as the whole key).
  package static func prefixPlan(count n: Int, significantBits significant: Int) -> (
    lowBit: Int, passes: Int, digitBits: Int
  )? {
    let wanted = Int.bitWidth - n.leadingZeroBitCount + 12
    let passes = (wanted + maximumDigitBits - 1) / maximumDigitBits
    let width = (wanted + passes - 1) / passes
    let allPasses = (significant + digitBits - 1) / digitBits
    guard n >= 1 << 14, passes < allPasses, passes * width < significant else { return nil }
    return (significant - passes * width, passes, width)
  }

  /// The digit of a whole-key sort.
  private static let digitBits = 11
  /// The widest digit of a prefix sort.
  private static let maximumDigitBits = 12

  /// From this many keys a two-core sort runs its digit passes on two threads.
  static let twoCoreMinimum = 1 << 16

  /// LSD passes over `passes` digits of `digitBits` bits starting at bit `from` (stable).
  private static func sortByDigits(
    keys: inout [UInt64], values: inout [UInt32], from lowBit: Int, passes: Int, digitBits: Int = digitBits,
    twoCores: Bool = false
  ) {
    let n = keys.count
    if twoCores && n >= twoCoreMinimum {
      sortByDigitsInHalves(keys: &keys, values: &values, from: lowBit, passes: passes, digitBits: digitBits)
      return
    }
    let buckets = 1 << digitBits
    let mask = UInt64(buckets - 1)
    // Every pass's histogram in one read of the keys.
    var counts = [Int](repeating: 0, count: buckets * passes)
    keys.withUnsafeBufferPointer { k in
      counts.withUnsafeMutableBufferPointer { c in
        for key in k {
          var rest = key >> UInt64(lowBit)
          for pass in 0..<passes {
            c[pass &* buckets &+ Int(rest & mask)] &+= 1
            rest >>= UInt64(digitBits)
          }
        }
      }
    }
    // Written at 2,048 places at once: in huge pages (fewer TLB misses). Not zeroed: a pass that
    // moves the keys writes every slot before the buffers are read.
    var keyBuffer = [UInt64](hugePagesCapacity: n) { _, count in count = n }
    var valueBuffer = [UInt32](hugePagesCapacity: n) { _, count in count = n }
    for pass in 0..<passes {
      let shift = UInt64(lowBit + pass * digitBits)
      let base = pass * buckets
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

  /// ``sortByDigits(keys:values:from:passes:digitBits:twoCores:)`` on two cores: each pass, each
  /// core counts the digits of its half of the keys, then moves its half — the first half's keys
  /// of a digit go before the second half's, so the sort stays stable and the two never write the
  /// same slot.
  /// A pass reads the keys twice (a count per pass, not all counts in one read as on one core).
  private static func sortByDigitsInHalves(
    keys: inout [UInt64], values: inout [UInt32], from lowBit: Int, passes: Int, digitBits: Int
  ) {
    let n = keys.count
    let half = n / 2
    let buckets = 1 << digitBits
    let mask = UInt64(buckets - 1)
    var keyBuffer = [UInt64](hugePagesCapacity: n) { _, count in count = n }
    var valueBuffer = [UInt32](hugePagesCapacity: n) { _, count in count = n }
    // Per half, per digit: its count, then where its next key goes.
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * buckets)
    defer { counts.deallocate() }
    var moves = 0
    keys.withUnsafeMutableBufferPointer { keys in
      values.withUnsafeMutableBufferPointer { values in
        keyBuffer.withUnsafeMutableBufferPointer { keyBuffer in
          valueBuffer.withUnsafeMutableBufferPointer { valueBuffer in
            var (sourceKeys, sourceValues) = (keys, values)
            var (targetKeys, targetValues) = (keyBuffer, valueBuffer)
            for pass in 0..<passes {
              let shift = UInt64(lowBit + pass * digitBits)
              counts.initialize(repeating: 0)
              let (readKeys, readValues) = (UnsafeBufferPointer(sourceKeys), UnsafeBufferPointer(sourceValues))
              let (writeKeys, writeValues) = (targetKeys, targetValues)
              let halfRange = { (part: Int) in part == 0 ? 0..<half : half..<n }
              ParallelPair.run(
                { for i in halfRange(0) { counts[Int((readKeys[i] >> shift) & mask)] &+= 1 } },
                { for i in halfRange(1) { counts[buckets &+ Int((readKeys[i] >> shift) & mask)] &+= 1 } })
              var total = 0
              var single = false
              for digit in 0..<buckets {
                let (first, second) = (counts[digit], counts[buckets + digit])
                if first + second == n { single = true }
                (counts[digit], counts[buckets + digit]) = (total, total + first)
                total += first + second
              }
              if single { continue }  // one digit for every key: nothing to reorder
              let move = { (part: Int) in
                let base = part * buckets
                for i in halfRange(part) {
                  let digit = base &+ Int((readKeys[i] >> shift) & mask)
                  let slot = counts[digit]
                  counts[digit] = slot &+ 1
                  writeKeys[slot] = readKeys[i]
                  writeValues[slot] = readValues[i]
                }
              }
              ParallelPair.run({ move(0) }, { move(1) })
              swap(&sourceKeys, &targetKeys)
              swap(&sourceValues, &targetValues)
              moves += 1
            }
          }
        }
      }
    }
    // After an odd number of moves the sorted keys are in the buffers.
    if moves % 2 == 1 {
      swap(&keys, &keyBuffer)
      swap(&values, &valueBuffer)
    }
  }

  /// Keys sorted by their bits from `lowBit` up: orders each run sharing those bits by the whole
  /// key, stably — insertion for short runs; long runs already in order (pins at one address share
  /// their whole key) are left as they are, the others sorted by (key, place in the run), or by the
  /// low digits when very long (a histogram per run would cost more than the run below that).
  private static func orderRuns(keys: inout [UInt64], values: inout [UInt32], sharingBitsFrom lowBit: Int) {
    let n = keys.count
    let shift = UInt64(lowBit)
    var long: [Range<Int>] = []
    keys.withUnsafeMutableBufferPointer { k in
      values.withUnsafeMutableBufferPointer { v in
        var start = 0
        while start < n {
          let prefix = k[start] >> shift
          var end = start + 1
          while end < n && k[end] >> shift == prefix { end += 1 }
          if end - start > 32 {
            if (start + 1..<end).contains(where: { k[$0 - 1] > k[$0] }) { long.append(start..<end) }
          } else if end - start > 1 {
            for i in (start + 1)..<end {
              let key = k[i]
              let value = v[i]
              var j = i
              while j > start && k[j - 1] > key {
                k[j] = k[j - 1]
                v[j] = v[j - 1]
                j -= 1
              }
              k[j] = key
              v[j] = value
            }
          }
          start = end
        }
      }
    }
    for run in long {
      var runKeys = Array(keys[run])
      var runValues = Array(values[run])
      if run.count >= 1 << 12 {
        sortByDigits(keys: &runKeys, values: &runValues, from: 0, passes: (lowBit + digitBits - 1) / digitBits)
      } else {
        let order = runKeys.indices.sorted { (runKeys[$0], $0) < (runKeys[$1], $1) }
        (runKeys, runValues) = (order.map { runKeys[$0] }, order.map { runValues[$0] })
      }
      keys.replaceSubrange(run, with: runKeys)
      values.replaceSubrange(run, with: runValues)
    }
  }

  /// Sorts positions ascending: an LSD radix sort of the values minus the smallest, with as few
  /// digits of at most 12 bits (and about log2 n) as cover their span — two for 17,000 positions
  /// among 16 million, one when the values sit in a run of 4,096 — every histogram in one read. No
  /// comparison decides where a value goes, so nothing waits on a mispredicted branch: an earlier
  /// version (buckets by the top bits, then insertion) spent 16 ns per value on 17,000 spread
  /// positions, mostly in mispredictions. The counts live on the stack and the digits are taken
  /// with unchecked shifts: 3.6–3.9 ns per value for 2,500–5,600 positions among 10 million
  /// (docs/benchmarks.md, "Prune index under a tilt").
  /// - Complexity: O(n + 4,096) per pass, at most three passes.
  package static func sort(_ values: inout [UInt32]) {
    let n = values.count
    // Counts are 32-bit (half the cache of 64-bit ones); beyond 2³² values the standard sort.
    if n < 64 || n > Int(UInt32.max) {
      values.sort()
      return
    }
    var smallest = UInt32.max
    var largest: UInt32 = 0
    values.withUnsafeBufferPointer { data in
      for v in data {
        smallest = min(smallest, v)
        largest = max(largest, v)
      }
    }
    let spanBits = UInt32.bitWidth - (largest - smallest).leadingZeroBitCount
    guard spanBits > 0 else { return }  // every value equal
    // Digits of at most 12 bits, and not much wider than log2 n: zeroing and summing the counts
    // must not outweigh the values.
    let widest = min(12, max(6, Int.bitWidth - n.leadingZeroBitCount))
    let passes = (spanBits + widest - 1) / widest
    let digitBits = (spanBits + passes - 1) / passes
    let buckets = 1 << digitBits
    let mask = UInt32(buckets - 1)
    let bits = UInt32(digitBits)
    var scratch = [UInt32](uninitializedCapacity: n) { _, count in count = n }
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: buckets * passes) { c in
      c.initialize(repeating: 0)
      values.withUnsafeMutableBufferPointer { data in
        scratch.withUnsafeMutableBufferPointer { other in
          if passes == 2 {
            // The common case (thousands of positions among millions), unrolled.
            for v in data {
              let rest = v &- smallest
              c[Int(rest & mask)] &+= 1
              c[buckets &+ Int((rest &>> bits) & mask)] &+= 1
            }
          } else {
            for v in data {
              var rest = v &- smallest
              for pass in 0..<passes {
                c[pass &* buckets &+ Int(rest & mask)] &+= 1
                rest = rest &>> bits
              }
            }
          }
          var (source, target) = (data, other)
          for pass in 0..<passes {
            let base = pass * buckets
            var total: UInt32 = 0
            for i in base..<(base + buckets) { (c[i], total) = (total, total &+ c[i]) }
            let shift = UInt32(pass) &* bits
            for v in source {
              let digit = base &+ Int(((v &- smallest) &>> shift) & mask)
              target[Int(c[digit])] = v
              c[digit] &+= 1
            }
            (source, target) = (target, source)
          }
          if passes % 2 == 1 { data.baseAddress!.update(from: other.baseAddress!, count: n) }
        }
      }
    }
  }
}
