import ArgumentParser
import PetSpotGeo

extension PetSpotGeoCommand {
  /// `petspot-geo bench`: the engine's operations timed on a data set.
  struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Time the engine's operations (radius, prune, index build, clustering, hit-test, callouts) on a pin set.",
      discussion: """
        Warm-up runs are excluded; each operation reports median, p90 and p99 over its repetitions.

        Example:
          petspot-geo bench --generate 1000000 --operations prune-scan,prune-index
        """
    )

    enum Operation: String, CaseIterable, ExpressibleByArgument {
      case radius
      case pruneScan = "prune-scan"
      /// The scan into one result array kept across repetitions (as the C baseline's buffer).
      case pruneScanReused = "prune-scan-reused"
      case pruneIndex = "prune-index"
      case prunePlan = "prune-plan"
      /// The plan's answer into one array kept across repetitions.
      case prunePlanReused = "prune-plan-reused"
      case indexBuild = "index-build"
      case callout
      case calloutObstacles = "callout-obstacles"
      case clusterBuild = "cluster-build"
      case clusterQuery = "cluster-query"
      case clusterTransitions = "cluster-transitions"
      case clusterFiltered = "cluster-filtered"
      case clusterFilterSwitch = "cluster-filter-switch"
      case hitTest = "hit-test"
      case clusterInsert = "cluster-insert"
      case clusterRemove = "cluster-remove"

      /// Whether the operation depends on a camera (the others run once, reported with camera `-`).
      var takesCamera: Bool {
        switch self {
        case .radius, .pruneScan, .pruneScanReused, .pruneIndex, .prunePlan, .prunePlanReused, .clusterQuery,
          .clusterTransitions,
          .clusterFiltered, .clusterFilterSwitch,
          .hitTest:
          true
        case .indexBuild, .callout, .calloutObstacles, .clusterBuild, .clusterInsert, .clusterRemove: false
        }
      }
    }

    @Option(help: ArgumentHelp("Pins file to use.", valueName: "file"))
    var pins: String?

    @Option(help: ArgumentHelp("Generate this many skewed pins (seed 1) instead of --pins.", valueName: "N"))
    var generate: Int?

    @Option(help: ArgumentHelp("Places for --generate.", valueName: "file"))
    var places: String = "Data/geonames-places.csv"

    @Option(help: ArgumentHelp("Comma-separated operations (default: all).", valueName: "list"))
    var operations: ChoiceList<Operation> = .all

    @Option(
      help: ArgumentHelp(
        "Comma-separated built-in cameras (city, country, world, city-rotated, city-tilted, desktop-tilted; default: city,country,world), or a JSON Lines file of cameras, each with an optional \"name\".",
        valueName: "list|file"))
    var cameras: String = "city,country,world"

    @Option(help: "Recorded repetitions per operation (at least; fast ones run for ~0.5 s).")
    var repetitions: Int = 20

    @Option(help: "Unrecorded warm-up runs per operation.")
    var warmup: Int = 3

    @Option(help: "Cluster separation in points (the peers' 60 px radius).")
    var minSeparation: Double = 60

    @Option(help: "Cluster maxZoom.")
    var maxZoom: Int = 16

    @Option(
      help: ArgumentHelp(
        "cluster-filtered, cluster-filter-switch: the filter, as cluster --filter (repeatable); a property it names is counted per cluster (generated pins get species and lastSeenDate).",
        valueName: "name=values"))
    var filter: [String] = ["status=MISSING"]

    @Option(
      help:
        "prune-index, prune-plan, prune-plan-reused: the order of the answer, input or any (no sort of the walk's hits; the plan chosen for it)."
    )
    var order: Prune.Order = .input

    @Flag(help: "Print JSON Lines instead of a table.")
    var json = false

    func validate() throws {
      guard (pins == nil) != (generate == nil) else {
        throw ValidationError("give exactly one of --pins and --generate")
      }
      if let generate, !(1...PinGenerator.maxPins).contains(generate) {
        throw ValidationError("--generate must be an integer in 1...\(PinGenerator.maxPins)")
      }
      guard (1...1_000_000).contains(repetitions), (0...1_000_000).contains(warmup) else {
        throw ValidationError("--repetitions must be in 1...1000000 and --warmup in 0...1000000")
      }
    }

    func run() throws {
      let chosen = operations.choices
      let pruneOrder = order.pruneOrder
      let filtering =
        chosen.contains(where: { [.clusterFiltered, .clusterFilterSwitch].contains($0) })
        ? try Self.filter(filter) : nil
      let properties = filtering.map { Array($0.values.keys).sorted() } ?? []
      var set: PinSet
      if let pins {
        set = try PinsOptions.load(pins, properties: properties)
      } else {
        do {
          Progress.say("generating \(generate!) skewed pins…")
          let generator = PinGenerator(kind: .skewed(places: try PinGenerator.Place.load(path: places)), seed: 1)
          set = generator.pinSet(count: generate!)
          if !properties.isEmpty { generator.addDetails(to: &set) }
        } catch {
          Output.error(error.description)
          throw ExitCode.failure
        }
      }
      let engine = try EngineFactory.make()
      let layer =
        chosen.contains(where: { [.pruneIndex, .prunePlan, .prunePlanReused].contains($0) })
        ? IndexedPins(pins: set) : nil
      let clusterOptions = ClusterOptions(minSeparation: minSeparation, maxZoom: maxZoom)
      let clustering =
        chosen.contains(where: { [.clusterQuery, .clusterTransitions, .hitTest].contains($0) })
        ? try ClusterIndex(pins: set, options: clusterOptions) : nil
      let filtered = try filtering.map { filter in
        let options = ClusterOptions(
          minSeparation: minSeparation, maxZoom: maxZoom,
          aggregates: properties.map { ClusterAggregate(property: $0, kind: .counts) }, filterable: true)
        do throws(InvalidInput) {
          return try ClusterIndex(pins: set, options: options).filtered(by: filter)
        } catch {
          Output.error(error.message)
          throw ExitCode.failure
        }
      }
      var mutable =
        chosen.contains(where: { [.clusterInsert, .clusterRemove].contains($0) })
        ? try ClusteredPins(pins: set, options: clusterOptions) : nil
      Output.line(json ? BenchReport.machineJSON(pins: set) : BenchReport.header(pins: set))
      let cameraList = try BenchCameras.chosen(cameras)
      for operation in chosen {
        // An operation that takes no camera runs once, whichever cameras were asked for.
        for (name, camera) in operation.takesCamera ? cameraList : Array(cameraList.prefix(1)) {
          Progress.say("measuring \(operation.rawValue) (\(name))…")
          let view = CameraView(camera)
          let window = VisibilityWindow(view: view)
          var hits = 0
          let timing: TimingSummary
          switch operation {
          case .radius:
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits = engine.fetchQuery(for: camera).range
            }
          case .pruneScan:
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits = set.scanVisible(in: window).count
            }
          case .pruneScanReused:
            var reused: [UInt32] = []
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              set.scanVisible(in: window, into: &reused)
              hits = reused.count
            }
          case .pruneIndex:
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits = layer!.index.visible(in: window, order: pruneOrder).count
            }
          case .prunePlan:
            // The plan is chosen inside the timed call, as a user's query chooses it.
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits =
                layer!.visible(in: window, plan: layer!.index.plan(for: window, order: pruneOrder), order: pruneOrder)
                .count
            }
          case .prunePlanReused:
            var reused: [UInt32] = []
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              layer!.visible(
                in: window, plan: layer!.index.plan(for: window, order: pruneOrder), order: pruneOrder, into: &reused)
              hits = reused.count
            }
          case .indexBuild:
            timing = measure(warmup: 1, repetitions: min(repetitions, 5)) { hits = PinIndex(pins: set).count }
          case .clusterBuild:
            timing = measure(warmup: 1, repetitions: min(repetitions, 5)) {
              hits = (try? ClusterIndex(pins: set, options: clusterOptions))?.clusterCount ?? 0
            }
          case .clusterQuery:
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits = clustering!.items(in: view).items.count
            }
          case .clusterFiltered:
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits = filtered!.items(in: view).items.count
            }
          case .clusterFilterSwitch:
            // The filter toggled at one camera: from the unfiltered result to the filtered one, and back.
            let all = try filtered!.filtered(by: nil)
            let (a, b) = (all.items(in: view), filtered!.items(in: view))
            var flip = false
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              flip.toggle()
              hits =
                (flip
                ? filtered!.transitions(from: a, of: all, to: b)
                : all.transitions(from: b, of: filtered!, to: a)).count
            }
          case .clusterTransitions:
            // From the camera's result to the one zoomed in by half a level (the camera's centre
            // kept), and back: what a pinch step asks for.
            let closer = try Camera(
              center: camera.center, latitudeDelta: camera.latitudeDelta / 2.squareRoot(),
              longitudeDelta: camera.longitudeDelta / 2.squareRoot(), width: camera.width, height: camera.height,
              heading: camera.heading, pitch: camera.pitch, fieldOfView: camera.fieldOfView)
            let (a, b) = (clustering!.items(in: view), clustering!.items(in: CameraView(closer)))
            var flip = false
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              flip.toggle()
              hits =
                (flip
                ? clustering!.transitions(from: a, of: clustering!, to: b)
                : clustering!.transitions(from: b, of: clustering!, to: a)).count
            }
          case .hitTest:
            let result = clustering!.items(in: view)
            var random = SplitMix64(seed: 11)
            let taps = (0..<1_000).map { _ in
              ScreenPoint(x: random.uniform(0...camera.width), y: random.uniform(0...camera.height))
            }
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits = 0
              for tap in taps where result.hitTest(tap) != nil { hits += 1 }
            }
          case .clusterInsert, .clusterRemove:
            // One pin per run: inserted beside a random pin (≈ 10 m away), or a random pin removed.
            var random = SplitMix64(seed: 5)
            var serial = 0
            timing = measure(warmup: 1, repetitions: max(repetitions, 200)) {
              serial += 1
              let near = Int(random.next() % UInt64(set.count))
              if operation == .clusterInsert {
                let lat = min(max(set.latitudes[near] + random.uniform(-1e-4...1e-4), -90), 90)
                let lng = min(max(set.longitudes[near] + random.uniform(-1e-4...1e-4), -180), 180)
                try? mutable!.insert(id: "bench-\(serial)", latitude: lat, longitude: lng, status: .missing)
              } else {
                _ = try? mutable!.remove(id: set.ids[near])
              }
              hits = mutable!.index.clusterCount
            }
          case .callout, .calloutObstacles:
            let workload = try CalloutWorkload(engine: engine, withObstacles: operation == .calloutObstacles)
            timing = measure(warmup: warmup, repetitions: repetitions, minimumNanoseconds: 5e8) {
              hits = workload.run()
            }
            hits = workload.requests.count
          }
          let perRun =
            operation == .callout || operation == .calloutObstacles ? Double(hits) : operation == .hitTest ? 1_000 : 1
          // The plan each view got, and the order when it is not input order: prune-plan:index:any.
          var label = operation.rawValue
          if operation == .prunePlan || operation == .prunePlanReused {
            label += ":" + layer!.index.plan(for: window, order: pruneOrder).rawValue
          }
          if [.pruneIndex, .prunePlan, .prunePlanReused].contains(operation) && pruneOrder == .any { label += ":any" }
          let row = BenchReport.Row(
            operation: label,
            camera: operation.takesCamera ? name : "-",
            pins: set.count, result: hits, timing: timing.perOperation(perRun))
          Output.line(json ? row.json : row.text)
        }
      }
      Output.line(json ? BenchReport.memoryJSON() : BenchReport.footer())
    }
  }
}

