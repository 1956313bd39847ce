import PetSpotCore
import PetSpotTestSupport
import Testing

/// The cluster id table filled bucket by bucket (as a large build fills it) against the same
/// table filled entry by entry, and both against a linear search of the hashes.
@Suite("Clusters: the id table's bucketed fill")
struct ClusterTableTests {
  /// Every hash of `hashes` finds its lowest-numbered entry, and none of `absent` is found, in the
  /// table filled both ways.
  private func expectSameAnswers(_ hashes: [UInt64], absent: [UInt64], _ context: String) {
    let bucketed = ClusterTable(idHashes: hashes, bucketedFrom: 0)
    let plain = ClusterTable(idHashes: hashes, bucketedFrom: .max)
    var first: [UInt64: UInt32] = [:]
    for (entry, hash) in hashes.enumerated() where first[hash] == nil { first[hash] = UInt32(entry) }
    var wrong = 0
    for hash in hashes {
      let (b, p) = (bucketed.find(hash, idHashes: hashes), plain.find(hash, idHashes: hashes))
      if b != first[hash] || p != first[hash] { wrong += 1 }
    }
    #expect(wrong == 0, "\(context): \(wrong) of \(hashes.count) hashes found at the wrong entry")
    for hash in absent where first[hash] == nil {
      #expect(bucketed.find(hash, idHashes: hashes) == nil, "\(context): absent \(hash) found")
      #expect(plain.find(hash, idHashes: hashes) == nil, "\(context): absent \(hash) found")
    }
  }

  @Test("random hashes, with repeats, at sizes across several ranges of slots (fixed seeds)")
  func randomHashes() {
    var random = SeededRandom(seed: 0xC1_7AB1E)
    for count in [0, 1, 2, 17, 1_000, 40_000, 150_000] {
      var hashes = (0..<count).map { _ in random.next() }
      // Repeated hashes (a cluster id is a sum of leaf hashes): a tenth of the entries.
      for _ in 0..<(count / 10) where count > 1 {
        hashes[Int(random.next() % UInt64(count))] = hashes[Int(random.next() % UInt64(count))]
      }
      let absent = (0..<1_000).map { _ in random.next() }
      expectSameAnswers(hashes, absent: absent, "\(count) random hashes")
    }
  }

  @Test("hashes whose homes crowd the end of the table wrap to its start")
  func wrapAround() {
    var random = SeededRandom(seed: 0x3A_11E2)
    // 5,000 homes in the last 64th of the table: their run of probes passes the end and continues
    // at slot 0, among the entries of the first range.
    let crowded = (0..<5_000).map { _ in UInt64.max - random.next() % (UInt64(1) << 58) }
    let spread = (0..<100_000).map { _ in random.next() }
    let absent = (0..<1_000).map { _ in UInt64.max - random.next() % (UInt64(1) << 58) }
    expectSameAnswers(spread + crowded, absent: absent, "crowded end")
    // And one home for all: a single run of probes around the whole end.
    expectSameAnswers([UInt64](repeating: .max, count: 3_000) + [0, 1, .max - 1], absent: [2, 3], "one home")
  }

  @Test("hashes crowded into one range of slots and the next")
  func crowdedRange() {
    var random = SeededRandom(seed: 0xB0C_4E7)
    // 3,000 homes within a few hundred slots of one another, just before a range ends: a run of
    // probes that crosses into the following range, which has entries of its own. (130,000
    // entries at a load of three quarters: 173,334 slots, ranges of 32,768; a hash h has its home
    // at h · 173,334 / 2⁶⁴, so hashes just under 0.5671 · 2⁶⁴ have homes just under 98,304.)
    let rangeEnd = UInt64(0.5671 * 0x1p64)
    let crowded = (0..<3_000).map { _ in rangeEnd - random.next() % (UInt64(1) << 56) }
    let spread = (0..<100_000).map { _ in random.next() }
    expectSameAnswers(crowded + spread, absent: (0..<1_000).map { _ in random.next() }, "crowded range")
  }
}
