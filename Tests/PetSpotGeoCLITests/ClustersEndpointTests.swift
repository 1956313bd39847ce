import Foundation
import PetSpotTestSupport
import Testing

/// `GET /clusters` against the real server, compared with the `cluster` command on the same
/// pins file (species counted, as the server does): the same items for every camera form, option
/// and filter; the same transitions as
/// `cluster --batch --transitions`; errors naming the parameter.
@Suite("petspot-geo serve: GET /clusters answers as the cluster command does", .serialized)
struct ClustersEndpointTests {
  /// A camera as query parameters and as the cluster command's JSON line.
  struct Request {
    var query: String
    var line: String
  }

  /// Random cameras of every form over the bundled pins (fixed seed), with options and filters.
  static func requests() -> [Request] {
    var random = SeededRandom(seed: 23)
    var requests: [Request] = []
    for k in 0..<24 {
      let lat = random.uniform(43.0...50.0)
      let lng = random.uniform(-1.0...7.0)
      let span = [0.02, 0.3, 2.0, 12.0][k % 4]
      let (width, height) = k % 3 == 0 ? (390.0, 844.0) : (1280.0, 800.0)
      var query = "width=\(width)&height=\(height)"
      var line = "\"width\":\(width),\"height\":\(height)"
      if k % 6 == 5 {
        // Corner form: a rotated quadrilateral around (lat, lng).
        let (a, b) = (span / 2, span / 3)
        let corners = [(lat + a, lng - b), (lat + b, lng + a), (lat - a, lng + b), (lat - b, lng - a)]
        query += "&corners=" + corners.map { "\($0.0),\($0.1)" }.joined(separator: ",")
        line += ",\"corners\":[" + corners.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
      } else {
        query += "&lat=\(lat)&lng=\(lng)&latDelta=\(span)&lngDelta=\(span * 1.3)"
        line += ",\"lat\":\(lat),\"lng\":\(lng),\"latDelta\":\(span),\"lngDelta\":\(span * 1.3)"
        if k % 2 == 1 {
          let heading = random.uniform(0.0...360.0)
          query += "&heading=\(heading)"
          line += ",\"heading\":\(heading)"
        }
        if k % 4 == 3 {
          let pitch = random.uniform(10.0...60.0)
          query += "&pitch=\(pitch)"
          line += ",\"pitch\":\(pitch)"
        }
      }
      if k % 5 == 2 {
        query += "&minSeparation=60&maxZoom=16"
        line += ",\"minSeparation\":60,\"maxZoom\":16"
      }
      switch k % 7 {
      case 3:
        query += "&status=FOUND,closed"
        line += ",\"filter\":{\"status\":[\"FOUND\",\"closed\"]}"
      case 4:
        query += "&species=dog,Cat&status=MISSING"
        line += ",\"filter\":{\"species\":[\"DOG\",\"CAT\"],\"status\":[\"MISSING\"]}"
      default: break
      }
      requests.append(Request(query: query, line: "{" + line + "}"))
    }
    return requests
  }

  static func object(_ data: Data) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: data) as! [String: Any]
  }

  static func same(_ a: Any?, _ b: Any?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return (a as! NSObject).isEqual(b)
  }

  @Test("every camera form, options and status filters: the cluster command's items; transitions through tokens")
  func matchesTheClusterCommand() async throws {
    let server = try ServeCommandTests.Server()
    defer { _ = server.stop() }
    let requests = Self.requests()
    let cli = try CLIRunner.run(
      [
        "cluster", "--pins", ServeCommandTests.pinsPath, "--batch", "--transitions", "--filterable", "--aggregate",
        "species:counts",
      ],
      stdin: requests.map(\.line).joined(separator: "\n") + "\n")
    #expect(cli.status == 0, "\(cli.stderr)")
    let lines = cli.lines
    try #require(lines.count == requests.count)
    var token: String?
    for (k, request) in requests.enumerated() {
      let path = "/clusters?\(request.query)" + (token.map { "&previous=\($0)" } ?? "")
      let (status, body) = try await server.get(path)
      #expect(status == 200, "\(path): \(String(decoding: body, as: UTF8.self))")
      let answer = try Self.object(body)
      let expected = try Self.object(Data(lines[k].utf8))
      #expect(Self.same(answer["items"], expected["items"]), "request \(k): \(request.query)")
      #expect(Self.same(answer["zoom"], expected["zoom"]) && Self.same(answer["level"], expected["level"]))
      // The command's first line has every item appear; the server says nothing without previous.
      if k > 0 {
        #expect(Self.same(answer["transitions"], expected["transitions"]), "transitions into request \(k)")
      } else {
        #expect(answer["transitions"] == nil)
      }
      token = answer["token"] as? String
      #expect(token?.isEmpty == false)
    }
  }

  @Test("bad parameters get 400 naming the parameter; fuzzed query strings never crash it")
  func badInput() async throws {
    let server = try ServeCommandTests.Server()
    defer { _ = server.stop() }
    let camera = "lat=48.85&lng=2.35&latDelta=0.3&lngDelta=0.3&width=390&height=844"
    for (query, field) in [
      ("lat=48.85&lng=2.35&latDelta=0.3&width=390&height=844", "lngDelta"),
      ("lat=91&lng=2.35&latDelta=0.3&lngDelta=0.3&width=390&height=844", "lat"),
      ("lat=nan&lng=2.35&latDelta=0.3&lngDelta=0.3&width=390&height=844", "lat"),
      ("lat=48.85&lng=2.35&latDelta=0.3&lngDelta=0.3&width=0&height=844", "width"),
      ("\(camera)&pitch=80", "pitch"), ("\(camera)&fov=180", "fov"),
      ("\(camera)&corners=1,2,3,4,5,6,7,8", "latDelta"),
      ("corners=1,2,3,4,5,6,7&width=390&height=844", "corners"),
      ("corners=1,2,3,4,5,6,7,x&width=390&height=844", "corners"),
      ("\(camera)&minSeparation=0", "minSeparation"), ("\(camera)&maxZoom=23", "maxZoom"),
      ("\(camera)&maxZoom=2.5", "maxZoom"), ("\(camera)&previous=%21", "previous"),
      ("\(camera)&previous=bGF0PTkx", "previous"),  // "lat=91": a token of no valid request
      ("\(camera)&width=400", "width"),  // repeated
    ] {
      let (status, body) = try await server.get("/clusters?\(query)")
      #expect(status == 400, "\(query)")
      let object = try Self.object(body)
      #expect(object["field"] as? String == field && (object["error"] as? String)?.isEmpty == false, "\(query)")
    }
    try await ServeCommandTests.fuzz(
      server, path: "/clusters", alphabet: "latngwidhepcorsmxZSu=&%0123456789.-+eE,;NaINF ", seed: 9, maxLength: 60)
    #expect(try await server.get("/clusters?\(camera)").status == 200, "still alive")
  }
}
