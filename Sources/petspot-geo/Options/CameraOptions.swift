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

  /// Whether any camera flag was given.
  var isAnyGiven: Bool { center != nil || span != nil || viewport != nil || heading != nil }

  /// In batch mode no camera flag may be given (cameras come from stdin); otherwise the three
  /// required ones must be.
  func validate(batch: Bool) throws {
    if batch {
      if isAnyGiven { throw ValidationError("camera flags cannot be combined with --batch") }
    } else {
      try validateComplete()
    }
  }

  /// Checks that the three required flags are present.
  func validateComplete() throws {
    for (name, value) in [("--center", center as Any?), ("--span", span), ("--viewport", viewport)] where value == nil {
      throw ValidationError("\(name) is required (or use --batch)")
    }
  }

  /// The validated camera.
  /// - Throws: ``InvalidInput`` naming the camera field at fault (`lat`, `latDelta`, ...).
  func camera() throws(InvalidInput) -> Camera {
    guard let center, let span, let viewport else {
      throw InvalidInput(field: nil, code: .missingField, message: "--center, --span and --viewport are required")
    }
    return try Camera(
      center: GeoCoordinate(latitude: center.first, longitude: center.second),
      latitudeDelta: span.first, longitudeDelta: span.second,
      width: viewport.width, height: viewport.height, heading: heading?.value ?? 0)
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
