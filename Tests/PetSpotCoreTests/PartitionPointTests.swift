import PetSpotCore
import Testing

/// The package's binary search equals a linear search, and never calls its predicate outside the
/// range it is given.
@Suite struct PartitionPointTests {
  @Test("equals the first index not below the key: sorted arrays with repeats, sub-ranges, keys below, among, above")
  func equalsLinearSearch() {
    var random = SplitMix64(seed: 40)
    var cases = 0
    for count in [0, 1, 2, 3, 7, 8, 9, 100, 1000] {
      for _ in 0..<40 {
        let values = (0..<count).map { _ in Int(random.next() % UInt64(count / 2 + 2)) }.sorted()
        let start = count == 0 ? 0 : Int(random.next() % UInt64(count + 1))
        let end = start + (count == start ? 0 : Int(random.next() % UInt64(count - start + 1)))
        for key in -1...(count / 2 + 3) {
          var calls: [Int] = []
          let found = partitionPoint(in: start..<end) {
            calls.append($0)
            return values[$0] < key
          }
          let wanted = (start..<end).first { values[$0] >= key } ?? end
          #expect(found == wanted, "count \(count), range \(start)..<\(end), key \(key)")
          #expect(calls.allSatisfy { (start..<end).contains($0) })
          #expect(calls.count <= Int.bitWidth - (end - start).leadingZeroBitCount)
          cases += 1
        }
      }
    }
    #expect(cases > 10_000)
  }

  @Test("the ends: an empty range, a predicate true throughout and false throughout")
  func ends() {
    #expect(partitionPoint(in: 5..<5) { _ in true } == 5)
    #expect(partitionPoint(in: 3..<9) { _ in true } == 9)
    #expect(partitionPoint(in: 3..<9) { _ in false } == 3)
    #expect(partitionPoint(in: 0..<Int.max) { $0 < Int.max - 1 } == Int.max - 1)
  }
}
