import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("Tilted and corner-form cameras from the command line (the built binary)")
struct TiltedCommandTests {
  static let pinsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data/pins.csv").standardized.path
  static let tilted = ["--center", "52.23,21.01", "--span", "0.5,0.5", "--viewport", "390x844", "--pitch", "60"]
  static let corners = ["--corners", "52.4,20.8;52.4,21.2;52.1,21.1;52.1,20.9", "--viewport", "390x844"]

  @Test("radius, prune, cluster, callout and render take --pitch, --fov and --corners")
  func singleMode() throws {
    let flat = try CLIRunner.run(["radius", "--json"] + Self.tilted.dropLast(2))
    let tilted = try CLIRunner.run(["radius", "--json"] + Self.tilted)
    let narrow = try CLIRunner.run(["radius", "--json", "--fov", "20"] + Self.tilted)
    #expect(flat.status == 0 && tilted.status == 0 && narrow.status == 0)
    let (f, t, n) = (
      try CLIRunner.object(flat.stdout), try CLIRunner.object(tilted.stdout), try CLIRunner.object(narrow.stdout)
    )
    #expect((t["range"] as! Int) > (f["range"] as! Int) && (n["range"] as! Int) < (t["range"] as! Int))
    #expect(t["zoom"] as! Double == f["zoom"] as! Double)
    let byCorners = try CLIRunner.run(["radius"] + Self.corners)
    #expect(byCorners.status == 0 && byCorners.stdout.hasPrefix("lat=52.2"))
    let centred = try CLIRunner.run(["radius", "--center", "52.25,21"] + Self.corners)
    #expect(centred.stdout.hasPrefix("lat=52.25&lng=21&range="))
    for command in ["prune", "cluster"] {
      for camera in [Self.tilted, Self.corners] {
        let result = try CLIRunner.run([command, "--pins", Self.pinsPath] + camera)
        #expect(result.status == 0, "\(command) \(camera): \(result.stderr)")
        #expect(try CLIRunner.object(result.stdout).count >= 2)
      }
    }
    let callout = try CLIRunner.run(
      ["callout", "--pin-coordinate", "52.25,21.0", "--size", "262x200"] + Self.tilted)
    #expect(callout.status == 0 && callout.stdout.contains("placement"), "\(callout.stderr)")
    let svg = FileManager.default.temporaryDirectory.appendingPathComponent("tilted-\(getpid()).svg").path
    let render = try CLIRunner.run(
      ["render", "--pins", Self.pinsPath, "--fetch-circle", "--output", svg] + Self.tilted)
    #expect(render.status == 0, "\(render.stderr)")
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    let words = text.lowercased().split { !($0.isLetter) }
    #expect(text.contains("<svg") && !words.contains("nan") && !words.contains("inf"))
    try? FileManager.default.removeItem(atPath: svg)
  }

  @Test("errors name the field; flag conflicts are usage errors")
  func errors() throws {
    for (arguments, field) in [
      (Self.tilted.dropLast(1) + ["80"], "pitch"),
      (Self.tilted + ["--fov", "180"], "fov"),
      (["--corners", "52.4,20.8;52.4,21.2;52.1,20.9;52.1,21.1", "--viewport", "390x844"], "corners"),
      (["--corners", "86,20.8;86,21.2;52.1,21.1;52.1,20.9", "--viewport", "390x844"], "corners"),
    ] {
      let result = try CLIRunner.run(["radius"] + arguments)
      #expect(result.status == 1 && result.stderr.hasPrefix("error: \(field) must"), "\(arguments): \(result.stderr)")
    }
    let conflict = try CLIRunner.run(["radius", "--span", "1,1"] + Self.corners)
    #expect(conflict.status != 0 && conflict.stderr.contains("--span cannot be combined with --corners"))
  }

