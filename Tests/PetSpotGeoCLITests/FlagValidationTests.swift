import Foundation
import PetSpotTestSupport
import Testing

/// Flags that name impossible values are usage errors (exit 2, a message naming the flag), checked
/// by the same rule the library and the C API apply — never accepted and silently misused.
@Suite("Flags: impossible values are refused")
struct FlagValidationTests {
  static let pinsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data/pins.csv").standardized.path

  @Test(
    "each is refused with exit 2 and the flag named",
    arguments: [
      (["generate", "--count", "99999999999999", "--output", "/tmp/never.csv"], "--count"),
      (["generate", "--count", "10", "--shelters", "99999999999", "--output", "/tmp/never.csv"], "--shelters"),
      (["serve", "--pins", "Data/pins.csv", "--port", "70000"], "--port"),
      (["serve", "--pins", "Data/pins.csv", "--port", "65536"], "--port"),
      (["replay", "--callout-size", "0x0"], "--callout-size"),
      (["replay", "--callout-size", "nanxnan"], "--callout-size"),
      (["replay", "--reuse-max-age", "nan"], "--reuse-max-age"),
      (["fetch", "--server", "http://127.0.0.1:1", "--timeout", "nan", "--batch"], "--timeout"),
      (["fetch", "--server", "http://127.0.0.1:1", "--timeout", "1e308", "--batch"], "--timeout"),
    ])
  func refused(arguments: [String], flag: String) throws {
    let run = try CLIRunner.run(arguments)
    #expect(run.status == 2 && run.stderr.contains(flag), "\(arguments): \(run.status) \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("extreme cameras: an error naming the field and exit 1, never a trap or a null")
  func extremeCameras() throws {
    for (viewport, span, field) in [
      ("5e-324x844", "0.05,0.08", "width"), ("1x1e308", "1e20,1e20", "latDelta"), ("390x5e-324", "0.05,0.08", "height"),
      ("390x844", "0.05,1.7976931348623157e308", "lngDelta"),
    ] {
      let run = try CLIRunner.run([
        "radius", "--center", "52.2297,21.0122", "--span", span, "--viewport", viewport, "--json",
      ])
      #expect(run.status == 1 && run.stderr.contains(field) && !run.stdout.contains("null"), "\(viewport) \(span)")
    }
  }

  @Test("prune --batch: views a million degrees wide answer quickly and alike by both methods")
  func wideBatch() throws {
    let input = """
      {"lat":10,"lng":170,"latDelta":1,"lngDelta":1e6,"width":390,"height":844,"padding":1e6}
      {"lat":10,"lng":170,"latDelta":1,"lngDelta":1e6,"width":390,"height":844,"heading":33}
      {"lat":10,"lng":170,"latDelta":1,"lngDelta":1,"width":390,"height":844,"padding":1e20}
      """
    let index = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--batch", "--method", "index"], stdin: input)
    let scan = try CLIRunner.run(["prune", "--pins", Self.pinsPath, "--batch", "--method", "scan"], stdin: input)
    #expect(index.lines == scan.lines && index.lines.count == 3)
    #expect(index.lines[2].contains("\"field\":\"padding\""))
  }
}
