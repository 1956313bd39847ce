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

  @Test(
    "changes noted while the table is filled elsewhere, then made, leave the table the changes make in place",
    arguments: [1_000, 200_000])
  func recordedChanges(count: Int) {
    var random = SeededRandom(seed: 0x7AB_1E5 &+ UInt64(count))
    let filled = (0..<count).map { _ in random.next() }
    // A repair's changes: filled entries removed, re-hashed (removed and inserted again, as
    // a cluster whose members changed), removed and reused for a new entry; new entries, one of
    // them removed again. Applied to a plain table as they come, and noted by a stand-in.
    var hashes = filled
    var direct = ClusterTable(idHashes: filled, bucketedFrom: 0)
    var stand = ClusterTable.recordingChanges(since: count)
    var live = Set(0..<UInt32(count))
    func remove(_ c: UInt32) {
      direct.remove(c, hash: hashes[Int(c)], idHashes: hashes)
      stand.remove(c, hash: hashes[Int(c)], idHashes: hashes)
      live.remove(c)
    }
    func insert(_ c: UInt32, hash: UInt64) {
      if Int(c) == hashes.count { hashes.append(hash) } else { hashes[Int(c)] = hash }
      direct.insert(c, hash: hash, idHashes: hashes)
      stand.insert(c, hash: hash, idHashes: hashes)
      live.insert(c)
    }
    for _ in 0..<(count / 20) {
      let c = UInt32(random.next() % UInt64(count))
      guard live.contains(c) else { continue }
      remove(c)
      switch random.next() % 3 {
      case 0: insert(c, hash: random.next())  // re-hashed
      case 1: insert(c, hash: random.next() % 2 == 0 ? random.next() : filled[Int(c)])  // back, maybe as it was
      default: break  // gone
      }
    }
    for _ in 0..<(count / 50) { insert(UInt32(hashes.count), hash: random.next()) }
    remove(UInt32(hashes.count - 1))
    // The stand-in found nothing meanwhile; the filled table with the noted changes made answers
    // like the plain one: every live entry under its hash now, nothing else.
    #expect(stand.find(hashes[0], idHashes: hashes) == nil)
    var table = ClusterTable(filling: ClusterTable.Fill(count: count) { filled[$0] }, bucketedFrom: 0)
    table.apply(changesOf: stand, idHashes: hashes)
    #expect(table.count == live.count && direct.count == live.count)
    let wrong = (0..<UInt32(hashes.count)).filter { c in
      let expected: UInt32? = live.contains(c) ? c : nil
      return table.find(hashes[Int(c)], idHashes: hashes) != expected
        || direct.find(hashes[Int(c)], idHashes: hashes) != expected
    }
    #expect(wrong.isEmpty, "\(wrong.count) entries answered wrongly, first \(wrong.prefix(5))")
    // The old hashes of re-hashed entries find nothing (no entry left under them).
    let stale = (0..<count).filter { c in
      filled[c] != hashes[c] && table.find(filled[c], idHashes: hashes) != nil
    }
    #expect(stale.isEmpty)
  }
}
