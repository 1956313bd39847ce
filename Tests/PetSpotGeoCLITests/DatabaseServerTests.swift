import Foundation
import PetSpotTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `serve --database` and `db` against a real PostgreSQL 15 + PostGIS cluster (``TestPostgres``),
/// every test on a database of its own. Serialized: one test stops the cluster on purpose.
@Suite("serve on PostgreSQL + PostGIS (real cluster, end to end)", .serialized)
struct DatabaseServerTests {
  typealias Server = ServeCommandTests.Server

  static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data").standardized.path

  /// A valid found-report payload (what `found-report validate` prints) near (lat, lng).
  static func report(_ lat: Double = 48.857, _ lng: Double = 2.352, species: String = "DOG") -> [String: Any] {
    [
      "species": species, "sex": "FEMALE", "breed": "Beagle", "lastSeenDate": "2026-11-20",
      "lastSeenLatitude": lat, "lastSeenLongitude": lng, "microchipNumber": "123456789012345",
      "description": "red collar", "email": "finder@example.org", "phone": "+48 123 456 789", "status": "FOUND",
    ]
  }

  static func post(_ server: Server, _ object: [String: Any], key: String? = nil) async throws -> (
    status: Int, headers: [AnyHashable: Any], json: [String: Any]
  ) {
    var headers = ["Content-Type": "application/json"]
    if let key { headers["Idempotency-Key"] = key }
    let body = try JSONSerialization.data(withJSONObject: object)
    let answer = try await server.request("POST", "/announcements", headers: headers, body: body)
    return (
      answer.status, answer.headers, (try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any]) ?? [:]
    )
  }

  static func ids(_ server: Server, _ query: String) async throws -> [String] {
    let (status, body) = try await server.get("/announcements?\(query)")
    #expect(status == 200, "\(query)")
    let items = (try JSONSerialization.jsonObject(with: body) as? [[String: Any]]) ?? []
    return items.compactMap { $0["id"] as? String }
  }

  /// Polls until `condition` holds or `seconds` pass; the seconds it took, or nil.
  static func within(_ seconds: Double, _ condition: () async throws -> Bool) async throws -> Double? {
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
      if try await condition() { return Date().timeIntervalSince(start) }
      try await Task.sleep(for: .milliseconds(10))
    }
    return nil
  }

  @Test("db migrate is versioned and idempotent (also run twice at once); db import keeps ids, counts invalid rows")
  func migrateAndImport() throws {
    let url = TestPostgres.freshDatabase("migrate")
    let first = try CLIRunner.run(["db", "migrate", "--database", url])
    #expect(first.status == 0 && first.stdout == #"{"schemaVersion":1,"applied":[1]}"# + "\n", "\(first.stderr)")
    let again = try CLIRunner.run(["db", "migrate", "--database", url])
    #expect(again.stdout == #"{"schemaVersion":1,"applied":[]}"# + "\n")
    // Two at once on a new database: the advisory lock lets exactly one apply version 1.
    let racing = TestPostgres.freshDatabase("race")
    let results = [0, 1].map { _ in DispatchQueue.global() }.enumerated().map { _, queue in
      let box = ResultBox()
      queue.async(group: ResultBox.group) { box.result = try? CLIRunner.run(["db", "migrate", "--database", racing]) }
      return box
    }
    ResultBox.group.wait()
    let outputs = results.compactMap { $0.result?.stdout }.sorted()
    #expect(
      outputs == [#"{"schemaVersion":1,"applied":[1]}"# + "\n", #"{"schemaVersion":1,"applied":[]}"# + "\n"].sorted())

    let pins = "\(Self.dataDirectory)/pins.csv"
    let imported = try CLIRunner.run([
      "db", "import", "--database", url, "--pins", pins, "--properties", "species,lastSeenDate", "--batch-size", "7000",
    ])
    let summary = try CLIRunner.object(imported.stdout)
    #expect(imported.status == 0 && summary["imported"] as? Int == 30_357 && summary["invalid"] as? Int == 0)
    #expect(
      TestPostgres.psql("SELECT count(*), count(DISTINCT seq), min(seq), max(seq) FROM announcements", url: url)
        == "30357|30357|1|30357\n")
    #expect(
      TestPostgres.psql("SELECT id, species, last_seen_date FROM announcements ORDER BY seq LIMIT 1", url: url)
        == "s0|CAT|2026-02-10\n")
    // Re-importing updates by id, keeps the tie order (seq), normalises statuses, skips invalid rows.
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "reimport-\(UInt32.random(in: 0...9999)).csv")
    try "id,lat,lng,status\ns0,10.5,20.25,active\nbad,91,0,FOUND\nnew1,1,2,\n".write(
      to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let update = try CLIRunner.run(["db", "import", "--database", url, "--pins", file.path])
    let counts = try CLIRunner.object(update.stdout)
    #expect(update.status == 0 && counts["imported"] as? Int == 2 && counts["invalid"] as? Int == 1)
    // (A sequence may skip values: the updated row drew one too. Only the order matters.)
    #expect(
      TestPostgres.psql(
        """
        SELECT seq = 1, seq > 30357, status, latitude, longitude, species FROM announcements
        WHERE id IN ('s0', 'new1') ORDER BY seq
        """, url: url) == "t|f|MISSING|10.5|20.25|CAT\nf|t||1|2|\n")
  }

  @Test("1,000 random queries: the database server answers exactly as the file server on the same 100k pins")
  func sameAnswersAsFileMode() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "db-same-\(UInt32.random(in: 0...9999)).csv")
    defer { try? FileManager.default.removeItem(at: file) }
    let generated = try CLIRunner.run([
      "generate", "--count", "100000", "--seed", "22", "--shelters", "40", "--details", "--output", file.path,
      "--places", "\(Self.dataDirectory)/geonames-places.csv",
    ])
    #expect(generated.status == 0, "\(generated.stderr)")
    let url = TestPostgres.freshDatabase("same")
    let imported = try CLIRunner.run(["db", "import", "--database", url, "--pins", file.path])
    #expect(imported.status == 0, "\(imported.stderr)")
    let fileServer = try Server(["--pins", file.path])
    let dbServer = try Server(["--database", url])
    defer {
      _ = fileServer.stop()
      _ = dbServer.stop()
    }
    var random = SeededRandom(seed: 2_211)
    let statuses = ["", "&status=MISSING", "&status=found"]
    var compared = 0
    for i in 0..<1_000 {
      // Centres near pins (dense answers, shelters' exact ties) and anywhere; ranges 1 m to 5,000 km.
      let lat = i % 2 == 0 ? random.uniform(-60...70) : random.uniform(-89.9...89.9)
      let lng = random.uniform(-180...180)
      let range = (pow(10, random.uniform(0...6.7))).rounded()
      let limit = i % 3 == 0 ? "" : "&limit=\(Int(random.uniform(0...300)))"
      let query = "lat=\(lat)&lng=\(lng)&range=\(range)\(statuses[i % 3])\(limit)"
      let expected = try await Self.ids(fileServer, query)
      let actual = try await Self.ids(dbServer, query)
      #expect(actual == expected, "\(query)")
      compared += expected.count
    }
    #expect(compared > 50_000, "the queries returned announcements to compare")
  }

  @Test("POST, PATCH and idempotency on one instance are seen by another within 1 s; contact fields never returned")
  func writesAcrossInstances() async throws {
    let url = TestPostgres.freshDatabase("writes")
    #expect(try CLIRunner.run(["db", "migrate", "--database", url]).status == 0)
    let a = try Server([], environment: ["PETSPOT_DATABASE_URL": url])
    let b = try Server(["--database", url])
    defer {
      _ = a.stop()
      _ = b.stop()
    }
    let near = "lat=48.857&lng=2.352&range=50"
    #expect(try await Self.ids(b, near) == [])
    let created = try await Self.post(a, Self.report(), key: "key-1")
    let id = try #require(created.json["id"] as? String)
    #expect(created.status == 201)
    let seen = try await Self.within(1.0) { try await Self.ids(b, near) == [id] }
    #expect(seen != nil, "the other instance sees the POST within 1 s")

    // Replays: same key and body (any member order, caregiver fields dropped) → same id, nothing new.
    var reordered = Self.report()
    reordered["caregiverPhone"] = "+48 999 999 999"
    let replay = try await Self.post(b, reordered, key: "key-1")
    #expect(replay.status == 200 && replay.json["id"] as? String == id)
    let conflict = try await Self.post(a, Self.report(species: "CAT"), key: "key-1")
    #expect(conflict.status == 409 && conflict.json["field"] as? String == "Idempotency-Key")
    #expect(TestPostgres.psql("SELECT count(*) FROM announcements", url: url) == "1\n")
    #expect(!TestPostgres.psql("SELECT request FROM idempotency_keys", url: url).contains("caregiver"))
    #expect(
      TestPostgres.psql("SELECT finder_email, microchip FROM announcements", url: url)
        == "finder@example.org|123456789012345\n")

    // GET never returns contact fields; it adds the database's descriptive fields.
    let (_, body) = try await b.get("/announcements?\(near)")
    let text = String(decoding: body, as: UTF8.self)
    #expect(
      !text.contains("finder@") && !text.contains("email") && !text.contains("phone") && !text.contains("microchip"))
    let item = try #require((try JSONSerialization.jsonObject(with: body) as? [[String: Any]])?.first)
    #expect(
      item["status"] as? String == "FOUND" && item["species"] as? String == "DOG"
        && item["breed"] as? String == "Beagle")
    #expect(item["lastSeenLatitude"] as? Double == 48.857 && (item["updatedAt"] as? String)?.hasSuffix("Z") == true)

    // PATCH on b, seen on a; the ETag of a changes and If-None-Match answers 304 while nothing changes.
    let before = try await a.request("GET", "/announcements?\(near)")
    let etag = try #require(before.headers["Etag"] as? String ?? before.headers["ETag"] as? String)
    let notModified = try await a.request("GET", "/announcements?\(near)", headers: ["If-None-Match": etag])
    #expect(notModified.status == 304 && notModified.body.isEmpty)
    let patched = try await b.request(
      "PATCH", "/announcements/\(id)", headers: ["Content-Type": "application/json"],
      body: Data(#"{"status":"closed"}"#.utf8))
    #expect(patched.status == 200 && String(decoding: patched.body, as: UTF8.self).contains(#""status":"CLOSED""#))
    let closedSeen = try await Self.within(1.0) {
      try await a.request("GET", "/announcements?\(near)", headers: ["If-None-Match": etag]).status == 200
    }
    #expect(closedSeen != nil)
    #expect(try await Self.ids(a, "\(near)&status=FOUND") == [])
    let missing = try await b.request(
      "PATCH", "/announcements/no-such-id", headers: ["Content-Type": "application/json"],
      body: Data(#"{"status":"FOUND"}"#.utf8))
    #expect(missing.status == 404)
    let wrongStatus = try await b.request(
      "PATCH", "/announcements/\(id)", headers: ["Content-Type": "application/json"],
      body: Data(#"{"status":"LOST"}"#.utf8))
    #expect(wrongStatus.status == 422)

    // species (case-insensitive) and since.
    let cat = try await Self.post(a, Self.report(48.8571, 2.3521, species: "Cat"))
    let catId = try #require(cat.json["id"] as? String)
    _ = try await Self.within(1.0) { try await Self.ids(a, near).count == 2 }
    #expect(try await Self.ids(a, "\(near)&species=cAT") == [catId])
    #expect(try await Self.ids(a, "\(near)&species=DOG") == [id])
    #expect(try await Self.ids(a, "\(near)&species=HAMSTER") == [])
    #expect(try await Self.ids(a, "\(near)&since=2000-01-01T00:00:00%2B02:00").count == 2)
    #expect(try await Self.ids(a, "\(near)&since=2999-01-01T00:00:00Z") == [])
    for (query, field) in [
      ("\(near)&since=yesterday", "since"), ("\(near)&species=", "species"), ("\(near)&limit=10001", "limit"),
    ] {
      let (status, answer) = try await a.get("/announcements?\(query)")
      let object = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
      #expect(status == 400 && object?["field"] as? String == field, "\(query)")
    }
  }

  @Test("POST refusals: 422 naming the payload's fields, 400 malformed JSON, 413 beyond 64 KB, 415 not JSON, 405")
  func postRefusals() async throws {
    let url = TestPostgres.freshDatabase("refusals")
    let server = try Server(["--database", url])
    defer { _ = server.stop() }
    var bad = Self.report()
    bad["lastSeenLatitude"] = "48.8"
    bad["microchipNumber"] = "12-34"
    bad["lastSeenDate"] = "2026-02-30"
    bad["email"] = 5
    bad["status"] = "MISSING"
    let refused = try await Self.post(server, bad)
    let errors = (refused.json["errors"] as? [[String: Any]]) ?? []
    let fields = Set(errors.compactMap { $0["field"] as? String })
    #expect(refused.status == 422)
    #expect(fields == ["lastSeenLatitude", "microchipNumber", "lastSeenDate", "email", "status"], "\(errors)")
    #expect(errors.allSatisfy { $0["code"] is String && $0["message"] is String })
    let json = ["Content-Type": "application/json"]
    let malformed = try await server.request("POST", "/announcements", headers: json, body: Data("{\"species\":".utf8))
    #expect(malformed.status == 400)
    let large = try await server.request(
      "POST", "/announcements", headers: json, body: Data(repeating: 0x20, count: 64 * 1024 + 1))
    #expect(large.status == 413)
    let text = try await server.request(
      "POST", "/announcements", headers: ["Content-Type": "text/plain"], body: Data("{}".utf8))
    #expect(text.status == 415)
    let put = try await server.request("PUT", "/announcements")
    #expect(put.status == 405 && (put.headers["Allow"] as? String) == "GET, HEAD, POST")
    #expect(TestPostgres.psql("SELECT count(*) FROM announcements", url: url) == "0\n")
  }

  @Test("usage: --pins with --database, neither, a bad URL; a database without PostGIS is refused clearly")
  func usage() throws {
    let url = TestPostgres.freshDatabase("usage")
    for arguments in [
      ["serve", "--pins", ServeCommandTests.pinsPath, "--database", url], ["serve"],
      ["serve", "--database", "mysql://x@y/z"], ["db", "migrate", "--database", "postgres://host-without-user/db"],
      ["db", "import", "--database", url, "--pins", ServeCommandTests.pinsPath, "--properties", "colour"],
    ] {
      let result = try CLIRunner.run(arguments)
      #expect(result.status == 2 && result.stderr.lowercased().contains("error"), "\(arguments): \(result.stderr)")
    }
    let bare = TestPostgres.freshDatabase("bare", postgis: false)
    let refused = try CLIRunner.run(["db", "migrate", "--database", bare])
    #expect(refused.status == 1 && refused.stderr.contains("CREATE EXTENSION postgis"), "\(refused.stderr)")
  }

  @Test("the database stops: 503 with Retry-After, /health degraded; it restarts: the server recovers by itself")
  func databaseDown() async throws {
    let url = TestPostgres.freshDatabase("down")
    let server = try Server(["--database", url])
    defer { _ = server.stop() }
    #expect(try await Self.post(server, Self.report()).status == 201)
    TestPostgres.pause()
    let unavailable = try await Self.within(3) {
      try await server.get("/announcements?lat=0&lng=0&range=1").status == 503
    }
    #expect(unavailable != nil)
    let get = try await server.request("GET", "/announcements?lat=0&lng=0&range=1")
    #expect(get.status == 503 && Int(get.headers["Retry-After"] as? String ?? "") != nil)
    let health = try await server.request("GET", "/health")
    #expect(health.status == 503 && String(decoding: health.body, as: UTF8.self) == #"{"status":"degraded"}"#)
    let started = Date()
    let post = try await Self.post(server, Self.report())
    #expect(post.status == 503 && Int(post.headers["Retry-After"] as? String ?? "") != nil)
    #expect(Date().timeIntervalSince(started) < 5, "an answer, not a hang")
    TestPostgres.resume()
    let back = try await Self.within(15) { try await server.get("/health").status == 200 }
    #expect(back != nil, "reconnected by itself")
    #expect(try await Self.post(server, Self.report()).status == 201)
  }

  @Test("2,000 POSTs with idempotency keys while PostgreSQL crashes and restarts: every acknowledged id stored once")
  func postsSurviveACrash() async throws {
    let url = TestPostgres.freshDatabase("fault")
    // A rebuild of the in-memory index every 64 changed rows: ~30 rebuilds during the run.
    let server = try Server(["--database", url, "--rebuild-rows", "64"])
    defer { _ = server.stop() }
    let tally = FaultTally()
    let total = 2_000
    let crash = Task {
      while await tally.acknowledged < 400 { try await Task.sleep(for: .milliseconds(5)) }
      TestPostgres.pause()
      try await Task.sleep(for: .milliseconds(1_500))
      TestPostgres.resume()
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<8 {
        group.addTask {
          for k in stride(from: worker, to: total, by: 8) {
            var report = Self.report(40 + Double(k) / 1_000, 10)
            report["description"] = "report \(k)"
            while true {
              await tally.count(.attempt)
              do {
                let answer = try await Self.post(server, report, key: "fault-\(k)")
                if answer.status == 201 || answer.status == 200, let id = answer.json["id"] as? String {
                  await tally.acknowledge(key: k, id: id, replay: answer.status == 200)
                  break
                }
                #expect(answer.status == 503, "only 503 while the database is away, got \(answer.status)")
                await tally.count(.unavailable)
              } catch {
                await tally.count(.connectionError)
              }
              try await Task.sleep(for: .milliseconds(50))
            }
          }
        }
      }
      try await group.waitForAll()
    }
    try await crash.value
    let acknowledged = await tally.ids
    #expect(acknowledged.count == total)
    let stored = TestPostgres.psql("SELECT key, announcement_id FROM idempotency_keys", url: url)
      .split(separator: "\n").map { $0.split(separator: "|").map(String.init) }
    let storedByKey = Dictionary(stored.map { ($0[0], $0[1]) }, uniquingKeysWith: { a, _ in a })
    #expect(stored.count == total && storedByKey.count == total, "one row per key")
    #expect(
      acknowledged.allSatisfy { storedByKey["fault-\($0.key)"] == $0.value }, "every key maps to its acknowledged id")
    let counts = TestPostgres.psql(
      "SELECT count(*), count(DISTINCT id), count(DISTINCT description) FROM announcements", url: url)
    #expect(counts == "\(total)|\(total)|\(total)\n", "no duplicates: \(counts)")
    // After the rebuilds, the whole earth's answer is every stored row, nearest first — once the
    // follower has read the last commits (reads lag writes by up to a poll; the promise is ≤ 1 s).
    var everything: [String] = []
    let caughtUp = try await Self.within(3) {
      everything = try await Self.ids(server, "lat=40&lng=10&range=30000000")
      return everything.count == total
    }
    #expect(caughtUp != nil, "the mirror holds \(everything.count) of \(total) rows 3 s after the last commit")
    #expect(everything.count == total && Set(everything) == Set(acknowledged.values))
    #expect(everything.first == acknowledged[0] && everything.last == acknowledged[total - 1], "nearest first")
    let summary = await tally.summary
    print("fault test: \(summary)")
    #expect(await tally.unavailable + tally.connectionErrors > 0, "the crash was seen by the clients")
  }
}

/// What the fault test's clients saw.
private actor FaultTally {
  enum Event { case attempt, unavailable, connectionError }
  var attempts = 0
  var unavailable = 0
  var connectionErrors = 0
  var replays = 0
  var ids: [Int: String] = [:]
  var acknowledged: Int { ids.count }

  func count(_ event: Event) {
    switch event {
    case .attempt: attempts += 1
    case .unavailable: unavailable += 1
    case .connectionError: connectionErrors += 1
    }
  }

  func acknowledge(key: Int, id: String, replay: Bool) {
    ids[key] = id
    if replay { replays += 1 }
  }

  var summary: String {
    "\(attempts) POSTs sent, \(ids.count) acknowledged (\(replays) of them replays of a committed key), "
      + "\(unavailable) answered 503, \(connectionErrors) connection errors"
  }
}

/// A result filled on another queue (read after the group is waited for).
private final class ResultBox: @unchecked Sendable {
  static let group = DispatchGroup()
  var result: CLIRunner.Result?
}
