import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Radix sorts")
struct RadixSortTests {
  @Test(
    "positions: equals the standard sort for every size and spread",
    arguments: [0, 1, 5, 63, 64, 65, 225, 1_000, 2_519, 70_000])
  func positions(count: Int) {
    var random = SeededRandom(seed: UInt64(count))
    for universe in [10, 1_000, 1 << 20, 1 << 24, Int(UInt32.max)] {
      var values = (0..<count).map { _ in UInt32(random.next() % UInt64(universe)) }
      let expected = values.sorted()
      RadixSort.sort(&values)
      #expect(values == expected, "count \(count), universe \(universe)")
    }
    // Clustered: one dense run (a city whose rows sit together in the file).
    var clustered = (0..<count).map { _ in UInt32(5_000_000 + random.next() % 300) }
    let expected = clustered.sorted()
    RadixSort.sort(&clustered)
    #expect(clustered == expected)
    // All equal (no digit at all), and a run at the very top of the range (the offset by the
    // smallest value must not overflow).
    var equal = [UInt32](repeating: 77, count: count)
    RadixSort.sort(&equal)
    #expect(equal == [UInt32](repeating: 77, count: count))
    var top = (0..<count).map { _ in UInt32.max - UInt32(random.next() % 5_000) }
    let topExpected = top.sorted()
    RadixSort.sort(&top)
    #expect(top == topExpected)
  }

  @Test("keys with values: stable and ordered")
  func keys() {
    var random = SeededRandom(seed: 1)
    var keys = (0..<5_000).map { _ in random.next() >> UInt64(random.next() % 64) }
    var values = (0..<5_000).map { UInt32($0) }
    let expected = zip(keys, values).sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    RadixSort.sort(keys: &keys, values: &values)
    #expect(keys == expected.map(\.0) && values == expected.map(\.1))
  }

  @Test(
    "keys with values, large inputs: sorted by the top digits then by runs (on two cores from 65,536 keys, odd counts too) — equals the stable reference",
    arguments: [16_384, 131_073, 200_000])
  func largeKeys(count: Int) {
    var random = SeededRandom(seed: UInt64(count))
    // Spread 62-bit keys (some repeated); dense clusters (runs of thousands sharing a prefix, duplicates); few significant bits.
    var spread = (0..<count).map { _ in random.next() >> 2 }
    for i in stride(from: 5, to: count, by: 5) { spread[i] = spread[i / 2] }  // short runs of equal keys
    let centres = (0..<20).map { _ in random.next() >> 2 }
    let dense: [UInt64] = (0..<count).map { i in
      let centre = centres[i % 20]
      return i % 7 == 0 ? centre : centre &+ (random.next() >> 40)
    }
    let narrow = (0..<count).map { _ in random.next() >> 40 }
    // Shelters: groups of 50 equal keys (runs already in order); towns: groups of 100 keys within
    // 2^20 of each other (unsorted runs too short for the digit passes).
    let groupKeys = (0..<(count / 50 + 1)).map { _ in random.next() >> 2 }
    let shelters = (0..<count).map { groupKeys[$0 / 50] }
    let towns = (0..<count).map { groupKeys[$0 / 100] &+ (random.next() >> 44) }
    for (name, input) in [
      ("spread", spread), ("dense", dense), ("narrow", narrow), ("shelters", shelters), ("towns", towns),
    ] {
      let positions = (0..<count).map { UInt32($0) }
      let expected: [(UInt64, UInt32)] = zip(input, positions).sorted { ($0.0, $0.1) < ($1.0, $1.1) }
      for twoCores in [false, true] {
        var (keys, values) = (input, positions)
        RadixSort.sort(keys: &keys, values: &values, twoCores: twoCores)
        #expect(
          keys == expected.map { $0.0 } && values == expected.map { $0.1 },
          "\(name), \(count) keys, twoCores: \(twoCores)")
      }
    }
  }
}

/// The prefix sort's digits, and a sort at the size where they are 12 bits wide.
@Suite("Radix sorts: the prefix plan")
struct RadixSortPrefixPlanTests {
  @Test(
    "passes and digit widths of the prefix for 62-bit keys: as few passes of up to 12 bits as cover log2 n + 12 bits")
  func plans() throws {
    #expect(RadixSort.prefixPlan(count: 16_383, significantBits: 62) == nil)
    let expected: [(count: Int, lowBit: Int, passes: Int, digitBits: Int)] = [
      (16_384, 35, 3, 9), (131_073, 32, 3, 10), (1_000_000, 29, 3, 11), (2_000_000, 29, 3, 11),
      (8_388_608, 26, 3, 12), (10_000_000, 26, 3, 12), (16_777_216, 22, 4, 10), (100_000_000, 22, 4, 10),
    ]
    for row in expected {
      let plan = try #require(RadixSort.prefixPlan(count: row.count, significantBits: 62))
      #expect(plan == (row.lowBit, row.passes, row.digitBits), "\(row.count) keys")
    }
    // A prefix as long as the keys: the whole key is sorted.
    #expect(RadixSort.prefixPlan(count: 10_000_000, significantBits: 36) == nil)
    #expect(RadixSort.prefixPlan(count: 10_000_000, significantBits: 37) != nil)
  }

  @Test("8,388,609 keys (12-bit prefix digits), on one core and two: ordered, stable, a permutation")
  func twelveBitDigits() {
    var random = SeededRandom(seed: 0x12B1_7)
    let count = 8_388_609
    // Spread 62-bit keys with repeats (every fifth a copy of an earlier one) and a dense spot.
    var input = (0..<count).map { _ in random.next() >> 2 }
    for i in stride(from: 5, to: count, by: 5) { input[i] = input[i / 2] }
    for i in stride(from: 3, to: count, by: 11) { input[i] = (1 << 61) &+ (random.next() >> 50) }
    for twoCores in [false, true] {
      var (keys, values) = (input, (0..<count).map { UInt32($0) })
      RadixSort.sort(keys: &keys, values: &values, twoCores: twoCores)
      // Checked in one pass, no reference sort: each key is its value's input key, keys ascend,
      // equal keys keep input order, and no value comes twice (so all come once).
      var seen = [Bool](repeating: false, count: count)
      var faults = 0
      for i in 0..<count {
        let v = Int(values[i])
        if keys[i] != input[v] || seen[v] { faults += 1 }
        seen[v] = true
        if i > 0 && (keys[i - 1], values[i - 1]) >= (keys[i], values[i]) { faults += 1 }
      }
      #expect(faults == 0, "twoCores: \(twoCores)")
    }
  }
}