extension PetSpotGeoCommand.Bench {
  /// The `--filter` clauses as a filter, or a usage error.
  static func filter(_ clauses: [String]) throws -> ClusterFilter {
    do {
      return try ClusterFilter(clauses: clauses)
    } catch {
      throw ValidationError("--filter: \(error.message)")
    }
  }
}

/// 1,000 placements on an iPhone-sized screen (pins anywhere, some off-screen), with or without a
/// legend rectangle and a WKT notch prepared once.
struct CalloutWorkload {
  let engine: GeoEngine
  let requests: [CalloutRequest]
  let obstacles: PreparedObstacles

  init(engine: GeoEngine, withObstacles: Bool) throws {
    self.engine = engine
    var random = SplitMix64(seed: 7)
    var layout = CalloutLayout(
      viewportWidth: 390, viewportHeight: 844, calloutWidth: CalloutLayout.defaultCardSize.width,
      calloutHeight: CalloutLayout.defaultCardSize.height)
    layout.insets = EdgeInsets(top: 59, bottom: 34)
    requests = (0..<1_000).map { _ in
      CalloutRequest(
        layout: layout, pin: .screen(ScreenPoint(x: random.uniform(-20...410), y: random.uniform(-20...864))))
    }
    let given: [CalloutRequest.Obstacle] =
      withObstacles
      ? [
        .rectangle(ScreenRect(x: 8, y: 700, width: 140, height: 90)),
        .wkt("POLYGON((130 0, 260 0, 260 37, 195 45, 130 37, 130 0))"),
      ]
      : []
    obstacles = try engine.prepareObstacles(given)
  }

