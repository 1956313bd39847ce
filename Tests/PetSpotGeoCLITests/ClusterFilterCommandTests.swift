import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

/// `cluster --filter` / `--filterable` and batch lines' "filter" on the built binary: every item
/// holds only shown pins, every shown pin in view is shown once, counts add up; bad filters are
/// named and cost only their own line.
@Suite("petspot-geo cluster --filter (the built binary)")
struct ClusterFilterCommandTests {
  @Test("single mode: --filter on status and on a counts aggregate's property")
  func single() throws {
    let pins = try PinSet.load(path: ClusterCommandTests.pinsPath, properties: ["species"])
    let camera = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 2, longitudeDelta: 2, width: 390,
      height: 844)
    // (One species, alone or with one status: its own hierarchy by default, the category runs
    // with no value hierarchies; the same guarantees either way.)
    let filters = [
      ["status=MISSING"], ["species=DOG,CAT"], ["status=FOUND,CLOSED", "species=DOG"], ["species=CAT"],
      ["status=FOUND", "species=DOG"],
    ]
    for clauses in filters {
      for valueHierarchies in [[], ["--filter-value-hierarchies", "0"]] {
        let run = try CLIRunner.run(
          [
            "cluster", "--pins", ClusterCommandTests.pinsPath, "--center", "48.8566,2.3522", "--span", "2,2",
            "--viewport", "390x844", "--with-leaves", "--aggregate", "species:counts",
          ] + clauses.flatMap { ["--filter", $0] } + valueHierarchies)
        #expect(run.status == 0, "\(run.stderr)")
        try ClusterCommandTests.checkLine(
          run.stdout, camera: camera, pins: pins, minSeparation: 44, withLeaves: true,
          filter: try ClusterFilter(clauses: clauses), extraKeys: ["aggregates"])
      }
    }
    let outOfRange = try CLIRunner.run(
      [
        "cluster", "--pins", ClusterCommandTests.pinsPath, "--center", "48.8,2.3", "--span", "1,1", "--viewport",
        "390x844", "--filter", "species=CAT", "--filter-value-hierarchies", "65",
      ])
    #expect(
      outOfRange.status == 2 && outOfRange.stderr.contains("--filter-value-hierarchies must be an integer in 0...64"),
      "\(outOfRange.stderr)")
  }

  @Test("batch: a filter per line without a rebuild, transitions between filters, errors per line")
  func batch() throws {
    let pins = try PinSet.load(path: ClusterCommandTests.pinsPath, properties: ["species"])
    var random = SeededRandom(seed: 0xF11E)
    let filters: [(json: String, filter: ClusterFilter?)] = [
      ("", nil),
      (#","filter":{"status":["FOUND"]}"#, ClusterFilter(statuses: [.found])),
      (
        #","filter":{"species":["DOG"],"status":["MISSING","CLOSED"]}"#,
        ClusterFilter(statuses: [.missing, .closed], values: ["species": ["DOG"]])
      ),
      (#","filter":null"#, nil),
    ]
    var lines: [String] = []
    var expected: [(Camera, ClusterFilter?)] = []
    for k in 0..<12 {
      let camera = random.camera([.city, .country, .continent][k % 3])
      let (json, filter) = filters[k % filters.count]
      lines.append(ClusterCommandTests.cameraLine(camera, extra: json))
      expected.append((camera, filter))
    }
    lines.insert(#"{"lat":48.8,"lng":2.3,"latDelta":1,"lngDelta":1,"width":390,"height":844,"filter":"FOUND"}"#, at: 3)
    lines.insert(
      #"{"lat":48.8,"lng":2.3,"latDelta":1,"lngDelta":1,"width":390,"height":844,"filter":{"breed":["pug"]}}"#, at: 7)
    let run = try CLIRunner.run(
      [
        "cluster", "--pins", ClusterCommandTests.pinsPath, "--batch", "--with-leaves", "--filterable", "--aggregate",
        "species:counts", "--transitions",
      ], stdin: lines.joined(separator: "\n") + "\n")
    #expect(run.status == 1, "an error line makes the exit status 1")
    #expect(run.lines.count == lines.count)
    var answers = run.lines
    let breed = try CLIRunner.object(answers.remove(at: 7))
    #expect(breed["field"] as? String == "filter")
    #expect((breed["error"] as? String)?.contains("declare breed:counts") == true)
    let shape = try CLIRunner.object(answers.remove(at: 3))
    #expect(
      shape["error"] as? String
        == "filter must be an object of value lists, like {\"status\":[\"MISSING\"]}, not a string")
    for (answer, (camera, filter)) in zip(answers, expected) {
      try ClusterCommandTests.checkLine(
        answer, camera: camera, pins: pins, minSeparation: 44, withLeaves: true, filter: filter,
        extraKeys: ["aggregates", "transitions"])
      let object = try CLIRunner.object(answer)
      let transitions = try #require(object["transitions"] as? [[String: Any]])
      let items = try #require(object["items"] as? [Any])
      #expect(!transitions.isEmpty || items.isEmpty)
    }
  }

  @Test("a line's filter needs a filterable index; --filter implies one")
  func needsFilterable() throws {
    let line =
      #"{"lat":48.8,"lng":2.3,"latDelta":1,"lngDelta":1,"width":390,"height":844,"filter":{"status":["FOUND"]}}"#
    let plain = try CLIRunner.run(
      ["cluster", "--pins", ClusterCommandTests.pinsPath, "--batch"],
      stdin: line + "\n"
        + line.replacingOccurrences(
          of: #","filter":{"status":["FOUND"]}"#, with: "") + "\n")
    #expect(plain.lines.count == 2)
    #expect(try CLIRunner.object(plain.lines[0])["field"] as? String == "filter")
    #expect(try CLIRunner.object(plain.lines[1])["items"] != nil)
    let implied = try CLIRunner.run(
      ["cluster", "--pins", ClusterCommandTests.pinsPath, "--batch", "--filter", "status=MISSING"], stdin: line + "\n")
    #expect(implied.status == 0 && implied.lines.count == 1, "\(implied.stderr)")
    let bad = try CLIRunner.run(
      [
        "cluster", "--pins", ClusterCommandTests.pinsPath, "--center", "48.8,2.3", "--span", "1,1", "--viewport",
        "390x844", "--filter", "species",
      ])
    #expect(bad.status != 0 && bad.stderr.contains("filter must be NAME=VALUE"), "\(bad.stderr)")
  }
}
