import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Small orders: indices by key then tie, as the standard sort")
struct SmallOrderTests {
  @Test("random keys sharing prefixes, equal keys with ties, every size", arguments: [0, 1, 2, 3, 17, 191, 1_000])
  func matchesSort(count: Int) {
    var random = SeededRandom(seed: UInt64(count) &+ 0x5A11)
    for (prefix, spread) in [(UInt64(0x2AAA) << 48, UInt64(1) << 40), (0, UInt64.max), (77, 1), (UInt64.max - 9, 8)] {
      // Keys: a shared prefix plus a spread part; every fifth repeats an earlier key (coincident pins).
      var keys: [UInt64] = []
      for i in 0..<count {
        if i > 0 && i % 5 == 0 {
          keys.append(keys[Int(random.next() % UInt64(i))])
        } else {
          keys.append(spread == .max ? random.next() : prefix &+ random.next() % spread)
        }
      }
      // Distinct ties, in no particular order.
      let ties = (0..<count).map { UInt32(truncatingIfNeeded: ($0 &* 7_919) % max(count, 1) &+ 3 * count) }
      let expected = keys.indices.sorted { (keys[$0], ties[$0]) < (keys[$1], ties[$1]) }.map { Int32($0) }
      #expect(SmallOrder.indices(keys: keys, ties: ties) == expected, "count \(count), prefix \(prefix)")
    }
  }
}
