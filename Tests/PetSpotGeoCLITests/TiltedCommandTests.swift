import Foundation
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
}
