import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real server on a free loopback port, driven over HTTP.
@Suite("petspot-geo serve and fetch (end to end over HTTP)", .serialized)
struct ServeCommandTests {
  static let pinsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data/pins.csv").standardized.path

  /// A running `petspot-geo serve`; stopped with SIGTERM.
  final class Server: @unchecked Sendable {
    // @unchecked: `process` is started in init and only terminated in stop(); `port` never changes.
    let process = Process()
    let port: Int

    /// `petspot-geo serve ARGUMENTS --port 0` (by default on Data/pins.csv), with `environment`
    /// added to this process's.
    init(_ arguments: [String] = ["--pins", ServeCommandTests.pinsPath], environment: [String: String] = [:]) throws {
      process.executableURL = CLIRunner.binary
      process.arguments = ["serve"] + arguments + ["--port", "0"]
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
      var text = ""
      while !text.contains("\n") {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { break }
        text += String(decoding: chunk, as: UTF8.self)
      }
      guard let port = Int(text.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
      else {
        process.terminate()
        throw CocoaError(.fileReadCorruptFile)
      }
      self.port = port
    }

    func get(_ path: String) async throws -> (status: Int, body: Data) {
      let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
      let (data, response) = try await URLSession.shared.data(from: url)
      return ((response as! HTTPURLResponse).statusCode, data)
    }

    /// Any method and path, with optional headers and body; status, headers and body.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws
      -> (status: Int, headers: [AnyHashable: Any], body: Data)
    {
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
      request.httpMethod = method
      request.httpBody = body
      for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
      let (data, response) = try await URLSession.shared.data(for: request)
      let http = response as! HTTPURLResponse
      return (http.statusCode, http.allHeaderFields, data)
    }

    /// SIGTERM and wait; returns the exit status.
    func stop() -> Int32 {
      process.terminate()
      process.waitUntilExit()
      return process.terminationStatus
    }
  }

  @Test("every pin a camera can see is in the answer to the engine's query, and nothing beyond the range")
  func endToEndGuarantee() async throws {
    let server = try Server()
    let pins = try PinSet.load(path: Self.pinsPath)
    let engine = try GeoEngine()
    var random = SeededRandom(seed: 77)
    for i in 0..<300 {
      let kinds: [CameraKind] = [.city, .country, .antimeridian, .rotated, .polar, .city]
      let camera = random.camera(kinds[i % kinds.count])
      let query = engine.fetchQuery(for: camera)
      let (status, body) = try await server.get("/announcements?\(query.queryString)")
      #expect(status == 200)
      let items = try JSONSerialization.jsonObject(with: body) as! [[String: Any]]
      let answered = Set(items.map { $0["id"] as! String })
      for position in try pins.visible(in: CameraView(camera)) {
        #expect(
          answered.contains(pins.ids[Int(position)]),
          "pin \(pins.ids[Int(position)]) in view of \(camera) missing from \(query.queryString)")
      }
      var previous = 0.0
      for item in items {
        let distance = engine.geodesicDistance(
          from: query.center,
          to: GeoCoordinate(
            latitude: item["lastSeenLatitude"] as! Double, longitude: item["lastSeenLongitude"] as! Double))
        #expect(distance <= Double(query.range), "beyond the range")
        #expect(distance >= previous, "nearest first")
        previous = distance
      }
    }
    #expect(server.stop() == 0, "SIGTERM shuts down cleanly")
  }

  @Test("status and limit; the whole earth beyond half a meridian; range 0")
  func parameters() async throws {
    let server = try Server()
    defer { _ = server.stop() }
    let all =
      try JSONSerialization.jsonObject(with: try await server.get("/announcements?lat=0&lng=0&range=30000000").body)
      as! [Any]
    #expect(all.count == 30_357)
    let missing =
      try JSONSerialization.jsonObject(
        with: try await server.get("/announcements?lat=48.8566&lng=2.3522&range=50000&status=missing").body)
      as! [[String: Any]]
    #expect(!missing.isEmpty && missing.allSatisfy { $0["status"] as? String == "MISSING" })
    let limited =
      try JSONSerialization.jsonObject(
        with: try await server.get("/announcements?lat=48.8566&lng=2.3522&range=50000&limit=3").body) as! [Any]
    #expect(limited.count == 3)
    let zero = try await server.get("/announcements?lat=48.8566&lng=2.3522&range=0")
    #expect(zero.status == 200)
  }

  @Test("bad parameters get 400 with the field; other paths 404; fuzzed query strings never crash it")
  func badInput() async throws {
    let server = try Server()
    defer { _ = server.stop() }
    for (query, field) in [
      ("lat=91&lng=0&range=1", "lat"), ("lat=0&lng=abc&range=1", "lng"), ("lat=0&lng=0", "range"),
      ("lat=0&lng=0&range=-1", "range"), ("lat=nan&lng=0&range=1", "lat"), ("lat=0&lng=0&range=inf", "range"),
      ("lat=0&lng=0&range=1&status=LOST", "status"), ("lat=0&lng=0&range=1&limit=2.5", "limit"),
      ("lng=0&range=1", "lat"),
    ] {
      let (status, body) = try await server.get("/announcements?\(query)")
      #expect(status == 400, "\(query)")
      let object = try JSONSerialization.jsonObject(with: body) as! [String: Any]
      #expect(object["field"] as? String == field && (object["error"] as? String)?.isEmpty == false, "\(query)")
    }
    #expect(try await server.get("/elsewhere").status == 404)
    try await Self.fuzz(server, path: "/announcements", alphabet: "latngrsuimo=&%0123456789.-+eE,;NaINF ", seed: 3)
    #expect(try await server.get("/health").status == 200, "still alive")
  }

