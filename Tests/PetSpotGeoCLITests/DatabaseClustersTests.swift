import Foundation
import PetSpotTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DatabaseServerTests {
  @Test(
    "GET /clusters on a database: the file server's answers on the same rows; POST and PATCH show as in a fresh index")
  func clustersFollowTheTable() async throws {
    let url = TestPostgres.freshDatabase("clusters")
    let imported = try CLIRunner.run([
      "db", "import", "--database", url, "--pins", ServeCommandTests.pinsPath, "--properties", "species",
    ])
    #expect(imported.status == 0, "\(imported.stderr)")
    let fileServer = try Server()
    let dbServer = try Server(["--database", url])
    defer {
      _ = fileServer.stop()
      _ = dbServer.stop()
    }
    // Every camera form, options, filters and tokens: the same answers (the rows in import order).
    var token: String?
    for request in ClustersEndpointTests.requests().prefix(12) {
      let path = "/clusters?\(request.query)" + (token.map { "&previous=\($0)" } ?? "")
      let (fileStatus, fileBody) = try await fileServer.get(path)
      let (dbStatus, dbBody) = try await dbServer.get(path)
      #expect(fileStatus == 200 && dbStatus == 200, "\(path)")
      #expect(dbBody == fileBody, "\(path)")
      token = try ClustersEndpointTests.object(fileBody)["token"] as? String
    }

    // A found report near Paris and a status change: the next answers equal the cluster command's
    // over the file with the new row appended and the changed row's status (a fresh index).
    let created = try await Self.post(dbServer, Self.report(48.8571, 2.3519))
    let id = try #require(created.json["id"] as? String)
    let patched = try await dbServer.request(
      "PATCH", "/announcements/s141", headers: ["Content-Type": "application/json"],
      body: Data(#"{"status":"closed"}"#.utf8))
    #expect(patched.status == 200)
    let seen = try await Self.within(2.0) {
      let closed = try await dbServer.get("/announcements?lat=49.0495&lng=2.4291&range=100&status=MISSING").body
      return try await Self.ids(dbServer, "lat=48.8571&lng=2.3519&range=1") == [id]
        && !String(decoding: closed, as: UTF8.self).contains("\"s141\"")
    }
    #expect(seen != nil, "the mirror follows the writes")
    var lines = try String(contentsOfFile: ServeCommandTests.pinsPath, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let at = try #require(lines.firstIndex { $0.hasPrefix("s141,") })
    var fields = lines[at].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    fields[3] = "CLOSED"
    lines[at] = fields.joined(separator: ",")
    lines.insert("\(id),48.8571,2.3519,FOUND,,DOG,2026-11-20", at: lines.count - 1)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("clusters-\(id).csv")
    try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    for (query, line) in [
      (
        "lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844",
        #"{"lat":48.8566,"lng":2.3522,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844}"#
      ),
      (
        "lat=48.8566&lng=2.3522&latDelta=0.002&lngDelta=0.002&width=390&height=844&status=FOUND",
        #"{"lat":48.8566,"lng":2.3522,"latDelta":0.002,"lngDelta":0.002,"width":390,"height":844,"filter":{"status":["FOUND"]}}"#
      ),
      (
        "lat=49.0495&lng=2.4291&latDelta=0.05&lngDelta=0.05&width=390&height=844",
        #"{"lat":49.0495,"lng":2.4291,"latDelta":0.05,"lngDelta":0.05,"width":390,"height":844}"#
      ),
      (
        "lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844&species=dog",
        #"{"lat":48.8566,"lng":2.3522,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844,"filter":{"species":["DOG"]}}"#
      ),
    ] {
      let expected = try CLIRunner.run(
        ["cluster", "--pins", file.path, "--batch", "--filterable", "--aggregate", "species:counts"], stdin: line + "\n"
      )
      let (status, body) = try await dbServer.get("/clusters?\(query)")
      #expect(status == 200)
      let answer = try ClustersEndpointTests.object(body)
      let reference = try ClustersEndpointTests.object(Data(expected.stdout.utf8))
      #expect(ClustersEndpointTests.same(answer["items"], reference["items"]), "\(query)")
    }
    let (_, paris) = try await dbServer.get(
      "/clusters?lat=48.8571&lng=2.3519&latDelta=0.0005&lngDelta=0.0005&width=390&height=844")
    #expect(String(decoding: paris, as: UTF8.self).contains(id), "the new row is on the map")
  }

  @Test("cluster builds never hold up the server: /health answers 200 throughout three builds asked for at once")
  func buildsLeaveTheServerFree() async throws {
    let url = TestPostgres.freshDatabase("builds")
    let imported = try CLIRunner.run(["db", "import", "--database", url, "--pins", ServeCommandTests.pinsPath])
    #expect(imported.status == 0, "\(imported.stderr)")
    let server = try Server(["--database", url])
    defer { _ = server.stop() }
    let camera = "/clusters?lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844"
    let done = Atomic<Bool>(false)
    let clock = ContinuousClock()
    // Three indexes the server has not made (its own included), asked for at once: built one after
    // another. Before, each build ran on its request's thread of Swift's pool and a request waiting
    // for a build held another: /health waited seconds, then answered 503 (the mirror unconfirmed).
    async let builds = clock.measure {
      await withTaskGroup(of: Int.self) { group in
        for options in ["", "&minSeparation=50", "&maxZoom=14"] {
          group.addTask { (try? await server.get(camera + options).status) ?? 0 }
        }
        for await status in group { #expect(status == 200) }
      }
      done.store(true, ordering: .releasing)
    }
    var (answers, longest) = ([Int](), Duration.zero)
    while !done.load(ordering: .acquiring) {
      let started = clock.now
      answers.append(try await server.get("/health").status)
      longest = max(longest, clock.now - started)
    }
    let took = await builds
    #expect(!answers.isEmpty && answers.allSatisfy { $0 == 200 }, "\(answers)")
    #expect(longest < took / 4, "the longest /health took \(longest) of the builds' \(took)")
  }
}
