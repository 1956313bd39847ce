import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo cluster`: the display items (pins, clusters, spiderfied pins) a camera shows.
  struct Cluster: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Cluster pins for a camera so that every item stays tappable (quadtree hierarchy, spiderfy).",
      discussion: """
        Prints {"zoom":z,"level":L,"items":[...]}: pins, clusters (count, statusCounts, expansionZoom) and \
        spiderfied pins (anchorX/anchorY: the true position on screen), each with lat/lng and screen x/y. \
        Any two items are at least --min-separation points apart.

        Example:
          petspot-geo cluster --pins Data/pins.csv --center 48.8566,2.3522 --span 0.3,0.3 --viewport 390x844

        Batch (cameras as JSON Lines, optional "minSeparation" and "maxZoom" per line; one index per option set):
          echo '{"lat":48.8566,"lng":2.3522,"latDelta":0.3,"lngDelta":0.3,"width":390,"height":844,"maxZoom":18}' \\
            | petspot-geo cluster --pins Data/pins.csv --batch
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
      case json, geojson
    }

    @OptionGroup var pinsFile: PinsOptions
    @OptionGroup var camera: CameraOptions

    @OptionGroup var clustering: ClusteringOptions

    @Flag(help: "List every cluster's leaf ids.")
    var withLeaves = false

    @Option(help: "Output: json or geojson (a FeatureCollection of the items).")
    var format: Format = .json

    @Flag(help: "Read cameras as JSON Lines on stdin (optional \"minSeparation\", \"maxZoom\" per line).")
    var batch = false

    func validate() throws {
      try camera.validate(batch: batch)
    }

    func run() throws {
      let defaults = clustering.options
      if !batch {
        do {
          try defaults.validate()
        } catch {
          Output.error(error.message)
          throw ExitCode.failure
        }
      }
      let pins = try pinsFile.load()
      var indexes: [ClusterOptions: ClusterIndex] = [:]
      func answer(_ camera: Camera, _ options: ClusterOptions) throws(InvalidInput) -> String {
        let index: ClusterIndex
        if let known = indexes[options] {
          index = known
        } else {
          index = try ClusterIndex(pins: pins, options: options)
          indexes[options] = index
        }
        let result = index.items(in: CameraView(camera))
        return format == .geojson
          ? ClusterOutput.geoJSON(result, index: index, withLeaves: withLeaves)
          : ClusterOutput.json(result, index: index, withLeaves: withLeaves)
      }
      if batch {
        try JSONLinesBatch.runText { request throws(InvalidInput) in
          try answer(try Camera(json: request), try ClusterOptions(json: request, defaults: defaults))
        }
        return
      }
      do {
        Output.line(try answer(try camera.camera(), defaults))
      } catch {
        Output.error(error.message)
        throw ExitCode.failure
      }
    }
  }
}
