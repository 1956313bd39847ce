import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

/// `cluster --aggregate` on the built binary: every item's aggregates equal what its leaves carry
/// in the pins file (CSV, JSON and GeoJSON), in single and batch mode; bad declarations fail once.
@Suite("petspot-geo cluster --aggregate (the built binary)")
struct ClusterAggregateCommandTests {
  static let flags = [
    "--aggregate", "species:counts", "--aggregate", "lastSeenDate:max", "--aggregate", "lastSeenDate:min",
  ]

  /// Checks each item's "aggregates" against its leaves' values in `pins`.
  static func checkAggregates(_ line: String, pins: PinSet) throws -> Int {
    let items = try #require(try CLIRunner.object(line)["items"] as? [[String: Any]])
    let species = try #require(pins.property(named: "species"))
    let dates = try #require(pins.property(named: "lastSeenDate"))
    var clusters = 0
    for item in items {
      let id = try #require(item["id"] as? String)
      let leaves = (item["leaves"] as? [String] ?? [id]).map { pins.ids.position(of: $0)! }
      clusters += item["kind"] as? String == "cluster" ? 1 : 0
      let aggregates = try #require(item["aggregates"] as? [String: Any])
      #expect(Set(aggregates.keys) == ["species:counts", "lastSeenDate:max", "lastSeenDate:min"])
      var counts: [String: Int] = [:]
      for leaf in leaves { if let s = species.value(at: leaf) { counts[s, default: 0] += 1 } }
      #expect(aggregates["species:counts"] as? [String: Int] == counts, "\(id)")
      let seen = leaves.compactMap { dates.value(at: $0) }.sorted()  // yyyy-MM-dd: text order is date order
      #expect(aggregates["lastSeenDate:max"] as? String == seen.last, "\(id)")
      #expect(aggregates["lastSeenDate:min"] as? String == seen.first, "\(id)")
    }
    return clusters
  }

