import PetSpotGeo

#if canImport(Glibc)
  import Glibc
#endif

/// The fuzz targets: each takes arbitrary bytes through one input path of the engine, and, when the
/// input is accepted, through what that input feeds (a camera into the fetch query, pruning,
/// clustering and a picture). Anything but a clean result or a thrown error — a trap, a sanitizer
/// report, a non-finite number where the docs promise finite ones — is a finding.
enum FuzzTarget: String, CaseIterable {
  case json, camera, csv
  case jsonPins = "json-pins"
  case geojson, psgpins
  case foundReport = "found-report"
  case replay, callout

  /// The target named by PETSPOT_FUZZ_TARGET.
  static let selected: FuzzTarget = {
    let name = getenv("PETSPOT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      Fuzzing.printError("set PETSPOT_FUZZ_TARGET to one of: \(allCases.map(\.rawValue).joined(separator: " "))")
      exit(2)
    }
    return target
  }()

  func run(_ bytes: [UInt8]) {
    switch self {
    case .json:
      _ = try? JSONParser.parse(bytes: bytes)
    case .camera:
      guard let json = try? JSONParser.parse(bytes: bytes), let camera = try? Camera(json: json) else { return }
      var padding = 0.0
      if case .number(let value)? = json["padding"] { padding = value }
      Fuzzing.exercise(camera, padding: padding)
    case .csv, .jsonPins, .geojson, .psgpins:
      let format: PinSet.FileFormat =
        switch self {
        case .csv: .csv
        case .jsonPins: .json
        case .geojson: .geojson
        default: .binary
        }
      guard let pins = try? PinSet.decode(bytes, format: format, path: "fuzz") else { return }
      Fuzzing.exercise(pins)
    case .foundReport:
      guard let json = try? JSONParser.parse(bytes: bytes), let form = try? FoundReportForm(json: json) else { return }
      for step in FoundReportForm.Step.allCases { _ = form.validate(step) }
      _ = try? form.submit()
    case .replay:
      // One controller per input, fed every line: the state machine under arbitrary event orders.
      let controller = MapController(engine: Fuzzing.engine)
      for line in bytes.split(separator: UInt8(ascii: "\n")) {
        guard let json = try? JSONParser.parse(bytes: Array(line)) else { continue }
        _ = try? controller.replay(json)
      }
    case .callout:
      guard let json = try? JSONParser.parse(bytes: bytes), let request = try? CalloutRequest(json: json) else {
        return
      }
      if let placement = try? Fuzzing.engine.placeCallout(request) {
        Fuzzing.require(
          [placement.frame.x, placement.frame.y, placement.frame.width, placement.frame.height, placement.arrowX]
            .allSatisfy(\.isFinite), "callout placement not finite")
      }
    }
  }
}

/// What the targets share: one engine (the fuzzer runs one input at a time, on one thread).
enum Fuzzing {
  nonisolated(unsafe) static let engine = try! GeoEngine()

  /// A line on standard error (file descriptor 2; `stderr` is a shared C global).
  static func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  }

  static func require(_ condition: Bool, _ message: String) {
    if !condition {
      printError("finding: \(message)")
      abort()
    }
  }

  /// A small pin set with edge cases for the camera target.
  static let pins: IndexedPins = {
    var pins = PinSet()
    let places: [(Double, Double)] = [
      (0, 0), (0, 180), (0, -180), (85.05, 10), (-85.05, -10), (52.23, 21.01), (52.23, 21.01),
    ]
    for (i, (lat, lng)) in places.enumerated() {
      try! pins.append(id: "p\(i)", latitude: lat, longitude: lng, status: .missing, sourceRow: i)
    }
    return IndexedPins(pins: pins)
  }()

  static let clusters = try! ClusterIndex(pins: pins.pins, options: ClusterOptions())

  static func exercise(_ camera: Camera, padding: Double) {
    let view = CameraView(camera)
    let query = engine.fetchQuery(for: view)
    let box = query.visibleRegion
    require(
      query.zoom.isFinite && [box.north, box.south, box.west, box.east].allSatisfy(\.isFinite),
      "fetch query not finite for \(camera)")
    if let indexed = try? pins.visible(in: view, padding: padding) {
      let scanned = try? pins.pins.visible(in: view, padding: padding)
      _ = (indexed, scanned)
    }
    // Invariant 6: every item drawn inside the viewport (up to the rounding of unit-square
    // coordinates at the camera's scale).
    let slack = 1e-6 * (camera.width + camera.height) + 256 * Double.ulpOfOne * view.rectangle.scale
    for item in clusters.items(in: view).items {
      require(item.point.x.isFinite && item.point.y.isFinite, "cluster item not finite for \(camera)")
      require(
        item.point.x >= -slack && item.point.x <= camera.width + slack && item.point.y >= -slack
          && item.point.y <= camera.height + slack, "cluster item \(item.point) off screen for \(camera)")
    }
  }

  static func exercise(_ pins: PinSet) {
    let layer = IndexedPins(pins: pins)
    let camera = try! Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 170, longitudeDelta: 360, width: 390,
      height: 844)
    _ = try? layer.visible(in: CameraView(camera))
    if let index = try? ClusterIndex(pins: pins, options: ClusterOptions()) {
      _ = index.items(in: CameraView(camera))
    }
  }
}

/// libFuzzer's entry for one input: runs the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  FuzzTarget.selected.run(bytes)
  return 0
}

/// libFuzzer's driver (in the fuzzer runtime `-sanitize=fuzzer` links). Which `main` the linker
/// keeps depends on the link order SwiftPM uses: libFuzzer's calls `LLVMFuzzerTestOneInput`, ours
/// (the module's entry point) hands the command line to the same driver. Either way the same run.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum PetSpotFuzz {
  static func main() {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    _ = FuzzTarget.selected  // fail fast on a missing or unknown target name
    exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
  }
}