  @Test("batch mode: pitch, fov and corners as JSON fields; errors in place")
  func batch() throws {
    let input = """
      {"lat":52.23,"lng":21.01,"latDelta":0.5,"lngDelta":0.5,"width":390,"height":844,"pitch":60,"fov":50}
      {"corners":[[52.4,20.8],[52.4,21.2],[52.1,21.1],[52.1,20.9]],"width":390,"height":844}
      {"corners":[[52.4,20.8],[52.4,21.2],[52.1,21.1],[52.1,20.9]],"width":390,"height":844,"heading":10}
      {"corners":[[52.4,20.8],[52.4,21.2],[52.1,21.1],[52.1,20.9]],"width":390,"height":844,"lat":52.2}
      {"corners":[[52.4,20.8],[52.4,21.2],[52.1,21.1]],"width":390,"height":844}
      {"lat":52.23,"lng":741.01,"latDelta":0.5,"lngDelta":0.5,"width":390,"height":844}
      """
    let result = try CLIRunner.run(["radius", "--batch"], stdin: input)
    let lines = result.lines
    try #require(lines.count == 6)
    #expect(result.status == 1)
    #expect(try CLIRunner.object(lines[0])["range"] is Int)
    #expect(try CLIRunner.object(lines[1])["range"] is Int)
    #expect(try CLIRunner.object(lines[2])["field"] as? String == "heading")
    #expect(try CLIRunner.object(lines[3])["field"] as? String == "lng")
    #expect(try CLIRunner.object(lines[4])["field"] as? String == "corners")
    #expect(try CLIRunner.object(lines[5])["lng"] as? Double == 21.00999999999999)
    let clusters = try CLIRunner.run(["cluster", "--pins", Self.pinsPath, "--batch"], stdin: input)
    #expect(try CLIRunner.object(clusters.lines[1])["items"] is [Any])
  }

  @Test("cluster --batch over random tilted cameras of every kind: every pin in view on an item drawn in view")
  func clustersOnScreen() throws {
    let pinsPath = ClusterCommandTests.pinsPath
    let pins = try PinSet.load(path: pinsPath)
    var random = SeededRandom(seed: 0x6_0005)
    // Each camera with the pitch-form camera it came from (the reference's: a corner-form camera
    // shows the same view, up to the rounding of its corners).
    var cameras: [(sent: Camera, pitched: Camera)] = []
    var input = ""
    for i in 0..<64 {
      let camera = random.tiltedCamera(CameraKind.allCases[i % CameraKind.allCases.count])
      let sent = i % 4 == 3 ? cornerForm(of: camera) ?? camera : camera
      cameras.append((sent, camera))
      input += Self.jsonLine(sent) + "\n"
    }
    let run = try CLIRunner.run(["cluster", "--pins", pinsPath, "--batch", "--with-leaves"], stdin: input)
    #expect(run.status == 0, "\(run.stderr)")
    try #require(run.lines.count == cameras.count)
    let position = Dictionary(uniqueKeysWithValues: (0..<pins.count).map { (pins.ids[$0], $0) })
    var inView = 0
    for (line, (sent, camera)) in zip(run.lines, cameras) {
      let items = try #require(try CLIRunner.object(line)["items"] as? [[String: Any]])
      let reference = TiltedReference(camera: camera)
      let tolerance = reference.tolerance(padding: 0) * (sent.corners == nil ? 1 : 1e3)
      var shownInView = Set<Int>()
      for item in items {
        let x = item["x"] as? Double ?? Double(item["x"] as? Int ?? -1)
        let y = item["y"] as? Double ?? Double(item["y"] as? Int ?? -1)
        let slack = max(1e-6, tolerance)
        let inside = x >= -slack && x <= camera.width + slack && y >= -slack && y <= camera.height + slack
        #expect(inside, "\(item["kind"] ?? "") drawn at (\(x), \(y)) outside \(camera.width) × \(camera.height)")
        let leaves =
          item["kind"] as? String == "cluster" ? (item["leaves"] as? [String] ?? []) : [item["id"] as! String]
        if inside { shownInView.formUnion(leaves.compactMap { position[$0] }) }
      }
      for i in 0..<pins.count {
        guard
          let e = reference.signedEdgeDistance(latitude: pins.latitudes[i], longitude: pins.longitudes[i], padding: 0),
          e < -tolerance
        else { continue }
        inView += 1
        #expect(shownInView.contains(i), "pin \(pins.ids[i]) in view but not on an item drawn in view")
      }
    }
    #expect(inView > 1_000, "the cameras see pins: \(inView)")
  }

  /// A batch line for a pitch-form or corner-form camera.
  static func jsonLine(_ c: Camera) -> String {
    if let corners = c.corners {
      let list = corners.map { "[\($0.latitude),\($0.longitude)]" }.joined(separator: ",")
      return #"{"corners":[\#(list)],"width":\#(c.width),"height":\#(c.height)}"#
    }
    return ClusterCommandTests.cameraLine(c, extra: #","pitch":\#(c.pitch),"fov":\#(c.fieldOfView)"#)
  }
}
