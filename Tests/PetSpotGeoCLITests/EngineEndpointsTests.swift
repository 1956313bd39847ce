import Foundation
import PetSpotTestSupport
import Testing

/// `GET /radius` and `GET /callout` (what the playground page shows beside the clusters) against
/// the `radius` and `callout` commands, and the page itself.
@Suite("petspot-geo serve: /radius and /callout answer as the commands do; the playground is served", .serialized)
struct EngineEndpointsTests {
  @Test("/radius: the radius command's JSON for every camera form; /callout: the callout command's placement")
  func matchTheCommands() async throws {
    let server = try ServeCommandTests.Server()
    defer { _ = server.stop() }
    let requests = ClustersEndpointTests.requests()
    let radius = try CLIRunner.run(["radius", "--batch"], stdin: requests.map(\.line).joined(separator: "\n") + "\n")
    try #require(radius.lines.count == requests.count)
    for (k, request) in requests.enumerated() {
      let (status, body) = try await server.get("/radius?\(request.query)")
      #expect(status == 200)
      let answer = try ClustersEndpointTests.object(body)
      let expected = try ClustersEndpointTests.object(Data(radius.lines[k].utf8))
      #expect(NSDictionary(dictionary: answer).isEqual(to: expected), "\(request.query)")
    }
    var random = SeededRandom(seed: 31)
    for _ in 0..<40 {
      let (width, height) = (random.uniform(200.0...1600.0), random.uniform(300.0...1000.0))
      let (x, y) = (random.uniform(-20.0...(width + 20)), random.uniform(-20.0...(height + 20)))
      let (cardWidth, cardHeight) = (random.uniform(60.0...260.0), random.uniform(40.0...240.0))
      let (status, body) = try await server.get(
        "/callout?width=\(width)&height=\(height)&x=\(x)&y=\(y)&cardWidth=\(cardWidth)&cardHeight=\(cardHeight)")
      #expect(status == 200)
      let line =
        #"{"viewport":{"width":\#(width),"height":\#(height)},"pin":{"x":\#(x),"y":\#(y)},"callout":{"width":\#(cardWidth),"height":\#(cardHeight)}}"#
      let expected = try CLIRunner.run(["callout", "--batch"], stdin: line + "\n")
      #expect(String(decoding: body, as: UTF8.self) == expected.lines.first, "\(line)")
    }
    for (query, expectedField) in [
      ("width=390&height=844&x=1&y=2&cardWidth=0&cardHeight=9", "cardWidth"),
      ("width=390&height=844&x=1&cardWidth=10&cardHeight=9", "y"),
      ("width=-1&height=844&x=1&y=2&cardWidth=10&cardHeight=9", "width"),
      ("width=390&height=844&x=nan&y=2&cardWidth=10&cardHeight=9", "x"),
    ] {
      let (status, body) = try await server.get("/callout?\(query)")
      let field = try ClustersEndpointTests.object(body)["field"] as? String
      #expect(status == 400 && field == expectedField, "\(query)")
    }
    let (status, body) = try await server.get("/radius?lat=1&lng=2&width=390&height=844")
    let field = try ClustersEndpointTests.object(body)["field"] as? String
    #expect(status == 400 && field == "latDelta")
  }

  @Test("GET / and /playground.js: the page and its script, no other files")
  func playgroundIsServed() async throws {
    let server = try ServeCommandTests.Server()
    defer { _ = server.stop() }
    let (pageStatus, page) = try await server.get("/")
    let html = String(decoding: page, as: UTF8.self)
    #expect(pageStatus == 200 && html.contains("<canvas id=\"map\">") && html.contains("src=\"/playground.js\""))
    let (scriptStatus, script) = try await server.get("/playground.js")
    #expect(scriptStatus == 200 && String(decoding: script, as: UTF8.self).contains("/clusters?"))
    // Nothing on the page reaches beyond the server (no CDN, no tile server).
    for text in [html, String(decoding: script, as: UTF8.self)] {
      #expect(!text.contains("http://") && !text.contains("https://"))
    }
    #expect(try await server.get("/playground.css").status == 404)
  }
}
