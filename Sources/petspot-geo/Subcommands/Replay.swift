import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo replay`: run a recorded map interaction through the map controller.
  struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay map events (JSON Lines) through the PetSpot map controller; print effects and state per event.",
      discussion: """
        Events: appear, gestureBegan, cameraChanged, gestureEnded (with "camera"), fetchSucceeded \
        ("requestId", "announcements"), fetchFailed ("requestId"), tapPin ("id"), tapMap, viewportChanged \
        ("width", "height"); optional "t" in milliseconds. A malformed event gets an error line and \
        the controller continues unchanged (exit 1 at the end).

        Example:
          printf '%s\\n' '{"event":"appear","camera":{"lat":52.23,"lng":21.01,"latDelta":0.05,"lngDelta":0.08,"width":390,"height":844}}' \\
            '{"event":"fetchSucceeded","requestId":1,"announcements":[{"id":"a1","lastSeenLatitude":52.23,"lastSeenLongitude":21.01,"status":"MISSING"}]}' \\
            '{"event":"tapPin","id":"a1"}' | petspot-geo replay
        """
    )

    @Flag(help: "Skip a fetch when the new view lies inside the last successful fetch's circle.")
    var reuseCoveredFetch = false

    @Option(help: "Milliseconds a successful fetch may be reused for (default 60000).")
    var reuseMaxAge: Double = 60_000

    @Option(
      help: ArgumentHelp(
        "Callout card size for the placement in the state (default \(CalloutLayout.defaultCardSizeText)).",
        valueName: "WIDTHxHEIGHT"))
    var calloutSize: ViewportSize?

    @Flag(
      help:
        "Cluster the shown pins: every state carries \"display\" (items and their transitions from the previous state) and \"selection\" (where the selected pin is; revealSelection when a zoom-out hides it in a cluster)."
    )
    var cluster = false

    @OptionGroup var clustering: ClusteringOptions

    /// The controller's configuration from the flags, checked by the library's own rule.
    var configuration: MapController.Configuration {
      var configuration = MapController.Configuration()
      configuration.reuseCoveredFetch = reuseCoveredFetch
      configuration.reuseMaxAge = reuseMaxAge
      if let calloutSize {
        (configuration.calloutWidth, configuration.calloutHeight) = (calloutSize.width, calloutSize.height)
      }
      if cluster { configuration.clustering = clustering.options }
      return configuration
    }

    func validate() throws {
      if !cluster && clustering.options != ClusterOptions() {
        throw ValidationError(
          "--min-separation and --max-zoom need --cluster (they set how the shown pins are clustered)")
      }
      do throws(InvalidInput) {
        try configuration.validate()
      } catch {
        let flags = ["reuseMaxAge": "--reuse-max-age", "minSeparation": "--min-separation", "maxZoom": "--max-zoom"]
        throw ValidationError("\(flags[error.field ?? ""] ?? "--callout-size"): \(error.message)")
      }
    }

    func run() throws {
      let controller = MapController(engine: try EngineFactory.make(), configuration: configuration)
      try JSONLinesBatch.run { line throws(InvalidInput) in try controller.replay(line) }
    }
  }
}
