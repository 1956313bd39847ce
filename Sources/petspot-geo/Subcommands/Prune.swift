import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo prune`: the pins a camera shows.
  struct Prune: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Keep exactly the pins a map camera shows (rotation, padding, antimeridian, poles).",
      discussion: """
        Prints {"visible":[ids in input order (or --order any)],"invalid":N}: N counts rows whose \
        coordinates were invalid (kept out, exit status unchanged).

        Example:
          petspot-geo prune --pins Data/pins.csv --center 52.2297,21.0122 --span 0.3,0.3 --viewport 390x844 --status MISSING

        Batch (cameras as JSON Lines, optional "padding" per line; the index is built once):
          echo '{"lat":52.2297,"lng":21.0122,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844,"padding":22}' \\
            | petspot-geo prune --pins Data/pins.csv --batch
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
      case json, geojson
    }

    enum Method: String, ExpressibleByArgument, CaseIterable {
      case auto, scan, index
    }

    /// ``PruneOrder`` as an argument.
    enum Order: String, ExpressibleByArgument, CaseIterable {
      case input, any

      var pruneOrder: PruneOrder { self == .input ? .input : .any }
    }

    @OptionGroup var pinsFile: PinsOptions
    @OptionGroup var camera: CameraOptions

    @Option(help: ArgumentHelp("Points added on every side of the view (default 0).", valueName: "points"))
    var padding: Double = 0

    @Option(help: ArgumentHelp("Keep only these statuses, e.g. MISSING,FOUND (default: every pin).", valueName: "list"))
    var status: StatusListArgument?

    @Flag(help: "Print {\"count\":N,\"invalid\":N} instead of the ids.")
    var countOnly = false

    @Option(help: "Output: json (ids) or geojson (a FeatureCollection of the visible pins).")
    var format: Format = .json

    @Option(
      help: """
        scan (one pass, no index), index (the quadtree walk), or auto: a scan for one camera; with \
        --batch the index is built once and each camera gets the plan its view needs (all pins, a \
        scan, or the walk).
        """)
    var method: Method = .auto

    @Option(
      help: """
        Order of the ids: input (as in the pins file) or any (as the plan finds them: the index walk's \
        spatial order, no sort of the hits). --count-only needs no order.
        """)
    var order: Order = .input

    @Flag(help: "Read cameras as JSON Lines on stdin (optional \"padding\" per line).")
    var batch = false

    func validate() throws {
      try camera.validate(batch: batch)
      if countOnly && format == .geojson {
        throw ValidationError("--count-only and --format geojson exclude each other")
      }
    }

    func run() throws {
      let pins = try pinsFile.load()
      let filter = status?.filter
      let useIndex = method == .index || (method == .auto && batch)
      let layer = useIndex ? IndexedPins(pins: pins) : nil
      func answer(_ camera: Camera, _ padding: Double) throws(InvalidInput) -> String {
        let view = CameraView(camera)
        let visible: [UInt32]
        if let layer {
          visible = try layer.visible(
            in: view, padding: padding, statuses: filter, plan: method == .index ? .index : nil,
            order: countOnly ? .any : order.pruneOrder)
        } else {
          visible = try pins.visible(in: view, padding: padding, statuses: filter)
        }
        if countOnly { return PrunedPinsOutput.count(visible.count, pins: pins) }
        return format == .geojson
          ? PrunedPinsOutput.geoJSON(visible, pins: pins) : PrunedPinsOutput.visible(visible, pins: pins)
      }
      if batch {
        try JSONLinesBatch.runText { request throws(InvalidInput) in
          try answer(
            try Camera(json: request), try request.optionalNumber("padding", "a finite number of points >= 0") ?? 0)
        }
        return
      }
      do {
        Output.line(try answer(try camera.camera(), padding))
      } catch {
        Output.error(error.message)
        throw ExitCode.failure
      }
    }
  }
}
