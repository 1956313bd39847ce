import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo render`: an SVG of what the user would see for a camera.
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Draw what a camera shows as SVG: viewport, safe area, pins by status, clusters, spider legs, a callout.",
      discussion: """
        MISSING pins are orange (#FF9500), FOUND blue (#155DFC), others grey; clusters show their count; \
        spiderfied pins have a leg back to their true position. --select places the callout of a pin shown \
        on its own; --fetch-circle draws the GET /announcements range; --show-pruned draws in grey the pins \
        the server would return that are out of view (the picture then extends past the viewport).

        With --replay, the events run through the map controller and the picture shows where the \
        interaction ends: its camera, the announcements it holds and the selected pin's callout.

        Example:
          petspot-geo render --pins Data/pins.csv --center 48.8566,2.3522 --span 0.3,0.3 --viewport 390x844 \\
            --insets 59,0,34,0 --fetch-circle --show-pruned --output paris.svg
        """
    )

    @Option(help: ArgumentHelp("Pins file: .csv, .json (announcements), .geojson or .psgpins.", valueName: "file"))
    var pins: String?

    @OptionGroup var camera: CameraOptions

    @Option(
      help: ArgumentHelp(
        "Instead of --pins and a camera: map events (JSON Lines, as `replay` reads them); draws the final camera, announcements and selection.",
        valueName: "file"))
    var replay: String?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Safe-area insets (default 0,0,0,0).", valueName: "top,left,bottom,right"))
    var insets: InsetsArgument?

    @Option(help: ArgumentHelp("The id of a pin whose callout to show.", valueName: "id"))
    var select: String?

    @Option(
      help: ArgumentHelp(
        "Callout card size in points (default \(CalloutLayout.defaultCardSizeText)).", valueName: "WIDTHxHEIGHT"))
    var cardSize: ViewportSize?

    @Flag(help: "Draw the fetch query's circle.")
    var fetchCircle = false

    @Flag(help: "Draw the fetched pins that are out of view, in grey.")
    var showPruned = false

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp(
        "The span of the camera before this one (same centre, viewport and orientation): draw its items as dashed ghosts and the transitions' arrows.",
        valueName: "latDelta,lngDelta"))
    var previousSpan: DoublePair?

    @OptionGroup var clustering: ClusteringOptions

    @Option(help: ArgumentHelp("Write the SVG here instead of standard output.", valueName: "file"))
    var output: String?

    func validate() throws {
      guard (pins == nil) != (replay == nil) else {
        throw ValidationError("give exactly one of --pins (with a camera) and --replay")
      }
      if pins != nil {
        try camera.validateComplete()
      } else if camera.isAnyGiven || select != nil {
        throw ValidationError("--replay takes its camera and selection from the events")
      }
      if let cardSize {
        do throws(InvalidInput) {
          try CalloutLayout.validateCardSize(width: cardSize.width, height: cardSize.height)
        } catch {
          throw ValidationError("--card-size: \(error.message)")
        }
      }
    }

    func run() throws {
      try Output.exitingOnFailure {
        let engine = try EngineFactory.make()
        let insetsValue = insets?.insets ?? EdgeInsets()
        let (pinSet, cameraValue, selected) =
          try replay.map { try Self.replayed($0, engine: engine, cardSize: cardSize) }
          ?? (try PinsOptions.load(pins!), try camera.camera(), select)
        let index = try ClusterIndex(
          pins: pinSet, options: clustering.options)
        let previous = try previousSpan.map { span throws(InvalidInput) in
          do throws(InvalidInput) {
            return CameraView(
              try Camera(
                center: cameraValue.center, latitudeDelta: span.first, longitudeDelta: span.second,
                width: cameraValue.width, height: cameraValue.height, heading: cameraValue.heading,
                pitch: cameraValue.pitch, fieldOfView: cameraValue.fieldOfView))
          } catch {
            throw error.prefixed("previousSpan")
          }
        }
        let picture = try engine.mapPicture(
          index: index, view: CameraView(cameraValue), insets: insetsValue, selectedId: selected,
          cardSize: cardSize.map { ($0.width, $0.height) } ?? CalloutLayout.defaultCardSize, fetchCircle: fetchCircle,
          prunedFrom: showPruned ? IndexedPins(pins: pinSet) : nil, previous: previous)
        let svg = picture.svg()
        if let output {
          try Output.save(svg, to: output)
        } else {
          Output.text(svg)
        }
      }
    }

    /// Runs the events of a replay file through a map controller: the pins it holds at the end,
    /// its camera and its selection. Malformed events are reported on stderr and skipped, as `replay` does.
    static func replayed(_ path: String, engine: GeoEngine, cardSize: ViewportSize?) throws -> (PinSet, Camera, String?)
    {
      var configuration = MapController.Configuration()
      if let cardSize { (configuration.calloutWidth, configuration.calloutHeight) = (cardSize.width, cardSize.height) }
      let controller = MapController(engine: engine, configuration: configuration)
      guard let text = try? Machine.readText(path) else {
        throw InvalidInput(field: "replay", code: .malformedValue, message: "replay: cannot read \(path)")
      }
      for (i, line) in text.split(separator: "\n").enumerated() where line.contains(where: { !$0.isWhitespace }) {
        do throws(InvalidInput) {
          _ = try controller.replay(try JSONParser.parse(String(line)))
        } catch {
          Output.error("replay line \(i + 1): \(error.message)")
        }
      }
      guard let camera = controller.camera else {
        throw InvalidInput(field: "replay", code: .missingField, message: "replay: the events never set a camera")
      }
      return (try PinSet(announcements: controller.pins), camera, controller.selectedId)
    }
  }
}