  @Test("single mode and batch on the bundled pins: every item equals its leaves")
  func bundledPins() throws {
    let pins = try PinSet.load(path: ClusterCommandTests.pinsPath, properties: ["species", "lastSeenDate"])
    let single = try CLIRunner.run(
      [
        "cluster", "--pins", ClusterCommandTests.pinsPath, "--center", "48.8566,2.3522", "--span", "2,2",
        "--viewport", "390x844", "--with-leaves",
      ] + Self.flags)
    #expect(single.status == 0, "\(single.stderr)")
    #expect(try Self.checkAggregates(single.stdout, pins: pins) > 3)
    var random = SeededRandom(seed: 0xA69)
    let cameras =
      (0..<12).map { _ in ClusterCommandTests.cameraLine(random.camera(.country)) }
      + [#"{"lat":10,"lng":0,"latDelta":150,"lngDelta":700,"width":390,"height":844}"#]
    let batch = try CLIRunner.run(
      ["cluster", "--pins", ClusterCommandTests.pinsPath, "--batch", "--with-leaves"] + Self.flags,
      stdin: cameras.joined(separator: "\n") + "\n")
    #expect(batch.status == 0 && batch.lines.count == cameras.count, "\(batch.stderr)")
    for line in batch.lines { _ = try Self.checkAggregates(line, pins: pins) }
  }

  @Test("JSON and GeoJSON properties: strings, numbers, booleans and nulls")
  func jsonProperties() throws {
    let announcements = """
      [{"id":"a","lastSeenLatitude":50,"lastSeenLongitude":20,"species":"DOG","age":3},
       {"id":"b","lastSeenLatitude":50.00001,"lastSeenLongitude":20,"species":"CAT","age":12.5},
       {"id":"c","lastSeenLatitude":50,"lastSeenLongitude":20.00001,"species":null,"chipped":true},
       {"id":"d","lastSeenLatitude":50.00002,"lastSeenLongitude":20.00001,"age":-1}]
      """
    try withTemporaryPath(extension: "json") { path in
      try Data(announcements.utf8).write(to: URL(fileURLWithPath: path))
      let run = try CLIRunner.run(
        [
          "cluster", "--pins", path, "--center", "50,20", "--span", "1,1", "--viewport", "390x844",
          "--aggregate", "species:counts", "--aggregate", "age:max", "--aggregate", "age:min", "--aggregate",
          "chipped:counts",
        ])
      #expect(run.status == 0, "\(run.stderr)")
      let items = try #require(try CLIRunner.object(run.stdout)["items"] as? [[String: Any]])
      #expect(items.count == 1)
      let aggregates = try #require(items.first?["aggregates"] as? [String: Any])
      #expect(aggregates["species:counts"] as? [String: Int] == ["CAT": 1, "DOG": 1])
      #expect(aggregates["age:max"] as? Double == 12.5 && aggregates["age:min"] as? Int == -1)
      #expect(aggregates["chipped:counts"] as? [String: Int] == ["true": 1])
    }
    let geojson = """
      {"type":"FeatureCollection","features":[
       {"type":"Feature","id":"g1","geometry":{"type":"Point","coordinates":[20,50]},"properties":{"seen":"2026-01-02T10:00+02:00"}},
       {"type":"Feature","id":"g2","geometry":{"type":"Point","coordinates":[20,50.00001]},"properties":{"seen":"2026-01-02T09:00Z"}}]}
      """
    try withTemporaryPath(extension: "geojson") { path in
      try Data(geojson.utf8).write(to: URL(fileURLWithPath: path))
      let run = try CLIRunner.run(
        [
          "cluster", "--pins", path, "--center", "50,20", "--span", "1,1", "--viewport", "390x844", "--aggregate",
          "seen:max",
        ])
      #expect(run.status == 0, "\(run.stderr)")
      let items = try #require(try CLIRunner.object(run.stdout)["items"] as? [[String: Any]])
      // 10:00+02:00 is 08:00Z: the later instant is the one written 09:00Z.
      #expect((items.first?["aggregates"] as? [String: Any])?["seen:max"] as? String == "2026-01-02T09:00Z")
    }
  }

  @Test("bad declarations and properties fail once, naming the problem")
  func errors() throws {
    let base = [
      "cluster", "--pins", ClusterCommandTests.pinsPath, "--center", "48.8566,2.3522", "--span", "1,1", "--viewport",
      "390x844",
    ]
    let cases: [([String], String)] = [
      (
        ["--aggregate", "species:avg"],
        "aggregate must be PROPERTY:counts, PROPERTY:min or PROPERTY:max (got 'species:avg')"
      ),
      (["--aggregate", "breed:counts"], "the header has no 'breed' column"),
      (
        ["--aggregate", "species:max"], "aggregate species:max: values must be numbers or ISO 8601 dates; 'CAT' is not"
      ),
      (
        ["--aggregate", "species:counts", "--aggregate", "species:counts"], "aggregate species:counts is declared twice"
      ),
    ]
    for (flags, message) in cases {
      let run = try CLIRunner.run(base + flags)
      #expect(run.status == 1 && run.stderr.contains(message) && run.stdout.isEmpty, "\(flags): \(run.stderr)")
    }
    let batch = try CLIRunner.run(
      ["cluster", "--pins", ClusterCommandTests.pinsPath, "--batch", "--aggregate", "place:min"], stdin: "{}\n")
    #expect(
      batch.status == 1 && batch.stderr.contains("aggregate place:min") && batch.stdout.isEmpty, "\(batch.stderr)")
    try withTemporaryPath(extension: "psgpins") { path in
      let convert = try CLIRunner.run(["convert", "--pins", ClusterCommandTests.pinsPath, "--output", path])
      #expect(convert.status == 0, "\(convert.stderr)")
      let run = try CLIRunner.run(
        [
          "cluster", "--pins", path, "--center", "48.8566,2.3522", "--span", "1,1", "--viewport", "390x844",
          "--aggregate", "species:counts",
        ])
      #expect(run.status == 1 && run.stderr.contains("the binary pins format carries no properties"), "\(run.stderr)")
    }
  }
}
