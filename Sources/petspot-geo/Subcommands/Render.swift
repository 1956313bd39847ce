import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo render`: an SVG of what the user would see for a camera.
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Draw what a camera shows as SVG: viewport, safe area, pins by status, clusters, spider legs, a callout.",
      discussion: """
        MISSING pins are orange (#FF9500), FOUND blue (#155DFC), others grey; clusters show their count; \
        spiderfied pins have a leg back to their true position. --select places the callout of a pin shown \
        on its own; --fetch-circle draws the GET /announcements range; --show-pruned draws in grey the pins \
        the server would return that are out of view (the picture then extends past the viewport).

        Example:
          petspot-geo render --pins Data/pins.csv --center 48.8566,2.3522 --span 0.3,0.3 --viewport 390x844 \\
            --insets 59,0,34,0 --fetch-circle --show-pruned --output paris.svg
        """
    )

    @OptionGroup var pinsFile: PinsOptions
    @OptionGroup var camera: CameraOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("Safe-area insets (default 0,0,0,0).", valueName: "top,left,bottom,right"))
    var insets: String?

    @Option(help: ArgumentHelp("The id of a pin whose callout to show.", valueName: "id"))
    var select: String?

    @Option(help: ArgumentHelp("Callout card size in points (default 262x300).", valueName: "WIDTHxHEIGHT"))
    var cardSize: ViewportSize?

    @Flag(help: "Draw the fetch query's circle.")
    var fetchCircle = false

    @Flag(help: "Draw the fetched pins that are out of view, in grey.")
    var showPruned = false

    @Option(help: ArgumentHelp("Smallest distance between items, points (default 44).", valueName: "points"))
    var minSeparation: Double = 44

    @Option(help: ArgumentHelp("Highest cluster level (default 20).", valueName: "zoom"))
    var maxZoom: Int = 20

    @Option(help: ArgumentHelp("Write the SVG here instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
      try camera.validate(batch: false)
    }

    func run() throws {
      do {
        let cameraValue = try camera.camera()
        let insetsValue = try insets.map { text throws(InvalidInput) in try FlagNumber.insets(text) } ?? EdgeInsets()
        let pins = try pinsFile.load()
        let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: minSeparation, maxZoom: maxZoom))
        let engine = try EngineFactory.make()
        let picture = try engine.mapPicture(
          index: index, camera: cameraValue, insets: insetsValue, selectedId: select,
          cardSize: cardSize.map { ($0.width, $0.height) } ?? (262, 300), fetchCircle: fetchCircle,
          prunedFrom: showPruned ? IndexedPins(pins: pins) : nil)
        let svg = picture.svg()
        if let output {
          try Output.save(svg, to: output)
        } else {
          Output.text(svg)
        }
      } catch let error as InvalidInput {
        Output.error(error.message)
        throw ExitCode.failure
      } catch let error as GeoError {
        Output.error(error.description)
        throw ExitCode.failure
      }
    }
  }
}
