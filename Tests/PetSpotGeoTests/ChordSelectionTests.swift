import PetSpotTestSupport
import Testing

@testable import PetSpotGeo

@Suite("Selecting the k smallest chords (the server's nearest-limit query)")
struct ChordSelectionTests {
  /// Chord arrays of every shape that troubles a quickselect: random, sorted, reversed, all equal,
  /// few distinct values (coincident pins), organ pipe.
  private func shapes(_ n: Int, random: inout SeededRandom) -> [[Double]] {
    let values = (0..<n).map { _ in random.uniform(0...300_000) }
    return [
      values, values.sorted(), values.sorted().reversed(), Array(repeating: 42, count: n),
      (0..<n).map { _ in Double(random.next() % 3) }, (0..<n).map { Double(min($0, n - $0)) },
    ]
  }

  @Test("the k smallest come first, for every k and shape, with and without the sort fallback")
  func smallestFirst() {
    var random = SeededRandom(seed: 2_111)
    for n in [2, 3, 7, 64, 501, 2_000] {
      for chords in shapes(n, random: &random) {
        let sorted = chords.sorted()
        for k in Set([1, 2, n / 3, n / 2, n - 1].filter { $0 > 0 && $0 < n }) {
          for rounds in [nil, 0, 1, 3] as [Int?] {
            var candidates = chords.enumerated().map { ChordCandidate(position: $0.offset, chord: $0.element) }
            ChordCandidate.selectSmallest(k, in: &candidates, rounds: rounds)
            // Same multiset of positions, the first k are the k smallest chords.
            #expect(Set(candidates.map(\.position)) == Set(0..<n))
            #expect(candidates[..<k].map(\.chord).sorted() == Array(sorted[..<k]), "n \(n) k \(k)")
            #expect(candidates[..<k].allSatisfy { $0.chord <= sorted[k - 1] })
            #expect(candidates[k...].allSatisfy { $0.chord >= sorted[k - 1] })
          }
        }
      }
    }
  }
}
