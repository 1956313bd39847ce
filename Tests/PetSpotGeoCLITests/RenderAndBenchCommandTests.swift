import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("petspot-geo render and bench (the built binary)")
struct RenderAndBenchCommandTests {
  static let pinsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data/pins.csv").standardized.path

  /// The elements of an SVG document (it must parse as XML), by name.
  static func elements(_ svg: String) throws -> [(name: String, attributes: [String: String])] {
    final class Collector: NSObject, XMLParserDelegate {
      var elements: [(name: String, attributes: [String: String])] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
      ) {
        elements.append((name, attributes))
      }
    }
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = Collector()
    parser.delegate = collector
    #expect(parser.parse(), "the SVG parses as XML")
    return collector.elements
  }

  @Test(
    "a city: one marker per display item, clusters labelled with their counts, the fetch circle and grey pruned pins")
  func city() throws {
    let camera = ["--center", "48.8566,2.3522", "--span", "0.4,0.4", "--viewport", "390x844"]
    let svg = try CLIRunner.run(
      ["render", "--pins", Self.pinsPath, "--insets", "59,0,34,0", "--fetch-circle", "--show-pruned"] + camera)
    let items = try #require(
      try CLIRunner.object(try CLIRunner.run(["cluster", "--pins", Self.pinsPath] + camera).lines[0])["items"]
        as? [[String: Any]])
    #expect(svg.status == 0)
    let elements = try Self.elements(svg.stdout)
    let markers = elements.filter { $0.name == "circle" && $0.attributes["r"] != "3" && $0.attributes["r"] != "2.5" }
    #expect(markers.count == items.count, "one marker per item")
    let clusters = items.filter { $0["kind"] as? String == "cluster" }
    let labels = elements.filter { $0.name == "text" }.count
    #expect(labels == clusters.count + 1, "a count per cluster and the caption")
    #expect(elements.contains { $0.name == "path" && $0.attributes["stroke-dasharray"] != nil }, "the fetch circle")
    #expect(elements.contains { $0.name == "circle" && $0.attributes["fill"] == "#AEAEB2" }, "pruned pins in grey")
    for colour in ["#FF9500", "#155DFC"] {
      #expect(elements.contains { $0.attributes["fill"] == colour }, "status colour \(colour)")
    }
  }

  @Test("a shelter near the top edge: spider legs and a callout flipped below")
  func shelter() throws {
    try withTemporaryPath(extension: "svg") { path in
      let run = try CLIRunner.run([
        "render", "--pins", Self.pinsPath, "--center", "51.93380,5.231333621275525", "--span", "0.00001,0.001046",
        "--viewport", "390x844",
        "--insets", "59,0,34,0", "--max-zoom", "18", "--select", "shelter0-0", "--card-size", "262x220", "--output",
        path,
      ])
      #expect(run.status == 0 && run.stdout.isEmpty)
      let svg = try String(contentsOfFile: path, encoding: .utf8)
      let elements = try Self.elements(svg)
      #expect(elements.filter { $0.name == "line" }.count == 45, "45 legs")
      #expect(svg.contains("<!-- callout below, fits true -->"))
      let unknown = try CLIRunner.run([
        "render", "--pins", Self.pinsPath, "--center", "51.9338,5.2313", "--span", "0.01,0.01", "--viewport", "390x844",
        "--select", "nobody",
      ])
      #expect(unknown.status == 1 && unknown.stderr.contains("select"))
    }
  }

  @Test("--previous-span: the previous camera's items as ghosts and one arrow per moving part of each transition")
  func transitions() throws {
    let pins = try PinSet.load(path: Self.pinsPath)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let camera = try Camera(
      center: GeoCoordinate(latitude: 51.93, longitude: 5.23), latitudeDelta: 0.25, longitudeDelta: 0.25, width: 390,
      height: 844)
    let before = try Camera(
      center: camera.center, latitudeDelta: 1, longitudeDelta: 1, width: 390, height: 844)
    let (old, new) = (index.items(in: CameraView(before)), index.items(in: CameraView(camera)))
    let transitions = index.transitions(from: old, of: index, to: new)
    // The reference: a split or stay draws an arrow to each new item more than 1 pt from the old
    // one; a merge one from each old item; a regroup one per new item.
    func far(_ i: Int, _ j: Int) -> Bool {
      let (a, b) = (CameraView(camera).screenPoint(of: old.items[i].coordinate), new.items[j].point)
      return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() > 1
    }
    let arrows = transitions.reduce(0) { sum, t in
      switch t.kind {
      case .appear, .disappear: sum
      case .stay, .split: sum + t.to.filter { far(t.from[0], $0) }.count
      case .merge: sum + t.from.count
      case .regroup: sum + t.to.count
      }
    }
    let ghosts = transitions.filter { $0.kind != .disappear }.reduce(0) { $0 + $1.from.count }
    let run = try CLIRunner.run([
      "render", "--pins", Self.pinsPath, "--center", "51.93,5.23", "--span", "0.25,0.25", "--viewport", "390x844",
      "--previous-span", "1,1",
    ])
    #expect(run.status == 0)
    #expect(
      run.stdout.contains("<!-- transitions: \(ghosts) previous items, \(arrows) arrows -->"), "\(ghosts), \(arrows)")
    let elements = try Self.elements(run.stdout)
    #expect(elements.filter { $0.name == "line" && $0.attributes["stroke"] == "#5856D6" }.count == arrows)
    #expect(arrows > 0 && transitions.contains { $0.kind == .split }, "zooming in splits clusters")
    let bad = try CLIRunner.run([
      "render", "--pins", Self.pinsPath, "--center", "51.93,5.23", "--span", "0.25,0.25", "--viewport", "390x844",
      "--previous-span", "0,1",
    ])
    #expect(bad.status == 1 && bad.stderr.contains("previousSpan"))
  }

  @Test("a replayed interaction: the final camera, the fetched announcements and the tapped pin's callout")
  func replay() throws {
    let events = [
      #"{"event":"appear","camera":{"lat":52.23,"lng":21.01,"latDelta":0.05,"lngDelta":0.08,"width":390,"height":844}}"#,
      #"{"event":"fetchSucceeded","requestId":1,"announcements":[{"id":"a1","lastSeenLatitude":52.23,"lastSeenLongitude":21.01,"status":"MISSING"},{"id":"a2","lastSeenLatitude":52.24,"lastSeenLongitude":21.03,"status":"FOUND"}]}"#,
      #"{"event":"tapPin","id":"a2"}"#, "not json",
    ].joined(separator: "\n")
    try withTemporaryPath(extension: "jsonl") { path in
      try events.write(toFile: path, atomically: true, encoding: .utf8)
      let run = try CLIRunner.run(["render", "--replay", path, "--card-size", "262x200"])
      #expect(run.status == 0 && run.stderr.contains("replay line 4"))
      let elements = try Self.elements(run.stdout)
      #expect(elements.filter { $0.name == "circle" && $0.attributes["r"] == "7" }.count == 2, "two announcements")
      #expect(run.stdout.contains("<!-- callout ") && run.stdout.contains("a2 · 52.24"), "the selected pin's callout")
      let both = try CLIRunner.run(["render", "--replay", path, "--pins", Self.pinsPath])
      #expect(both.status == 2)
    }
  }

  @Test("bench --json: a machine line, one row per operation and camera, a memory line")
  func benchJSON() throws {
    let run = try CLIRunner.run([
      "bench", "--generate", "3000", "--places",
      URL(fileURLWithPath: Self.pinsPath).deletingLastPathComponent().appendingPathComponent("geonames-places.csv")
        .path,
      "--operations", "prune-scan,cluster-build,cluster-query,hit-test", "--cameras", "city,world", "--repetitions",
      "3", "--warmup", "1", "--json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let lines = try run.lines.map(CLIRunner.object)
    // machine, prune-scan × 2 cameras, cluster-build (once), cluster-query × 2, hit-test × 2, memory
    let expected = 9
    try #require(lines.count == expected)
    #expect((lines[0]["machine"] as? [String: Any])?["cores"] as? Int ?? 0 >= 1 && lines[0]["pins"] as? Int == 3000)
    let kernel = (lines[0]["machine"] as? [String: Any])?["scanKernel"] as? String
    #expect(["avx512", "avx2", "neon", "portable"].contains(kernel ?? ""), "scan kernel \(kernel ?? "none")")
    for row in lines[1..<(lines.count - 1)] {
      #expect(
        row["medianNs"] as? Int ?? 0 > 0 && row["p90Ns"] != nil && row["p99Ns"] != nil && row["perSecond"] != nil,
        "\(row)")
      // The process's CPU time and minor page faults per repetition.
      let usage = ["cpuUserNs", "cpuSystemNs", "minorFaults"].map { row[$0] as? Int ?? -1 }
      #expect(usage.allSatisfy { $0 >= 0 }, "\(row)")
      if row["operation"] as? String == "cluster-build" { #expect(usage[0] + usage[1] > 0, "\(row)") }
    }
    #expect(lines.last?["peakResidentMB"] as? Int ?? 0 > 0)
    let bad = try CLIRunner.run(["bench", "--generate", "10", "--cameras", "/nonexistent.jsonl"])
    #expect(bad.status != 0 && bad.stderr.contains("cameras"))
  }

  @Test(
    "camera-independent operations (the index and cluster builds, a pin inserted, a pin removed) run once with camera '-', whichever cameras were asked for"
  )
  func benchCameraIndependentOperations() throws {
    let run = try CLIRunner.run([
      "bench", "--generate", "2000", "--places",
      URL(fileURLWithPath: Self.pinsPath).deletingLastPathComponent().appendingPathComponent("geonames-places.csv")
        .path,
      "--operations", "index-build,cluster-build,cluster-insert,cluster-remove,prune-scan,prune-scan-reused",
      "--cameras", "country,world",
      "--repetitions", "2", "--warmup", "0", "--json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try run.lines.map(CLIRunner.object).filter { $0["operation"] != nil }
    let names = rows.map { "\($0["operation"]!)@\($0["camera"] ?? "nil")" }
    #expect(
      names == [
        "index-build@-", "cluster-build@-", "cluster-insert@-", "cluster-remove@-", "prune-scan@country",
        "prune-scan@world", "prune-scan-reused@country",
        "prune-scan-reused@world",
      ], "\(names)")
    // The scan into a reused array finds what the scan finds.
    let hits = rows.filter { "\($0["operation"]!)".hasPrefix("prune-scan") }.map { "\($0["result"]!)" }
    #expect(hits.count == 4 && hits[0] == hits[2] && hits[1] == hits[3], "\(hits)")
    let absurd = try CLIRunner.run(["bench", "--generate", "99999999999999"])
    #expect(absurd.status == 64 || absurd.status == 2, "refused before allocating: \(absurd.status)")
  }

  @Test("bench cluster-filtered: the filtered query beside the unfiltered one; a bad filter is a usage error")
  func benchFiltered() throws {
    let places = URL(fileURLWithPath: Self.pinsPath).deletingLastPathComponent()
      .appendingPathComponent("geonames-places.csv").path
    let run = try CLIRunner.run([
      "bench", "--generate", "3000", "--places", places, "--operations",
      "cluster-query,cluster-filtered,cluster-filter-switch", "--cameras", "country,world", "--filter", "status=FOUND",
      "--filter", "species=CAT", "--repetitions", "2", "--warmup", "0", "--json",
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = try run.lines.map(CLIRunner.object).filter { $0["operation"] != nil }
    let names = rows.map { "\($0["operation"]!)@\($0["camera"] ?? "nil")" }
    #expect(
      names == [
        "cluster-query@country", "cluster-query@world", "cluster-filtered@country", "cluster-filtered@world",
        "cluster-filter-switch@country", "cluster-filter-switch@world",
      ],
      "\(names)")
    for (plain, filtered) in zip(rows[0..<2], rows[2..<4]) {
      #expect(filtered["result"] as? Int ?? 0 > 0 && plain["result"] as? Int ?? 0 > 0, "\(filtered)")
    }
    for row in rows[4..<6] { #expect(row["result"] as? Int ?? 0 > 0, "transitions of the switch: \(row)") }
    let bad = try CLIRunner.run([
      "bench", "--generate", "100", "--places", places, "--operations", "cluster-filtered", "--filter", "species",
    ])
    #expect(bad.status != 0 && bad.stderr.contains("--filter"), "\(bad.stderr)")
  }

  @Test("every item is inside the picture, where cluster reports it; a CLOSED-majority cluster is grey")
  func itemsInsideThePicture() throws {
    let camera = ["--center", "52.2297,21.0122", "--span", "0.3,0.3", "--viewport", "390x844"]
    let svg = try CLIRunner.run(["render", "--pins", Self.pinsPath] + camera)
    let items = try #require(
      try CLIRunner.object(try CLIRunner.run(["cluster", "--pins", Self.pinsPath] + camera).lines[0])["items"]
        as? [[String: Any]])
    let root = try #require(try Self.elements(svg.stdout).first { $0.name == "svg" })
    let box = try #require(root.attributes["viewBox"]).split(separator: " ").compactMap { Double($0) }
    try #require(box.count == 4)
    for item in items {
      let (x, y) = (item["x"] as! Double, item["y"] as! Double)
      #expect(x >= box[0] && x <= box[0] + box[2] && y >= box[1] && y <= box[1] + box[3], "(\(x), \(y)) in \(box)")
    }
    let closed = try withTemporaryPath(extension: "csv") { path in
      try "id,lat,lng,status\na,52.23,21.01,CLOSED\nb,52.23,21.01,CLOSED\nc,52.23,21.01,MISSING\n".write(
        toFile: path, atomically: true, encoding: .utf8)
      return try CLIRunner.run([
        "render", "--pins", path, "--center", "52.23,21.01", "--span", "1,1", "--viewport", "390x844",
      ])
    }
    #expect(
      closed.status == 0 && closed.stdout.contains("fill=\"#8E8E93\"") && !closed.stdout.contains("fill=\"#FF9500\""))
    let badCard = try CLIRunner.run(["render", "--pins", Self.pinsPath, "--card-size", "0x10"] + camera)
    #expect(badCard.status != 0 && badCard.stderr.contains("callout.width"))
  }
}
