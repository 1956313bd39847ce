import ArgumentParser
import PetSpotGeo

/// The camera flags every single-mode subcommand takes (docs/cli.md).
struct CameraOptions: ParsableArguments {
  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Camera centre in degrees, latitude first.", valueName: "lat,lng"))
  var center: DoublePair?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Requested span in degrees (MapKit's latitudeDelta, longitudeDelta).", valueName: "latDelta,lngDelta"))
  var span: DoublePair?

  @Option(help: ArgumentHelp("Viewport size in points.", valueName: "WIDTHxHEIGHT"))
  var viewport: ViewportSize?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Map rotation in degrees clockwise from north (default 0).", valueName: "degrees"))
  var heading: DoubleValue?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Camera tilt in degrees from straight down (default 0).", valueName: "degrees"))
  var pitch: DoubleValue?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Vertical field of view in degrees (default 36.86989764584402, MapLibre's).", valueName: "degrees"))
  var fov: DoubleValue?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Corner form: the ground points under the viewport's top-left, top-right, bottom-right and bottom-left corners (instead of --span, --heading, --pitch, --fov; --center optional).",
      valueName: "lat,lng;lat,lng;lat,lng;lat,lng"))
  var corners: CornerList?

  /// Whether any camera flag was given.
  var isAnyGiven: Bool {
    center != nil || span != nil || viewport != nil || heading != nil || pitch != nil || fov != nil || corners != nil
  }

  /// In batch mode no camera flag may be given (cameras come from stdin); otherwise the three
  /// required ones must be.
  func validate(batch: Bool) throws {
    if batch {
      if isAnyGiven { throw ValidationError("camera flags cannot be combined with --batch") }
    } else {
      try validateComplete()
    }
  }

  /// Checks that the required flags are present: --center, --span and --viewport, or --corners
  /// and --viewport (with none of --span, --heading, --pitch, --fov).
  func validateComplete() throws {
    if corners != nil {
      for (name, value) in [("--span", span as Any?), ("--heading", heading), ("--pitch", pitch), ("--fov", fov)]
      where value != nil {
        throw ValidationError("\(name) cannot be combined with --corners")
      }
      if viewport == nil { throw ValidationError("--viewport is required (or use --batch)") }
      return
    }
    for (name, value) in [("--center", center as Any?), ("--span", span), ("--viewport", viewport)] where value == nil {
      throw ValidationError("\(name) is required (or use --batch)")
    }
  }

  /// The validated camera.
  /// - Throws: ``InvalidInput`` naming the camera field at fault (`lat`, `latDelta`, ...).
  func camera() throws(InvalidInput) -> Camera {
    if let corners, let viewport {
      return try Camera(
        corners: corners.coordinates, width: viewport.width, height: viewport.height,
        center: center.map { GeoCoordinate(latitude: $0.first, longitude: $0.second) })
    }
    guard let center, let span, let viewport else {
      throw InvalidInput(field: nil, code: .missingField, message: "--center, --span and --viewport are required")
    }
    return try Camera(
      center: GeoCoordinate(latitude: center.first, longitude: center.second),
      latitudeDelta: span.first, longitudeDelta: span.second,
      width: viewport.width, height: viewport.height, heading: heading?.value ?? 0, pitch: pitch?.value ?? 0,
      fieldOfView: fov?.value ?? Camera.defaultFieldOfView)
  }
}

/// Two numbers written `A,B` (negative values allowed: `--center=-33.86,151.21`).
struct DoublePair: ExpressibleByArgument {
  var first: Double
  var second: Double

  init?(argument: String) {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = FlagNumber.parse(parts[0]), let b = FlagNumber.parse(parts[1]) else { return nil }
    (first, second) = (a, b)
  }
}

/// Four `lat,lng` pairs separated by `;` (the corner form).
struct CornerList: ExpressibleByArgument {
  var coordinates: [GeoCoordinate]

  init?(argument: String) {
    let pairs = argument.split(separator: ";", omittingEmptySubsequences: false)
    guard pairs.count == 4 else { return nil }
    var list: [GeoCoordinate] = []
    for pair in pairs {
      guard let p = DoublePair(argument: String(pair)) else { return nil }
      list.append(GeoCoordinate(latitude: p.first, longitude: p.second))
    }
    coordinates = list
  }
}

/// One number (negative values allowed).
struct DoubleValue: ExpressibleByArgument {
  var value: Double

  init?(argument: String) {
    guard let v = FlagNumber.parse(Substring(argument)) else { return nil }
    value = v
  }
}

/// `WIDTHxHEIGHT` in points, e.g. `390x844`.
struct ViewportSize: ExpressibleByArgument {
  var width: Double
  var height: Double

  init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = FlagNumber.parse(parts[0]), let h = FlagNumber.parse(parts[1]) else { return nil }
    (width, height) = (w, h)
  }
}

enum FlagNumber {
  /// A decimal number as typed on a command line (surrounding spaces allowed); `nan` and `inf`
  /// parse, so the camera validation can name the field they were given for.
  static func parse(_ text: Substring) -> Double? {
    Double(text.trimmingWhitespace())
  }
}
