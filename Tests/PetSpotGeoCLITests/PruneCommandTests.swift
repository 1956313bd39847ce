import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("petspot-geo prune (the built binary)")
struct PruneCommandTests {
  static let pinsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data/pins.csv").standardized.path

  @Test("batch over Data/pins.csv equals the brute-force reference on 200 random cameras")
  func batchAgainstReference() throws {
    let pins = try PinSet.load(path: Self.pinsPath)
    var random = SeededRandom(seed: 2026)
    var cameras: [(Camera, Double)] = []
    var input = ""
    for i in 0..<200 {
      let camera = random.camera(CameraKind.allCases[i % CameraKind.allCases.count])
      let padding = i % 3 == 0 ? random.uniform(0...60) : 0
      cameras.append((camera, padding))
      input +=
        #"{"lat":\#(camera.center.latitude),"lng":\#(camera.center.longitude),"latDelta":\#(camera.latitudeDelta),"lngDelta":\#(camera.longitudeDelta),"width":\#(camera.width),"height":\#(camera.height),"heading":\#(camera.heading),"padding":\#(padding)}"#
        + "\n"
    }
    let result = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--batch"], stdin: input)
    #expect(result.status == 0)
    let lines = result.lines
    try #require(lines.count == cameras.count)
    let position = Dictionary(uniqueKeysWithValues: (0..<pins.count).map { (pins.ids[$0], $0) })
    for (line, (camera, padding)) in zip(lines, cameras) {
      let object = try CLIRunner.object(line)
      let ids = try #require(object["visible"] as? [String])
      #expect(object["invalid"] as? Int == 0)
      let positions = ids.map { position[$0]! }
      #expect(positions == positions.sorted(), "ids in input order")
      let reference = VisibilityReference(camera: camera, padding: padding)
      let got = Set(positions)
      for i in 0..<pins.count {
        let expected = reference.isVisible(latitude: pins.latitudes[i], longitude: pins.longitudes[i])
        if got.contains(i) != expected {
          #expect(
            reference.isBorderline(latitude: pins.latitudes[i], longitude: pins.longitudes[i]),
            "pin \(pins.ids[i]) for \(camera)")
        }
      }
    }
    // --order any: the same ids, each once, in the order the plan found them.
    let unordered = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--batch", "--order", "any"], stdin: input)
    #expect(unordered.status == 0)
    try #require(unordered.lines.count == cameras.count)
    var unsortedLines = 0
    for (line, inputOrderLine) in zip(unordered.lines, lines) {
      let ids = try #require(try CLIRunner.object(line)["visible"] as? [String])
      let expected = try #require(try CLIRunner.object(inputOrderLine)["visible"] as? [String])
      let positions = ids.map { position[$0]! }
      #expect(positions.sorted() == expected.map { position[$0]! }, "the same ids, each once")
      if positions != positions.sorted() { unsortedLines += 1 }
    }
    #expect(unsortedLines > 0, "some answers come in the walk's order")
  }

  @Test("single mode: status filter, count-only, GeoJSON, scan and index agree")
  func singleMode() throws {
    let camera = ["--center", "48.8566,2.3522", "--span", "3,3", "--viewport", "390x844"]
    let all = try CLIRunner.run(["prune", "--pins", Self.pinsPath] + camera)
    let missing = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--status", "missing"] + camera)
    let both = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--status", "MISSING,FOUND,CLOSED"] + camera)
    let indexed = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--method", "index"] + camera)
    #expect(all.status == 0 && missing.status == 0)
    let allIds = try #require(try CLIRunner.object(all.lines[0])["visible"] as? [String])
    let missingIds = try #require(try CLIRunner.object(missing.lines[0])["visible"] as? [String])
    #expect(allIds.count > missingIds.count && missingIds.count > 0)
    #expect(Set(missingIds).isSubset(of: allIds))
    #expect(both.stdout == all.stdout, "every pin in this file has one of the three statuses")
    #expect(indexed.stdout == all.stdout)
    let count = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--count-only"] + camera)
    #expect(count.stdout == "{\"count\":\(allIds.count),\"invalid\":0}\n")
    let geo = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--format", "geojson"] + camera)
    let collection = try CLIRunner.object(geo.lines[0])
    #expect(collection["type"] as? String == "FeatureCollection")
    let features = try #require(collection["features"] as? [[String: Any]])
    #expect(features.count == allIds.count)
    let first = try #require(features.first)
    let coordinates = try #require((first["geometry"] as? [String: Any])?["coordinates"] as? [Double])
    #expect(coordinates[0] > 0 && coordinates[0] < 5 && coordinates[1] > 47, "lon, lat order near Paris")
  }

  @Test("invalid rows are counted and skipped; malformed files name the line; empty files are fine")
  func files() throws {
    let camera = ["--center", "52.2,21.0", "--span", "1,1", "--viewport", "400x400"]
    try withTemporaryPath(extension: "csv") { csv in
      try "id,lat,lng,status\na,52.2,21.0,MISSING\nb,nan,21,FOUND\nc,,21,\nd,52.21,21.01,found\ne,95,0,\n".write(
        toFile: csv, atomically: true, encoding: .utf8)
      let ok = try CLIRunner.run(["prune", "--pins", csv] + camera)
      #expect(ok.status == 0)
      #expect(ok.stdout == "{\"visible\":[\"a\",\"d\"],\"invalid\":3}\n")
    }
    try withTemporaryPath(extension: "csv") { bad in
      try "id,lat,lng\na,1,2\nb,one,2\n".write(toFile: bad, atomically: true, encoding: .utf8)
      let failed = try CLIRunner.run(["prune", "--pins", bad] + camera)
      #expect(failed.status == 1 && failed.stdout.isEmpty)
      #expect(failed.stderr.contains("line 3") && failed.stderr.contains("lat"), "\(failed.stderr)")
    }
    try withTemporaryPath(extension: "csv") { empty in
      try "id,lat,lng\n".write(toFile: empty, atomically: true, encoding: .utf8)
      let none = try CLIRunner.run(["prune", "--pins", empty] + camera)
      #expect(none.status == 0 && none.stdout == "{\"visible\":[],\"invalid\":0}\n")
    }
    let missing = try CLIRunner.run(["prune", "--pins", "/nonexistent.csv"] + camera)
    #expect(missing.status == 1 && missing.stderr.contains("cannot open"))
  }

  @Test("batch: bad lines get error objects (padding too), the rest go on")
  func batchErrors() throws {
    let input = """
      {"lat":52.2,"lng":21,"latDelta":1,"lngDelta":1,"width":400,"height":400,"padding":-1}
      {"lat":52.2,"lng":21,"latDelta":1,"lngDelta":1,"width":400,"height":400,"padding":"x"}
      {"lat":52.2,"lng":21,"latDelta":1,"lngDelta":1,"width":400,"height":400}
      """
    let result = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--batch", "--count-only"], stdin: input)
    #expect(result.status == 1)
    #expect(try CLIRunner.object(result.lines[0])["field"] as? String == "padding")
    #expect(try CLIRunner.object(result.lines[1])["code"] as? String == "invalid_type")
    #expect(try CLIRunner.object(result.lines[2])["count"] != nil)
  }

  @Test("generate → convert → prune round trip through the binary format")
  func binaryRoundTrip() throws {
    let directory = FileManager.default.temporaryDirectory.path
    let csv = directory + "/psg-gen-\(UInt32.random(in: 0...UInt32.max)).csv"
    let bin = csv + ".psgpins"
    defer {
      try? FileManager.default.removeItem(atPath: csv)
      try? FileManager.default.removeItem(atPath: bin)
    }
    let places = URL(fileURLWithPath: Self.pinsPath).deletingLastPathComponent().appendingPathComponent(
      "geonames-places.csv"
    ).path
    #expect(
      try CLIRunner.run(["generate", "--count", "5000", "--seed", "9", "--places", places, "--output", csv]).status == 0
    )
    #expect(try CLIRunner.run(["convert", "--pins", csv, "--output", bin]).stdout == "{\"pins\":5000,\"invalid\":0}\n")
    let camera = ["--center", "20,0", "--span", "60,120", "--viewport", "800x600"]
    let a = try CLIRunner.run(["prune", "--pins", csv] + camera)
    let b = try CLIRunner.run(["prune", "--pins", bin] + camera)
    #expect(a.status == 0 && a.stdout == b.stdout)
  }
}
