import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("petspot-geo cluster (the built binary)")
struct ClusterCommandTests {
  static let pinsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data/pins.csv").standardized.path

  static func cameraLine(_ c: Camera, extra: String = "") -> String {
    #"{"lat":\#(c.center.latitude),"lng":\#(c.center.longitude),"latDelta":\#(c.latitudeDelta),"lngDelta":\#(c.longitudeDelta),"width":\#(c.width),"height":\#(c.height),"heading":\#(c.heading)\#(extra)}"#
  }

  /// Checks one output line field by field against the contract and the brute-force visibility
  /// (of the pins `filter` shows, when given; items then carry `extraKeys` too, e.g. aggregates).
  static func checkLine(
    _ line: String, camera: Camera, pins: PinSet, minSeparation: Double, withLeaves: Bool,
    filter: ClusterFilter? = nil, extraKeys: Set<String> = []
  ) throws {
    let object = try CLIRunner.object(line)
    #expect(object["zoom"] is Double || object["zoom"] is Int)
    let items = try #require(object["items"] as? [[String: Any]])
    let position = Dictionary(uniqueKeysWithValues: (0..<pins.count).map { (pins.ids[$0], $0) })
    var shown = [Int: Int]()
    for (k, item) in items.enumerated() {
      let kind = try #require(item["kind"] as? String)
      let keys = Set(item.keys).subtracting(extraKeys)
      switch kind {
      case "pin":
        #expect(keys == ["kind", "id", "lat", "lng", "x", "y", "status"], "\(keys)")
      case "spider":
        #expect(keys == ["kind", "id", "lat", "lng", "x", "y", "anchorX", "anchorY", "status"], "\(keys)")
      case "cluster":
        #expect(
          keys
            == Set(
              ["kind", "id", "count", "lat", "lng", "x", "y", "statusCounts", "expansionZoom"]
                + (withLeaves ? ["leaves"] : [])), "\(keys)")
        let counts = try #require(item["statusCounts"] as? [String: Int])
        #expect(
          counts.values.reduce(0, +) == item["count"] as? Int && counts["MISSING"] != nil && counts["FOUND"] != nil)
        #expect((item["id"] as? String)?.hasPrefix("cluster:") == true && item["expansionZoom"] is Int)
      default:
        Issue.record("unknown kind \(kind)")
      }
      let id = try #require(item["id"] as? String)
      let leaves = kind == "cluster" ? (item["leaves"] as? [String] ?? []) : [id]
      if kind == "cluster" && withLeaves { #expect(leaves.count == item["count"] as? Int) }
      for leaf in leaves {
        let p = try #require(position[leaf])
        #expect(FilterReference.shows(filter, p, in: pins), "pin \(leaf) hidden by the filter")
        #expect(shown[p] == nil, "pin \(leaf) twice")
        shown[p] = k
      }
      let x = try #require(item["x"] as? Double ?? (item["x"] as? Int).map(Double.init))
      let y = try #require(item["y"] as? Double ?? (item["y"] as? Int).map(Double.init))
      // Invariant 6: drawn inside the viewport (every item holds a pin in view).
      #expect(
        x >= -1e-6 && x <= camera.width + 1e-6 && y >= -1e-6 && y <= camera.height + 1e-6,
        "item \(k) (\(kind)) drawn at (\(x), \(y)), outside \(camera.width) × \(camera.height)")
      for other in items[..<k] {
        let ox = other["x"] as? Double ?? Double(other["x"] as! Int)
        let oy = other["y"] as? Double ?? Double(other["y"] as! Int)
        #expect(
          ((x - ox) * (x - ox) + (y - oy) * (y - oy)).squareRoot() >= minSeparation * (1 - 1e-9), "items too close")
      }
    }
    guard withLeaves else { return }
    let reference = VisibilityReference(camera: camera, padding: 0)
    for (k, item) in items.enumerated() {
      let leaves = item["kind"] as? String == "cluster" ? (item["leaves"] as? [String] ?? []) : [item["id"] as! String]
      #expect(
        leaves.contains { leaf in
          position[leaf].map {
            reference.isVisible(latitude: pins.latitudes[$0], longitude: pins.longitudes[$0])
              || reference.isBorderline(latitude: pins.latitudes[$0], longitude: pins.longitudes[$0])
          } ?? false
        }, "item \(k) holds no pin in view")
    }
    for i in 0..<pins.count where shown[i] == nil && FilterReference.shows(filter, i, in: pins) {
      let (lat, lng) = (pins.latitudes[i], pins.longitudes[i])
      #expect(
        !reference.isVisible(latitude: lat, longitude: lng) || reference.isBorderline(latitude: lat, longitude: lng),
        "pin \(pins.ids[i]) lost")
    }
  }

  @Test("batch over Data/pins.csv: 120 random cameras and options, every line follows the contract")
  func batch() throws {
    let pins = try PinSet.load(path: Self.pinsPath)
    var random = SeededRandom(seed: 44)
    var input = ""
    var expectations: [(Camera, Double)] = []
    for i in 0..<120 {
      let camera: Camera
      if i % 2 == 0 {
        camera = random.camera(CameraKind.allCases[i / 2 % CameraKind.allCases.count])
      } else {
        let pin = Int(random.next() % UInt64(pins.count))
        let zoom = random.uniform(0...21)
        camera = try Camera(
          center: pins.coordinate(at: pin), latitudeDelta: 1e-9, longitudeDelta: 360 * 1280 / (256 * pow(2, zoom)),
          width: 1280, height: 800,
          heading: random.uniform(0...360))
      }
      let separation = [44.0, 60, 30][i % 3]
      input += Self.cameraLine(camera, extra: #","minSeparation":\#(separation),"maxZoom":\#(14 + i % 7)"#) + "\n"
      expectations.append((camera, separation))
    }
    let result = try CLIRunner.run(["cluster", "--pins", Self.pinsPath, "--batch", "--with-leaves"], stdin: input)
    #expect(result.status == 0, "\(result.stderr)")
    try #require(result.lines.count == expectations.count)
    for (line, (camera, separation)) in zip(result.lines, expectations) {
      try Self.checkLine(line, camera: camera, pins: pins, minSeparation: separation, withLeaves: true)
    }
  }

  @Test("single mode over Paris; a shelter spiderfied at zoom 21; GeoJSON")
  func singleMode() throws {
    let pins = try PinSet.load(path: Self.pinsPath)
    let paris = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 0.5, longitudeDelta: 0.5, width: 390,
      height: 844)
    let run = try CLIRunner.run([
      "cluster", "--pins", Self.pinsPath, "--center", "48.8566,2.3522", "--span", "0.5,0.5", "--viewport", "390x844",
      "--with-leaves",
    ])
    #expect(run.status == 0 && run.lines.count == 1)
    try Self.checkLine(run.lines[0], camera: paris, pins: pins, minSeparation: 44, withLeaves: true)

    let shelter = try #require((0..<pins.count).first { pins.ids[$0].hasPrefix("shelter") })
    let c = pins.coordinate(at: shelter)
    let span = 360 * 390 / (256 * pow(2, 21.0))
    let spider = try CLIRunner.run([
      "cluster", "--pins", Self.pinsPath, "--center", "\(c.latitude),\(c.longitude)", "--span", "\(span / 10),\(span)",
      "--viewport", "390x844",
    ])
    let items = try #require(try CLIRunner.object(spider.lines[0])["items"] as? [[String: Any]])
    let legs = items.filter { $0["kind"] as? String == "spider" }
    #expect(legs.count >= 20 && !items.contains { $0["kind"] as? String == "cluster" }, "\(items.count) items")
    for leg in legs {
      #expect(
        abs((leg["anchorX"] as? Double ?? 0) - 195) < 1e-6 && abs((leg["anchorY"] as? Double ?? 0) - 422) < 1e-6,
        "legs start at the shelter")
    }

    let geo = try CLIRunner.run([
      "cluster", "--pins", Self.pinsPath, "--center", "48.8566,2.3522", "--span", "0.5,0.5", "--viewport", "390x844",
      "--format", "geojson",
    ])
    let collection = try CLIRunner.object(geo.lines[0])
    let plain = try #require(try CLIRunner.object(run.lines[0])["items"] as? [[String: Any]])
    let features = try #require(collection["features"] as? [[String: Any]])
    #expect(collection["type"] as? String == "FeatureCollection" && features.count == plain.count)
    for (feature, item) in zip(features, plain) {
      let coordinates = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
      #expect(coordinates == [item["lng"] as? Double, item["lat"] as? Double].compactMap { $0 }, "[lng, lat]")
      #expect((feature["properties"] as? [String: Any])?["id"] as? String == item["id"] as? String)
    }
  }

  @Test("--reveal and a batch line's \"reveal\": the item holding the pin, and a camera that shows it alone")
  func reveal() throws {
    let pins = try PinSet.load(path: Self.pinsPath)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let paris = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 0.5, longitudeDelta: 0.5, width: 390,
      height: 844)
    // A pin inside a cluster over Paris, found through the library (the reference).
    let result = index.items(in: CameraView(paris))
    let cluster = try #require(result.items.firstIndex { ($0.cluster?.count ?? 0) > 3 })
    let leaf = index.leaves(of: result.items[cluster].cluster!)[1]
    let id = pins.ids[leaf]
    let run = try CLIRunner.run([
      "cluster", "--pins", Self.pinsPath, "--center", "48.8566,2.3522", "--span", "0.5,0.5", "--viewport", "390x844",
      "--reveal", id,
    ])
    #expect(run.status == 0 && run.lines.count == 1, "\(run.stderr)")
    try Self.checkLine(run.lines[0], camera: paris, pins: pins, minSeparation: 44, withLeaves: false)
    let reveal = try #require(try CLIRunner.object(run.lines[0])["reveal"] as? [String: Any])
    #expect(reveal["id"] as? String == id && reveal["item"] as? Int == cluster && reveal["shownAlone"] as? Bool == true)
    let expected = try #require(index.reveal(position: leaf, in: result, from: paris))
    #expect(reveal["level"] as? Int == expected.level)
    // The camera it gives, fed back: the pin is an item of its own there.
    let camera = try #require(reveal["camera"] as? [String: Any])
    let line = String(decoding: try JSONSerialization.data(withJSONObject: camera), as: UTF8.self)
    let again = try CLIRunner.run(["cluster", "--pins", Self.pinsPath, "--batch"], stdin: line + "\n")
    let items = try #require(try CLIRunner.object(again.lines[0])["items"] as? [[String: Any]])
    #expect(items.contains { $0["id"] as? String == id && $0["kind"] as? String != "cluster" }, "shown alone")

    // Batch: per line, or the flag's id by default; a pin out of view has "item": null; errors name "reveal".
    let good = Self.cameraLine(paris)
    let input = [
      Self.cameraLine(paris, extra: #","reveal":"\#(pins.ids[0])""#), good,
      Self.cameraLine(paris, extra: #","reveal":"no-such-pin""#), Self.cameraLine(paris, extra: #","reveal":7"#),
    ].joined(separator: "\n")
    let batch = try CLIRunner.run(["cluster", "--pins", Self.pinsPath, "--batch", "--reveal", id], stdin: input)
    #expect(batch.status == 1 && batch.lines.count == 4)
    let first = try #require(try CLIRunner.object(batch.lines[0])["reveal"] as? [String: Any])
    #expect(first["id"] as? String == pins.ids[0])
    let firstItem = try #require(index.reveal(position: 0, in: result, from: paris)).item
    #expect(firstItem.map { first["item"] as? Int == $0 } ?? (first["item"] is NSNull), "as the library says")
    #expect((try CLIRunner.object(batch.lines[1])["reveal"] as? [String: Any])?["id"] as? String == id)
    #expect(try CLIRunner.object(batch.lines[2])["field"] as? String == "reveal")
    #expect(try CLIRunner.object(batch.lines[3])["field"] as? String == "reveal")
    let unknown = try CLIRunner.run([
      "cluster", "--pins", Self.pinsPath, "--center", "48.85,2.35", "--span", "1,1", "--viewport", "390x844",
      "--reveal", "no-such-pin",
    ])
    #expect(unknown.status == 1 && unknown.stderr.contains("no pin with id 'no-such-pin'"))
  }

  @Test("--batch --transitions: each line's transitions from the last answered line, as the library gives them")
  func transitions() throws {
    let pins = try PinSet.load(path: Self.pinsPath)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let cameras = try [(0.5, 0.0), (0.25, 0.01), (1.0, -0.02), (4.0, 0.3), (0.5, 0.0)].map { span, shift in
      try Camera(
        center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522 + shift), latitudeDelta: span,
        longitudeDelta: span, width: 390, height: 844)
    }
    // A bad line in the middle: answered with an error, and the next line relates to the one before it.
    var lines = cameras.map { Self.cameraLine($0) }
    lines.insert(#"{"lat":48.85,"lng":2.35,"width":390,"height":844}"#, at: 2)
    let run = try CLIRunner.run(
      ["cluster", "--pins", Self.pinsPath, "--batch", "--transitions"], stdin: lines.joined(separator: "\n"))
    #expect(run.status == 1 && run.lines.count == 6)
    let answered = try [0, 1, 3, 4, 5].map { try CLIRunner.object(run.lines[$0]) }
    #expect(try CLIRunner.object(run.lines[2])["field"] != nil)
    var previous: ClusterResult?
    for (k, (object, camera)) in zip(answered, cameras).enumerated() {
      let result = index.items(in: CameraView(camera))
      let listed = try #require(object["transitions"] as? [[String: Any]])
      let got = listed.map { t in
        [t["kind"] as? String ?? "?", "\(t["from"] as? [Int] ?? [-1])", "\(t["to"] as? [Int] ?? [-1])"]
      }
      let expected =
        previous.map { index.transitions(from: $0, of: index, to: result) }
        ?? result.items.indices.map { ClusterTransition(kind: .appear, from: [], to: [$0]) }
      #expect(got == expected.map { [$0.kind.rawValue, "\($0.from)", "\($0.to)"] }, "line \(k)")
      previous = result
    }
    let usage = try CLIRunner.run([
      "cluster", "--pins", Self.pinsPath, "--center", "48.85,2.35", "--span", "1,1", "--viewport", "390x844",
      "--transitions",
    ])
    #expect(usage.status == 2 && usage.stderr.contains("--transitions needs --batch"))
  }

  @Test("bad lines get an error naming the field; their neighbours are answered")
  func errors() throws {
    let good = #"{"lat":48.85,"lng":2.35,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844}"#
    let input = [
      good, #"{"lat":48.85,"lng":2.35,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844,"maxZoom":2.5}"#,
      #"{"lat":48.85,"lng":2.35,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844,"minSeparation":-1}"#,
      #"{"lat":48.85,"lng":2.35,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844,"minSeparation":"44"}"#,
      #"{"lat":48.85,"lng":2.35,"latDelta":0.3,"width":390,"height":844}"#, "not json", good,
    ].joined(separator: "\n")
    let result = try CLIRunner.run(["cluster", "--pins", Self.pinsPath, "--batch"], stdin: input)
    #expect(result.status == 1)
    try #require(result.lines.count == 7)
    let fields = try result.lines.map { try CLIRunner.object($0)["field"] as? String }
    #expect(
      fields[1] == "maxZoom" && fields[2] == "minSeparation" && fields[3] == "minSeparation" && fields[4] == "lngDelta")
    #expect(try CLIRunner.object(result.lines[0])["items"] != nil && result.lines[0] == result.lines[6])
    let single = try CLIRunner.run([
      "cluster", "--pins", Self.pinsPath, "--center", "48.85,2.35", "--span", "1,1", "--viewport", "390x844",
      "--min-separation", "0",
    ])
    #expect(single.status == 1 && single.stderr.contains("minSeparation"))
    let usage = try CLIRunner.run(["cluster", "--pins", Self.pinsPath, "--batch", "--center", "48.85,2.35"])
    #expect(usage.status == 2)
  }
}
