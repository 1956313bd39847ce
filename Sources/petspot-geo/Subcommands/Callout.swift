import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo callout`: where the callout card goes for a tapped pin.
  struct Callout: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Place a pin's callout card: above, below when there is no room, slid at the edges, arrow on the pin.",
      discussion: """
        Prints {"placement","frame":{x,y,width,height},"arrowX","fits","pan":{dx,dy}} (screen points, y down).

        Example (iPhone with a Dynamic Island):
          petspot-geo callout --viewport 390x844 --insets 59,0,34,0 --pin 195,600 --size 262x360
        A pin given as a coordinate, drawn by a camera:
          petspot-geo callout --pin-coordinate 52.23,21.01 --center 52.2297,21.0122 --span 0.05,0.08 --viewport 390x844 --size 262x200
        Batch: one JSON request per line (see the README for the fields).
        """
    )

    @OptionGroup var camera: CameraOptions

    @Option(parsing: .unconditional, help: ArgumentHelp("The pin's tip on screen, in points.", valueName: "x,y"))
    var pin: DoublePair?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("The pin as a coordinate (needs --center and --span).", valueName: "lat,lng"))
    var pinCoordinate: DoublePair?

    @Option(help: ArgumentHelp("Callout card size in points.", valueName: "WIDTHxHEIGHT"))
    var size: ViewportSize?

    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Safe-area insets (default 0,0,0,0).", valueName: "top,left,bottom,right"))
    var insets: InsetsArgument?

    @Option(help: "Points kept free inside the safe area (default 8).")
    var margin: Double = 8

    @Option(help: "Pin height in points (default 40).")
    var pinHeight: Double = 40

    @Option(help: "Gap between pin and arrow tip (default 10).")
    var gap: Double = 10

    @Option(help: ArgumentHelp("Arrow size (default 20x10).", valueName: "WIDTHxHEIGHT"))
    var arrow: ViewportSize?

    @Option(help: "Card corner radius (default 12).")
    var cornerRadius: Double = 12

    @Option(
      parsing: .unconditionalSingleValue,
      help: ArgumentHelp("An obstacle: x,y,width,height or WKT (repeatable).", valueName: "rect|wkt"))
    var obstacle: [String] = []

    @Flag(help: "Read one JSON request per line on stdin; print one placement (or error object) per line.")
    var batch = false

    func validate() throws {
      if batch {
        if camera.isAnyGiven || pin != nil || pinCoordinate != nil || size != nil {
          throw ValidationError("request flags cannot be combined with --batch")
        }
        return
      }
      guard size != nil else { throw ValidationError("--size is required (or use --batch)") }
      guard (pin == nil) != (pinCoordinate == nil) else {
        throw ValidationError("give exactly one of --pin and --pin-coordinate")
      }
      if pin != nil, camera.viewport == nil { throw ValidationError("--viewport is required with --pin") }
      if pinCoordinate != nil { try camera.validateComplete() }
    }

    func run() throws {
      let engine = try EngineFactory.make()
      if batch {
        var lastObstacles: (given: [CalloutRequest.Obstacle], prepared: PreparedObstacles)?
        try JSONLinesBatch.run { line in
          let request = try CalloutRequest(json: line)
          // Consecutive lines usually share their obstacles: parse and prepare them once.
          if lastObstacles?.given != request.obstacles {
            lastObstacles = (request.obstacles, try engine.prepareObstacles(request.obstacles))
          }
          return try engine.placeCallout(request, obstacles: lastObstacles!.prepared).json
        }
        return
      }
      try Output.exitingOnFailure {
        let placement = try engine.placeCallout(try request())
        Output.line(placement.json.serialized)
      }
    }

    private func request() throws(InvalidInput) -> CalloutRequest {
      let cameraValue: Camera? = pinCoordinate == nil ? nil : try camera.camera()
      let viewport = camera.viewport!
      var layout = CalloutLayout(
        viewportWidth: viewport.width, viewportHeight: viewport.height, calloutWidth: size!.width,
        calloutHeight: size!.height)
      if let insets { layout.insets = insets.insets }
      layout.margin = margin
      layout.pinHeight = pinHeight
      layout.gap = gap
      layout.cornerRadius = cornerRadius
      if let arrow { (layout.arrowWidth, layout.arrowHeight) = (arrow.width, arrow.height) }
      let obstacles = try obstacle.enumerated().map { (i, text) throws(InvalidInput) -> CalloutRequest.Obstacle in
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { FlagNumber.parse($0) }
        if numbers.count == 4, numbers.allSatisfy({ $0 != nil }) {
          return .rectangle(ScreenRect(x: numbers[0]!, y: numbers[1]!, width: numbers[2]!, height: numbers[3]!))
        }
        return .wkt(text)
      }
      let pinValue: CalloutRequest.Pin
      if let pin {
        pinValue = .screen(ScreenPoint(x: pin.first, y: pin.second))
      } else {
        pinValue = .coordinate(
          GeoCoordinate(latitude: pinCoordinate!.first, longitude: pinCoordinate!.second),
          view: CameraView(cameraValue!))
      }
      return CalloutRequest(layout: layout, pin: pinValue, obstacles: obstacles)
    }
  }
}
