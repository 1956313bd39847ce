import PetSpotCore
import Testing

/// A neighbour search of the Z-ordered list joins the block ranges of the cells it meets, so that
/// it reads each block once: four ranges in fixed storage, more in an array (a rounding of the
/// cells' bounds can add a column or a row).
@Suite("Block ranges: the union of a search's cells")
struct BlockRangesTests {
  @Test("joined ranges are in order, apart, and cover exactly the blocks added, for 1 to 9 ranges")
  func unionEqualsCoveredBlocks() {
    var random = SplitMix64(seed: 0xB10C)
    for trial in 0..<4_000 {
      var ranges = BlockRanges()
      var covered = Set<Int>()
      let count = 1 + trial % 9
      for _ in 0..<count {
        // Small numbers: ranges that overlap, touch, nest and repeat.
        let start = Int(random.next() % 40)
        let range = start...(start + Int(random.next() % 6))
        ranges.add(range)
        covered.formUnion(range)
      }
      ranges.join()
      let joined = (0..<ranges.count).map { ranges[$0] }
      let apart = zip(joined, joined.dropFirst()).allSatisfy { $0.upperBound + 1 < $1.lowerBound }
      let blocks = joined.flatMap { Array($0) }
      #expect(apart && blocks == covered.sorted(), "trial \(trial): \(joined)")
    }
  }
}
