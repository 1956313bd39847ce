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

        Filters (no rebuild between lines; a line's "filter" replaces --filter):
          petspot-geo cluster --pins Data/pins.csv --center 48.8566,2.3522 --span 0.3,0.3 --viewport 390x844 \\
            --filter status=MISSING
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

    @Flag(
      help:
        "Read cameras as JSON Lines on stdin (optional \"minSeparation\", \"maxZoom\", \"reveal\", \"filter\" per line)."
    )
    var batch = false

    @Flag(
      help:
        "With --batch: each line also carries the transitions (stay, split, merge, regroup, appear, disappear) from the previous answered line's items."
    )
    var transitions = false

    @Option(
      help: ArgumentHelp(
        "Keep a value per cluster over a property of the pins file (a CSV column, a JSON property): PROPERTY:counts (leaves per value), PROPERTY:min or PROPERTY:max (numbers or ISO 8601 dates). Repeatable; every item then carries \"aggregates\".",
        valueName: "property:kind"))
    var aggregate: [String] = []

    @Option(
      help: ArgumentHelp(
        "Show only some pins: status=MISSING,FOUND (\"\" for none) or PROPERTY=VALUE,… for a property with a PROPERTY:counts aggregate. Repeatable (clauses combine with AND; values within one with OR). Implies --filterable.",
        valueName: "name=values"))
    var filter: [String] = []

    @Flag(
      help:
        "Build the index so that queries can filter (per-cluster counts by status and counts-aggregate values); needed for batch lines' \"filter\"."
    )
    var filterable = false

    @Option(
      help: ArgumentHelp(
        "With --filterable: how many values of the counts aggregates' properties (the most common) get hierarchies of their own, so that a filter on one of them, alone or with one status, is as fast as an unfiltered query (each costs about one more build over its pins and 36 bytes per pin). 0...64; 0 keeps only the per-status hierarchies.",
        valueName: "n"))
    var filterValueHierarchies: Int = ClusterOptions().filterValueHierarchies

    @Option(
      help: ArgumentHelp(
        "Also say where the pin with this id is (the item holding it) and the camera that shows it on its own.",
        valueName: "id"))
    var reveal: String?

    /// Where the pin with `id` is in `result` and the camera that shows it on its own.
    static func reveal(_ id: String, _ index: ClusterIndex, _ result: ClusterResult, _ camera: Camera)
      throws(InvalidInput) -> PinReveal
    {
      guard let position = index.pins.ids.position(of: id),
        let revealed = index.reveal(position: position, in: result, from: camera)
      else {
        throw InvalidInput(
          field: "reveal", code: .outOfRange, message: "reveal: no pin with id '\(id)' on the map")
      }
      return revealed
    }

    func validate() throws {
      try camera.validate(batch: batch)
      if transitions && !batch {
        throw ValidationError("--transitions needs --batch (transitions relate consecutive lines)")
      }
      guard (0...ClusterOptions.maxFilterValueHierarchies).contains(filterValueHierarchies) else {
        throw ValidationError(
          "--filter-value-hierarchies must be an integer in 0...\(ClusterOptions.maxFilterValueHierarchies)")
      }
    }

    func run() throws {
      var defaults = clustering.options
      let defaultFilter: ClusterFilter?
      do {
        defaults.aggregates = try aggregate.map { text throws(InvalidInput) in try ClusterAggregate(parsing: text) }
        defaults.filterable = filterable || !filter.isEmpty
        defaults.filterValueHierarchies = filterValueHierarchies
        defaultFilter = filter.isEmpty ? nil : try ClusterFilter(clauses: filter)
        if !batch { try defaults.validate() }
      } catch {
        Output.error(error.message)
        throw ExitCode.failure
      }
      let pins = try pinsFile.load(properties: defaults.aggregates.map(\.property))
      if !defaults.aggregates.isEmpty {
        // A property the pins lack is a usage error, not a per-line one: say so once.
        do {
          try ClusterAggregate.validate(defaults.aggregates, over: pins)
        } catch {
          Output.error(error.message)
          throw ExitCode.failure
        }
      }
      var indexes: [ClusterOptions: ClusterIndex] = [:]
      // The last answered line's result, for --transitions (none before the first: all appear).
      var previous: (index: ClusterIndex, result: ClusterResult)?
      func answer(_ camera: Camera, _ options: ClusterOptions, reveal: String?, filter: ClusterFilter?)
        throws(InvalidInput) -> String
      {
        let unfiltered: ClusterIndex
        if let known = indexes[options] {
          unfiltered = known
        } else {
          unfiltered = try ClusterIndex(pins: pins, options: options)
          indexes[options] = unfiltered
        }
        let index = try unfiltered.filtered(by: filter)
        let result = index.items(in: CameraView(camera))
        let revealed = try reveal.map { id throws(InvalidInput) in (id, try Self.reveal(id, index, result, camera)) }
        var changes: [ClusterTransition]?
        if transitions {
          changes =
            previous.map { index.transitions(from: $0.result, of: $0.index, to: result) }
            ?? result.items.indices.map { ClusterTransition(kind: .appear, from: [], to: [$0]) }
          previous = (index, result)
        }
        return format == .geojson
          ? ClusterOutput.geoJSON(
            result, index: index, withLeaves: withLeaves, reveal: revealed, transitions: changes)
          : ClusterOutput.json(result, index: index, withLeaves: withLeaves, reveal: revealed, transitions: changes)
      }
      if batch {
        try JSONLinesBatch.runText { request throws(InvalidInput) in
          let id: String?
          switch request["reveal"] {
          case nil, .null?: id = reveal
          case .string(let text)?: id = text
          case let other?:
            throw InvalidInput(
              field: "reveal", code: .invalidType, message: "reveal must be a pin id, not \(other.typeDescription)")
          }
          let filter: ClusterFilter? =
            switch request["filter"] {
            case nil: defaultFilter
            case .null?: nil
            case let json?: try ClusterFilter(json: json)
            }
          return try answer(
            try Camera(json: request), try ClusterOptions(json: request, defaults: defaults), reveal: id,
            filter: filter)
        }
        return
      }
      do {
        Output.line(try answer(try camera.camera(), defaults, reveal: reveal, filter: defaultFilter))
      } catch {
        Output.error(error.message)
        throw ExitCode.failure
      }
    }
  }
}
