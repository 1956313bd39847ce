import Foundation
import Testing

@Suite("petspot-geo radius (the built binary)")
struct RadiusCommandTests {
  let warsaw = ["radius", "--center", "52.2297,21.0122", "--span", "0.05,0.08", "--viewport", "390x844"]

  @Test("single mode prints the query string")
  func queryString() throws {
    let result = try CLIRunner.run(warsaw)
    #expect(result.status == 0)
    #expect(result.stdout == "lat=52.2297&lng=21.0122&range=6506\n")
    #expect(result.stderr.isEmpty)
  }

  @Test("--json prints the documented fields")
  func json() throws {
    let result = try CLIRunner.run(warsaw + ["--json"])
    #expect(result.status == 0)
    let object = try CLIRunner.object(result.lines[0])
    #expect(Set(object.keys) == ["lat", "lng", "range", "zoom", "visibleRegion"])
    #expect(object["lat"] as? Double == 52.2297)
    #expect(object["range"] as? Int == 6506)
    let region = try #require(object["visibleRegion"] as? [String: Double])
    #expect(Set(region.keys) == ["north", "south", "west", "east"])
    #expect(region["west"]! < 21.0122 && region["east"]! > 21.0122)
    #expect(!result.stdout.contains("e-") && !result.stdout.contains("e+"), "no exponents in numbers")
  }

  @Test("negative values work as --center=-33.86,151.21 and --center -33.86,151.21")
  func negativeValues() throws {
    let rest = ["--span", "0.05,0.08", "--viewport", "390x844", "--heading", "-30"]
    let a = try CLIRunner.run(["radius", "--center=-33.86,151.21"] + rest)
    let b = try CLIRunner.run(["radius", "--center", "-33.86,151.21"] + rest)
    #expect(a.status == 0 && b.status == 0)
    #expect(a.stdout == b.stdout)
    #expect(a.stdout.hasPrefix("lat=-33.86&lng=151.21&range="))
  }

  @Test(
    "invalid camera values name the field and exit 1",
    arguments: [
      (["--center", "91,0", "--span", "1,1", "--viewport", "10x10"], "lat"),
      (["--center", "0,inf", "--span", "1,1", "--viewport", "10x10"], "lng"),
      (["--center", "0,0", "--span", "1,1", "--viewport", "10x10", "--pitch", "80"], "pitch"),
      (["--center", "0,0", "--span", "1,1", "--viewport", "10x10", "--pitch", "10", "--fov", "0"], "fov"),
      (["--corners", "0,0;0,1;1,1;1,0", "--viewport", "10x10"], "corners"),
      (["--center", "nan,0", "--span", "1,1", "--viewport", "10x10"], "lat"),
      (["--center", "0,0", "--span", "0,1", "--viewport", "10x10"], "latDelta"),
      (["--center", "0,0", "--span", "1,-1", "--viewport", "10x10"], "lngDelta"),
      (["--center", "0,0", "--span", "1,inf", "--viewport", "10x10"], "lngDelta"),
      (["--center", "0,0", "--span", "1,1", "--viewport", "0x10"], "width"),
      (["--center", "0,0", "--span", "1,1", "--viewport", "10x-4"], "height"),
      (["--center", "0,0", "--span", "1,1", "--viewport", "10x10", "--heading", "nan"], "heading"),
    ])
  func invalidSingle(arguments: [String], field: String) throws {
    let result = try CLIRunner.run(["radius"] + arguments)
    #expect(result.status == 1)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(field) must be"), "stderr: \(result.stderr)")
  }

  @Test(
    "usage errors exit 2",
    arguments: [
      ["--center", "abc", "--span", "1,1", "--viewport", "1x1"], ["--span", "1,1"], ["--batch", "--center", "1,1"],
    ])
  func usage(arguments: [String]) throws {
    let result = try CLIRunner.run(["radius"] + arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
  }

  @Test("batch: one object per non-blank line, errors in place, exit 1")
  func batch() throws {
    let input = """
      {"lat":52.2297,"lng":21.0122,"latDelta":0.05,"lngDelta":0.08,"width":390,"height":844,"extra":"ignored"}

         
      {"lat":"52","lng":0,"latDelta":1,"lngDelta":1,"width":1,"height":1}
      {"lng":0,"latDelta":1,"lngDelta":1,"width":1,"height":1}
      not json
      [1,2]
      {"lat":1e999,"lng":0,"latDelta":1,"lngDelta":1,"width":1,"height":1}
      {"lat":0,"lng":0,"latDelta":1,"lngDelta":1,"width":1,"height":1,"pitch":80}
      {"lat":0,"lng":0,"latDelta":1,"lngDelta":1,"width":1,"height":1,"pitch":0,"heading":null}
      """
    let result = try CLIRunner.run(["radius", "--batch"], stdin: input)
    #expect(result.status == 1)
    let lines = result.lines
    try #require(lines.count == 8)
    #expect(try CLIRunner.object(lines[0])["range"] as? Int == 6506)
    let expectations: [(Int, String?, String)] = [
      (1, "lat", "invalid_type"), (2, "lat", "missing_field"), (3, nil, "malformed_json"), (4, nil, "malformed_json"),
      (5, "lat", "not_finite"), (6, "pitch", "out_of_range"),
    ]
    for (index, field, code) in expectations {
      let object = try CLIRunner.object(lines[index])
      #expect(Set(object.keys) == ["error", "field", "code"], "line \(index)")
      #expect(object["code"] as? String == code, "line \(index): \(lines[index])")
      if let field {
        #expect(object["field"] as? String == field, "line \(index)")
        #expect((object["error"] as? String)?.contains(field) == true)
      } else {
        #expect(object["field"] is NSNull, "line \(index)")
      }
    }
    #expect(try CLIRunner.object(lines[7])["range"] != nil)
  }

  @Test("batch output equals single-mode --json output")
  func batchMatchesSingle() throws {
    let single = try CLIRunner.run(warsaw + ["--heading", "30", "--json"])
    let batch = try CLIRunner.run(
      ["radius", "--batch"],
      stdin: #"{"lat":52.2297,"lng":21.0122,"latDelta":0.05,"lngDelta":0.08,"width":390,"height":844,"heading":30}"#)
    #expect(batch.status == 0)
    #expect(single.stdout == batch.stdout)
  }

  @Test("--help gives a purpose and a worked example")
  func help() throws {
    let result = try CLIRunner.run(["radius", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("GET /announcements"))
    #expect(result.stdout.contains("petspot-geo radius --center 52.2297,21.0122"))
  }
}
