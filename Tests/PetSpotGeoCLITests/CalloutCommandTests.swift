import Foundation
import Testing

@Suite("petspot-geo callout (the built binary)")
struct CalloutCommandTests {
  @Test("single mode: the documented fields, exact frame")
  func single() throws {
    let result = try CLIRunner.run([
      "callout", "--viewport", "390x844", "--insets", "59,0,34,0", "--pin", "195,600", "--size", "262x360",
    ])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"placement":"above","frame":{"x":64,"y":180,"width":262,"height":360},"arrowX":131,"fits":true,"pan":{"dx":0,"dy":0}}"#
        + "\n")
  }

  @Test("a pin coordinate with camera flags; negative values; obstacles as rectangles and WKT")
  func coordinateAndObstacles() throws {
    let a = try CLIRunner.run([
      "callout", "--pin-coordinate=-33.86785,151.20732", "--center=-33.86785,151.20732", "--span", "0.05,0.08",
      "--viewport", "390x844", "--size", "262x200",
    ])
    #expect(a.status == 0 && a.stdout.contains(#""arrowX":131"#))
    let b = try CLIRunner.run([
      "callout", "--viewport", "390x844", "--pin", "195,600", "--size", "262x200", "--obstacle", "0,300,390,100",
      "--obstacle", "POLYGON((0 830, 390 830, 390 844, 0 844, 0 830))",
    ])
    #expect(b.status == 0 && b.stdout.contains(#""placement":"below""#))
  }

  @Test("errors name the field: exit 1 in single mode, error objects in batch")
  func errors() throws {
    let wkt = try CLIRunner.run([
      "callout", "--viewport", "390x844", "--pin", "195,600", "--size", "262x200", "--obstacle", "POLYGON((0 0",
    ])
    #expect(wkt.status == 1 && wkt.stderr.contains("obstacles[0]"))
    let negative = try CLIRunner.run(["callout", "--viewport", "390x844", "--pin", "195,600", "--size", "262x-2"])
    #expect(negative.status == 1 && negative.stderr.contains("callout.height"))
    let input = """
      {"viewport":{"width":390,"height":844},"pin":{"x":195,"y":600},"callout":{"width":262,"height":360}}
      {"pin":{"x":195,"y":600},"callout":{"width":262,"height":360}}
      {"viewport":{"width":390,"height":844},"pin":{"x":195,"y":600},"callout":{"width":262,"height":360},"obstacles":["POLYGON(("]}
      not json
      {"viewport":{"width":390,"height":844},"insets":{"top":-1},"pin":{"x":195,"y":600},"callout":{"width":262,"height":360}}
      {"camera":{"lat":52.2,"lng":21,"latDelta":0.1,"lngDelta":0.1,"width":390,"height":844},"viewport":{"width":400,"height":844},"pin":{"lat":52.2,"lng":21},"callout":{"width":262,"height":200}}
      {"camera":{"lat":95,"lng":21,"latDelta":0.1,"lngDelta":0.1,"width":390,"height":844},"pin":{"lat":52.2,"lng":21},"callout":{"width":262,"height":200}}
      {"camera":{"lat":52.2,"lng":21,"latDelta":0.1,"lngDelta":0.1,"width":390,"height":844},"pin":{"lat":52.2,"lng":21},"callout":{"width":262,"height":200}}
      """
    let batch = try CLIRunner.run(["callout", "--batch"], stdin: input)
    #expect(batch.status == 1)
    let lines = try batch.lines.map(CLIRunner.object)
    try #require(lines.count == 8)
    #expect(lines[0]["placement"] as? String == "above")
    #expect(lines[1]["field"] as? String == "viewport" && lines[1]["code"] as? String == "missing_field")
    #expect(lines[2]["field"] as? String == "obstacles[0]")
    #expect(lines[3]["code"] as? String == "malformed_json")
    #expect(lines[4]["field"] as? String == "insets.top")
    #expect(lines[5]["field"] as? String == "viewport")
    #expect(lines[6]["field"] as? String == "camera.lat")
    #expect(lines[7]["fits"] as? Bool == true)
  }
}
