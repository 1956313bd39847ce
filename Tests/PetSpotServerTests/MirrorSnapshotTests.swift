import PetSpotDatabase
import PetSpotGeo
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("The database mode's in-memory mirror")
struct MirrorSnapshotTests {
  /// Rows near a few places (with identical coordinates, so ties are broken by `seq`), with mixed
  /// statuses, species in mixed case and update times; `seq` values with gaps so that later rows
  /// can fall between them (a transaction that commits late).
  private func rows(_ count: Int, seqs: some Sequence<Int64>, random: inout SeededRandom, tag: String)
    -> [AnnouncementRow]
  {
    let places = [(48.8566, 2.3522), (-33.87, 151.21), (64.1, -179.99), (64.1, 179.99)]
    let statuses = ["MISSING", "FOUND", "CLOSED", "active", nil]
    let species = ["DOG", "cat", "Cat", "BIRD", nil]
    return zip(0..<count, seqs).map { i, seq in
      let place = places[Int(random.next() % 4)]
      let exact = random.next() % 5 == 0
      let micros = Int64(random.next() % 1_000)
      return AnnouncementRow(
        seq: seq, id: "\(tag)\(seq)", status: statuses[Int(random.next() % 5)],
        species: species[Int(random.next() % 5)], name: random.next() % 2 == 0 ? "Rex \"\(i)\"" : nil,
        latitude: exact ? place.0 : place.0 + random.uniform(-0.2...0.2),
        longitude: exact ? place.1 : min(180, max(-180, place.1 + random.uniform(-0.2...0.2))),
        updatedMicros: micros, updatedAt: "1970-01-01T00:00:00.\(micros)Z")
    }
  }

  private func query(_ parameters: [String: String]) throws -> AnnouncementsQuery {
    try AnnouncementsQuery(parameters: { name in parameters[name].map { Substring($0) } }, filtersAvailable: true)
  }

  @Test("a base with changed rows beside it, and the base rebuilt with them, answer as one base of the final rows")
  func deltaAndRebuildMatchOneBase() throws {
    var random = SeededRandom(seed: 22)
    for round in 0..<6 {
      // Base seqs 10, 20, 30…; changed rows: some replace base rows (same seq), some are new,
      // between base seqs and after them.
      let base = rows(2_000, seqs: stride(from: 10, through: 20_000, by: 10), random: &random, tag: "b")
      var changed = rows(
        300, seqs: (0..<300).map { _ in Int64(random.next() % 2_000 + 1) * 10 }, random: &random, tag: "x")
      for i in changed.indices { changed[i].id = "b\(changed[i].seq)" }  // the same row, changed
      changed += rows(300, seqs: (0..<300).map { Int64($0) * 37 + 5 + Int64(round) }, random: &random, tag: "n")
      changed += rows(50, seqs: (0..<50).map { 30_000 + Int64($0) }, random: &random, tag: "n")
      var latest: [Int64: AnnouncementRow] = [:]
      for row in base + changed { latest[row.seq] = row }
      let final = latest.values.sorted { $0.seq < $1.seq }
      let changedOnce = Array(Dictionary(changed.map { ($0.seq, $0) }, uniquingKeysWith: { $1 }).values)

      let mirrorBase = MirrorBase(rows: base)
      let withDelta = MirrorSnapshot(base: mirrorBase, deltaRows: changedOnce.sorted { $0.seq < $1.seq }, version: 1)
      let rebuilt = MirrorBase(merging: changedOnce, into: mirrorBase)
      let reference = MirrorBase(rows: final)
      // Column by column (species by name: codes differ between bases).
      func names(_ b: MirrorBase) -> [String?] { (0..<b.count).map { b.species.value(at: $0) } }
      #expect(rebuilt.seqs == reference.seqs)
      #expect(rebuilt.json.bytes == reference.json.bytes)
      #expect(names(rebuilt) == names(reference))
      #expect(rebuilt.updatedMicros == reference.updatedMicros)
      let referenceSnapshot = MirrorSnapshot(base: reference, deltaRows: [], version: 1)
      let rebuiltSnapshot = MirrorSnapshot(base: rebuilt, deltaRows: [], version: 1)

      for _ in 0..<60 {
        let places = [(48.8566, 2.3522), (-33.87, 151.21), (64.1, 180), (64.1, -180)]
        let place = places[Int(random.next() % 4)]
        var parameters = [
          "lat": "\(place.0)", "lng": "\(place.1)", "range": "\(random.uniform(0...40_000))",
        ]
        if random.next() % 2 == 0 { parameters["limit"] = "\(random.next() % 60)" }
        if random.next() % 3 == 0 { parameters["status"] = ["missing", "FOUND"][Int(random.next() % 2)] }
        if random.next() % 3 == 0 { parameters["species"] = ["cat", "DOG", "bird", "FISH"][Int(random.next() % 4)] }
        if random.next() % 3 == 0 { parameters["since"] = "1970-01-01T00:00:00.000\(random.next() % 900 + 100)Z" }
        let q = try query(parameters)
        let expected = referenceSnapshot.answer(q)
        #expect(withDelta.answer(q) == expected, "\(parameters)")
        #expect(rebuiltSnapshot.answer(q) == expected, "\(parameters)")
      }
    }
  }

  @Test("the mirror applies changes, rebuilds in the background, and serves the final rows")
  func mirrorRebuilds() async throws {
    var random = SeededRandom(seed: 23)
    let mirror = AnnouncementMirror(rebuildThreshold: 50)
    #expect(mirror.snapshot(maximumAge: .seconds(60)) == nil)  // not loaded yet
    let base = rows(1_000, seqs: stride(from: 1, through: 1_000, by: 1), random: &random, tag: "b")
    mirror.apply(base, readAt: .now)
    var latest = Dictionary(uniqueKeysWithValues: base.map { ($0.seq, $0) })
    for step in 0..<20 {
      var batch = rows(20, seqs: (0..<20).map { _ in Int64(random.next() % 1_000 + 1) }, random: &random, tag: "x")
      for i in batch.indices { batch[i].id = "b\(batch[i].seq)" }
      batch += rows(10, seqs: (0..<10).map { 1_001 + Int64(step * 10 + $0) }, random: &random, tag: "n")
      batch = Array(Dictionary(batch.map { ($0.seq, $0) }, uniquingKeysWith: { $1 }).values)
      for row in batch { latest[row.seq] = row }
      mirror.apply(batch, readAt: .now)
      try await Task.sleep(for: .milliseconds(5))
    }
    // Let the last background rebuild finish (a utility-priority task: under a loaded test run it
    // may wait its turn for seconds), then compare with one base of the final rows.
    var snapshot = try #require(mirror.snapshot(maximumAge: .seconds(60)))
    for _ in 0..<600 where snapshot.delta.count >= 50 + 30 {
      try await Task.sleep(for: .milliseconds(50))
      snapshot = try #require(mirror.snapshot(maximumAge: .seconds(60)))
    }
    #expect(snapshot.delta.count < 50 + 30)
    let reference = MirrorSnapshot(
      base: MirrorBase(rows: latest.values.sorted { $0.seq < $1.seq }), deltaRows: [], version: 0)
    for center in ["48.8566", "-33.87", "64.1"] {
      let q = try query(["lat": center, "lng": center == "48.8566" ? "2.3522" : "151.21", "range": "50000"])
      #expect(snapshot.answer(q) == reference.answer(q))
    }
    #expect(mirror.snapshot(maximumAge: .zero) == nil)  // not confirmed within no time
  }
}