  /// Places every request; returns how many fit.
  func run() -> Int {
    var fitting = 0
    for request in requests where (try? engine.placeCallout(request, obstacles: obstacles))?.fits == true {
      fitting += 1
    }
    return fitting
  }
}

/// Built-in cameras: a phone over Paris, a desktop over France, the whole world.
enum BenchCameras {
  /// The built-in cameras named in a comma-separated list, or the cameras of a JSON Lines file
  /// (each line a camera with an optional "name"; unnamed ones are "camera1", "camera2", …).
  static func chosen(_ list: String) throws -> [(String, Camera)] {
    let names = list.split(separator: ",").map(String.init)
    if names.allSatisfy({ name in all.contains { $0.0 == name } }) { return all.filter { names.contains($0.0) } }
    guard let text = try? Machine.readText(list) else {
      throw ValidationError(
        "--cameras: '\(list)' is neither a list of city, country, world, city-rotated, city-tilted, desktop-tilted nor a readable file"
      )
    }
    var result: [(String, Camera)] = []
    for (i, line) in text.split(separator: "\n").enumerated() where line.contains(where: { !$0.isWhitespace }) {
      do throws(InvalidInput) {
        let json = try JSONParser.parse(String(line))
        let name =
          json["name"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? "camera\(result.count + 1)"
        result.append((name, try Camera(json: json)))
      } catch {
        throw ValidationError("--cameras \(list), line \(i + 1): \(error.message)")
      }
    }
    return result
  }

  static let all = (BenchmarkCameras.pruning + BenchmarkCameras.tilted).map { ($0.name, $0.camera) }
}