  /// 300 random query strings over `alphabet` (fixed seed) on `path`: each answered 200 or 400.
  static func fuzz(_ server: Server, path: String, alphabet: String, seed: UInt64, maxLength: UInt64 = 40)
    async throws
  {
    var random = SeededRandom(seed: seed)
    let alphabet = Array(alphabet)
    for _ in 0..<300 {
      let length = Int(random.next() % maxLength)
      let raw = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      let query = raw.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? ""
      let (status, _) = try await server.get("\(path)?\(query)")
      #expect(status == 200 || status == 400, "\(raw) → \(status)")
    }
  }

  @Test("fetch: the client side, and its errors")
  func fetch() async throws {
    let server = try Server()
    let ok = try CLIRunner.run([
      "fetch", "--server", "http://127.0.0.1:\(server.port)", "--center", "48.8566,2.3522", "--span", "0.3,0.3",
      "--viewport", "390x844",
    ])
    #expect(ok.status == 0)
    let object = try CLIRunner.object(ok.lines[0])
    #expect(
      (object["visible"] as? [String])?.isEmpty == false
        && (object["fetched"] as? Int ?? 0) >= (object["visible"] as? [String])?.count ?? 0)
    let notFound = try CLIRunner.run([
      "fetch", "--server", "http://127.0.0.1:\(server.port)/nope", "--center", "0,0", "--span", "1,1", "--viewport",
      "10x10",
    ])
    #expect(notFound.status == 1 && notFound.stderr.contains("404"))
    _ = server.stop()
    let refused = try CLIRunner.run([
      "fetch", "--server", "http://127.0.0.1:\(server.port)", "--center", "0,0", "--span", "1,1", "--viewport", "10x10",
    ])
    #expect(refused.status == 1 && refused.stderr.contains("cannot fetch"))
  }

  @Test("HTTP details and limits: HEAD, 405, repeated parameters, 414, the limit cap")
  func httpDetailsAndLimits() async throws {
    let server = try Server()
    defer { _ = server.stop() }
    let head = try await server.request("HEAD", "/health")
    #expect(head.status == 200 && head.body.isEmpty)
    let headQuery = try await server.request("HEAD", "/announcements?lat=48.85&lng=2.35&range=500")
    #expect(headQuery.status == 200 && headQuery.body.isEmpty)
    for method in ["POST", "PUT", "DELETE"] {
      let refused = try await server.request(method, "/health")
      #expect(refused.status == 405 && (refused.headers["Allow"] as? String) == "GET, HEAD", "\(method)")
      let object = try JSONSerialization.jsonObject(with: refused.body) as? [String: Any]
      #expect((object?["error"] as? String)?.contains(method) == true)
    }
    for (query, field) in [
      ("lat=1&lat=2&lng=0&range=1", "lat"), ("lat=1&lng=0&range=1&range=2", "range"),
      ("lat=1&lng=0&range=1&limit=10001", "limit"), ("lat=1&lng=0&range=1&species=DOG", "species"),
      ("lat=1&lng=0&range=1&since=2026-01-01T00:00:00Z", "since"),
    ] {
      let (status, body) = try await server.get("/announcements?\(query)")
      let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
      #expect(status == 400 && object?["field"] as? String == field, "\(query)")
    }
    for length in [9_000, 100_000] {
      let long = String(repeating: "a", count: length)
      let (status, body) = try await server.get("/announcements?lat=1&lng=0&range=1&pad=\(long)")
      let object = try JSONSerialization.jsonObject(with: body) as? [String: Any]
      #expect(status == 414 && (object?["error"] as? String)?.contains("8192") == true, "\(length)")
    }
    // Without limit every match: the whole earth holds all 30,357 pins of Data/pins.csv.
    let (status, body) = try await server.get("/announcements?lat=0&lng=0&range=30000000")
    let all = try JSONSerialization.jsonObject(with: body) as? [Any]
    #expect(status == 200 && all?.count == 30_357)
    let capped = try await server.get("/announcements?lat=0&lng=0&range=30000000&limit=10000")
    #expect((try JSONSerialization.jsonObject(with: capped.body) as? [Any])?.count == 10_000)
    #expect(try await server.get("/health").status == 200, "still alive")
  }

}

/// The server under concurrent requests (`make sanitize-thread` runs it with the ThreadSanitizer
/// build of the binary): 200 requests in flight at once, every answer identical to the same request
/// asked alone.
@Suite("Server concurrency", .serialized)
struct ServerConcurrencyTests {
  @Test("200 concurrent requests answer as they do one by one; the server exits cleanly")
  func concurrentRequests() async throws {
    let server = try ServeCommandTests.Server()
    do {
      let queries = (0..<20).map { i in "/announcements?lat=\(48 + Double(i) / 10)&lng=2.35&range=\(5_000 * (i + 1))" }
      var expected: [String: Data] = [:]
      for query in queries { expected[query] = try await server.get(query).body }
      try await withThrowingTaskGroup(of: (String, Int, Data).self) { group in
        for k in 0..<200 {
          let query = queries[k % queries.count]
          group.addTask {
            let (status, body) = try await server.get(query)
            return (query, status, body)
          }
        }
        for try await (query, status, body) in group {
          #expect(status == 200 && body == expected[query], "\(query)")
        }
      }
    } catch {
      _ = server.stop()
      throw error
    }
    // A ThreadSanitizer build (make sanitize-thread) exits 66 after any report.
    #expect(server.stop() == 0, "clean exit after SIGTERM")
  }
}
