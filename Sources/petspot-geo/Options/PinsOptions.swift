import ArgumentParser
import PetSpotGeo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--pins FILE`: CSV, announcements JSON, GeoJSON or the binary `.psgpins` (docs/cli.md).
struct PinsOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Pins file: .csv, .json (announcements), .geojson or .psgpins.", valueName: "file"))
  var pins: String

  /// Loads the file, reporting progress on stderr when it is a terminal.
  /// - Throws: `ExitCode.failure` after printing the error for an unreadable or malformed file.
  /// Loads the pins file, keeping the named extra `properties` (for aggregates).
  func load(properties: [String] = []) throws -> PinSet {
    try Self.load(pins, properties: properties)
  }

  /// Loads a pins file, or prints the error and exits with status 1.
  static func load(_ pins: String, properties: [String] = []) throws -> PinSet {
    Progress.say("loading \(pins)…")
    do {
      let set = try PinSet.load(path: pins, properties: properties)
      Progress.say("loaded \(set.count) pins (\(set.invalidCount) invalid)")
      return set
    } catch {
      Output.error(error.description)
      throw ExitCode.failure
    }
  }
}

/// Progress lines on stderr, only when stderr is a terminal (docs/cli.md).
enum Progress {
  static let isTerminal = isatty(2) != 0

  static func say(_ message: String) {
    if isTerminal { Output.standardError(message + "\n") }
  }
}
