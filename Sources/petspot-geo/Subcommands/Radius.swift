import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo radius`: the fetch query for a camera.
  struct Radius: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the GET /announcements query (lat, lng, range in metres) for a map camera.",
      discussion: """
        The range is the largest WGS84 geodesic distance from the centre to the visible region, \
        rounded up to a metre (docs/camera-model.md).

        Example:
          petspot-geo radius --center 52.2297,21.0122 --span 0.05,0.08 --viewport 390x844
          lat=52.2297&lng=21.0122&range=6506

        Batch (JSON Lines in and out):
          echo '{"lat":52.2297,"lng":21.0122,"latDelta":0.05,"lngDelta":0.08,"width":390,"height":844}' \\
            | petspot-geo radius --batch
        """
    )

    @OptionGroup var camera: CameraOptions

    @Flag(help: "Print a JSON object with lat, lng, range, zoom and visibleRegion instead of the query string.")
    var json = false

    @Flag(help: "Read cameras as JSON Lines on stdin; print one JSON object (or error object) per line.")
    var batch = false

    func validate() throws {
      try camera.validate(batch: batch)
    }

    func run() throws {
      let engine = try EngineFactory.make()
      if batch {
        try JSONLinesBatch.run { request throws(InvalidInput) in
          engine.fetchQuery(for: try Camera(json: request)).json
        }
        return
      }
      do {
        let query = engine.fetchQuery(for: try camera.camera())
        Output.line(json ? query.json.serialized : query.queryString)
      } catch {
        Output.error(error.message)
        throw ExitCode.failure
      }
    }
  }
}
