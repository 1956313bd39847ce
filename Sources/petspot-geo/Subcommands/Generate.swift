import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo generate`: deterministic pin sets for benchmarks and demos.
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a deterministic pin set (skewed around real places, or uniform) as CSV or .psgpins.",
      discussion: """
        skewed: a GeoNames place drawn uniformly plus N(0, 0.02°) jitter per pin; uniform: within the \
        Mercator limit. The same seed always gives the same pins.

        Example:
          petspot-geo generate --kind skewed --count 1000000 --seed 1 --output skewed-1m.psgpins
        """
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
      case skewed, uniform
    }

    @Option(help: "skewed (around real places) or uniform.")
    var kind: Kind = .skewed

    @Option(help: "Number of pins.")
    var count: Int

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

    @Option(help: "Shelters: places with 20–60 pins at exactly the same coordinate.")
    var shelters: Int = 0

    @Option(help: ArgumentHelp("Places for the skewed kind (CSV with lat, lon, name, cc).", valueName: "file"))
    var places: String = "Data/geonames-places.csv"

    @Option(help: ArgumentHelp("Output file: .psgpins for the binary format, anything else CSV.", valueName: "file"))
    var output: String

    @Flag(help: "Add a 'place' column (the place each pin was drawn near) to CSV output.")
    var placeNames = false

    @Flag(
      help:
        "Add 'species' and 'lastSeenDate' columns (drawn per row; coordinates and statuses unchanged) to CSV output.")
    var details = false

    func validate() throws {
      guard count >= 0 else { throw ValidationError("--count must be >= 0") }
      guard shelters >= 0 else { throw ValidationError("--shelters must be >= 0") }
      guard PinGenerator.largestTotal(count: count, shelters: shelters) <= PinGenerator.maxPins else {
        throw ValidationError(
          "--count plus 60 per shelter must be at most \(PinGenerator.maxPins) pins "
            + "(asked: --count \(count), --shelters \(shelters))")
      }
    }

    func run() throws {
      do {
        let generatorKind: PinGenerator.Kind =
          kind == .uniform ? .uniform : .skewed(places: try PinGenerator.Place.load(path: places))
        let generator = PinGenerator(kind: generatorKind, seed: seed)
        Progress.say("generating \(count) \(kind.rawValue) pins…")
        if output.lowercased().hasSuffix(".psgpins") {
          try generator.pinSet(count: count, shelters: shelters).writeBinary(to: output)
        } else {
          try generator.writeCSV(count: count, shelters: shelters, placeNames: placeNames, details: details, to: output)
        }
      } catch {
        Output.error(error.description)
        throw ExitCode.failure
      }
    }
  }

  /// `petspot-geo convert`: pins files between formats.
  struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Convert a pins file (CSV, JSON, GeoJSON, .psgpins) to CSV or the binary .psgpins format.",
      discussion: """
        Example:
          petspot-geo convert --pins big.csv --output big.psgpins
        """
    )

    @OptionGroup var pinsFile: PinsOptions

    @Option(help: ArgumentHelp("Output file: .psgpins for the binary format, anything else CSV.", valueName: "file"))
    var output: String

    func run() throws {
      let pins = try pinsFile.load()
      do {
        if output.lowercased().hasSuffix(".psgpins") {
          try pins.writeBinary(to: output)
        } else {
          try pins.writeCSV(to: output)
        }
        Output.line("{\"pins\":\(pins.count),\"invalid\":\(pins.invalidCount)}")
      } catch {
        Output.error(error.description)
        throw ExitCode.failure
      }
    }
  }
}
