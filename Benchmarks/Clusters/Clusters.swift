import Benchmark
import Foundation
import PetSpotGeo
import Tolerances

/// Clustering benchmarks (issue: clustering): build over 100k / 1M / 10M skewed pins (time,
/// memory, index bytes per pin), queries for city, country and world cameras (1280 × 800), a
/// hit-test on a query's result, transitions between two results, revealing a pin, insert /
/// remove / update of one pin, and aggregates (build with two, reading them, changing a property).
/// minSeparation 60, maxZoom 16: the peers' 60 px radius at 256-px tiles. Data: the skewed generator (GeoNames places + N(0,
/// 0.02°) jitter, seed 1), generated once per process outside the measurements.
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
  Benchmark.defaultConfiguration = .init(
    metrics: metrics, warmupIterations: 2, scalingFactor: .one,
    maxDuration: .seconds(3),
    maxIterations: 100_000, thresholds: regressionTolerances(for: metrics))

  for size in [100_000, 1_000_000, 10_000_000] {
    let label = size >= 1_000_000 ? "\(size / 1_000_000)M" : "\(size / 1_000)k"
    buildBenchmark("cluster.build.\(label)", size: size, options: ClusterData.options) { ClusterData.pins(size) }
    guard size == 1_000_000 else { continue }
    // The same pins with species and lastSeenDate, and two aggregates kept per cluster.
    buildBenchmark("cluster.build.aggregates.\(label)", size: size, options: ClusterData.aggregateOptions) {
      ClusterData.detailedPins(size)
    }
    // Both aggregates of every item of the France result (≈ 100 items).
    Benchmark("cluster.aggregates.country.\(label)", configuration: .init(scalingFactor: .kilo)) { benchmark in
      let index = ClusterData.detailedIndex(size)
      let result = index.items(in: CameraView(ClusterData.cameras[1].1))
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        for item in result.items { blackHole((index.aggregate(0, of: item), index.aggregate(1, of: item))) }
      }
    }
    // One pin's species and last-seen date changed (its clusters' aggregates brought up to date).
    Benchmark(
      "cluster.setProperty.\(label)",
      configuration: .init(warmupIterations: 5, maxDuration: .seconds(5), maxIterations: 3_000)
    ) { benchmark in
      var random = SplitMix64(seed: UInt64(ClusterData.changes) &+ 11)
      ClusterData.changes += 1
      let pin = Int(random.next() % UInt64(size))
      let date = "2026-11-\(10 + random.next() % 20)"
      benchmark.startMeasurement()
      ClusterData.setProperties(size, pin: pin, species: ["DOG", "CAT", "FERRET"][Int(random.next() % 3)], date: date)
      benchmark.stopMeasurement()
    }
    for (name, camera) in ClusterData.cameras {
      Benchmark("cluster.query.\(name).\(label)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let index = ClusterData.index(size)
        let view = CameraView(camera)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(index.items(in: view)) }
      }
    }
    // Filters at query time on a filterable index over the same pins (species counted): each
    // camera under three filters, beside the unfiltered queries above.
    buildBenchmark("cluster.build.filterable.\(label)", size: size, options: ClusterData.filterableOptions) {
      ClusterData.detailedPins(size)
    }
    for (name, camera) in ClusterData.cameras {
      for (filterName, filter) in ClusterData.filters {
        Benchmark("cluster.query.filtered.\(filterName).\(name).\(label)", configuration: .init(scalingFactor: .kilo)) {
          benchmark in
          let index = try! ClusterData.filterableIndex(size).filtered(by: filter)
          let view = CameraView(camera)
          benchmark.startMeasurement()
          for _ in benchmark.scaledIterations { blackHole(index.items(in: view)) }
        }
      }
    }
    // Switching the filter, then the query (France): what a tap on a filter chip costs.
    Benchmark("cluster.filter.switch.country.\(label)", configuration: .init(scalingFactor: .kilo)) { benchmark in
      let index = ClusterData.filterableIndex(size)
      let view = CameraView(ClusterData.cameras[1].1)
      var k = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(try! index.filtered(by: ClusterData.filters[k & 1].1).items(in: view))
        k += 1
      }
    }
    // The transitions of that tap (France): from the unfiltered result to the MISSING one and back
    // (two hierarchies of one index: the relation is found from the leaves).
    Benchmark("cluster.filter.transitions.country.\(label)", configuration: .init(scalingFactor: .kilo)) { benchmark in
      let all = ClusterData.filterableIndex(size)
      let missing = try! all.filtered(by: ClusterData.filters[0].1)
      let view = CameraView(ClusterData.cameras[1].1)
      measureTransitionsBothWays(benchmark, (all, all.items(in: view)), (missing, missing.items(in: view)))
    }
    Benchmark("cluster.hittest.country.\(label)", configuration: .init(scalingFactor: .kilo)) { benchmark in
      let result = ClusterData.index(size).items(in: CameraView(ClusterData.cameras[1].1))
      var random = SplitMix64(seed: 3)
      let taps = (0..<1_024).map { _ in ScreenPoint(x: random.uniform(0...1280), y: random.uniform(0...800)) }
      var k = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(result.hitTest(taps[k & 1023]))
        k += 1
      }
    }
    // Transitions between two desktop city results (≈ 120 items each): zoomed in by half a level
    // and panned by a tenth of the view, and back.
    Benchmark("cluster.transitions.city.\(label)", configuration: .init(scalingFactor: .kilo)) { benchmark in
      let index = ClusterData.index(size)
      let city = ClusterData.cameras[0].1
      let closer = try! Camera(
        center: GeoCoordinate(
          latitude: city.center.latitude + city.latitudeDelta / 10, longitude: city.center.longitude),
        latitudeDelta: city.latitudeDelta / 1.41, longitudeDelta: city.longitudeDelta / 1.41, width: city.width,
        height: city.height)
      measureTransitionsBothWays(
        benchmark, (index, index.items(in: CameraView(city))), (index, index.items(in: CameraView(closer))))
    }
    // Reveal a random pin shown by the France query: the item holding it and the camera showing
    // it alone (checked by one or more queries at that camera).
    Benchmark("cluster.reveal.country.\(label)", configuration: .init(scalingFactor: .one)) { benchmark in
      let index = ClusterData.index(size)
      let camera = ClusterData.cameras[1].1
      let result = index.items(in: CameraView(camera))
      let shown = result.items.flatMap { $0.cluster.map { index.leaves(of: $0, limit: 64) } ?? [$0.position] }
      var random = SplitMix64(seed: 5)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        blackHole(index.reveal(position: shown[Int(random.next() % UInt64(shown.count))], in: result, from: camera))
      }
    }
    // One change per iteration on a 1M-pin index built once per process, outside the measurement
    // (the warm-up's first change pays the copy-on-write of the shared pin arrays). "insert" puts a
    // pin beside a random existing one (up to ≈ 10 m away: where reports pile up),
    // "insert.anywhere" uniformly in ±60° latitude, "remove" takes a random pin out, "update"
    // moves one up to ≈ 100 m.
    for change in ["insert", "insert.anywhere", "remove", "update"] {
      Benchmark(
        "cluster.\(change).\(label)",
        configuration: .init(warmupIterations: 5, maxDuration: .seconds(5), maxIterations: 3_000)
      ) { benchmark in
        let pins = ClusterData.pins(size)
        var random = SplitMix64(seed: UInt64(ClusterData.changes) &+ 9)
        let near = Int(random.next() % UInt64(size))
        // Beside pin `near`, `scale` × up to 1e-4° away, kept a valid coordinate.
        func beside(_ scale: Double) -> (Double, Double) {
          (
            min(max(pins.latitudes[near] + scale * random.uniform(-1e-4...1e-4), -90), 90),
            min(max(pins.longitudes[near] + scale * random.uniform(-1e-4...1e-4), -180), 180)
          )
        }
        ClusterData.changes += 1
        let id = "bench-\(ClusterData.changes)"
        benchmark.startMeasurement()
        switch change {
        case "insert":
          let (lat, lng) = beside(1)
          try! ClusterData.editable(size).insert(id: id, latitude: lat, longitude: lng, status: .missing)
        case "insert.anywhere":
          try! ClusterData.editable(size).insert(
            id: id, latitude: random.uniform(-60...60), longitude: random.uniform(-180...180), status: .missing)
        case "remove":
          _ = try! ClusterData.editable(size).remove(id: pins.ids[near])
        default:
          let (lat, lng) = beside(10)
          _ = try? ClusterData.editable(size).update(id: pins.ids[near], latitude: lat, longitude: lng, status: .found)
        }
        benchmark.stopMeasurement()
      }
    }
  }
}

/// A build benchmark: time, peak memory and index bytes per pin of building over `pins()` (made
/// outside the measurement).
func buildBenchmark(_ name: String, size: Int, options: ClusterOptions, pins: @escaping () -> PinSet) {
  Benchmark(
    name,
    configuration: .init(
      metrics: buildMetrics, maxIterations: size > 1_000_000 ? 3 : 10,
      thresholds: regressionTolerances(for: buildMetrics))
  ) { benchmark in
    let pins = pins()
    benchmark.startMeasurement()
    var bytes = 0
    for _ in benchmark.scaledIterations {
      let index = try! ClusterIndex(pins: pins, options: options)
      bytes = index.memoryBytes
      blackHole(index)
    }
    benchmark.stopMeasurement()
    benchmark.measurement(.custom("index bytes per pin"), bytes / size)
  }
}

/// Times the transitions from `a`'s result to `b`'s and back, alternately (a result with the index
/// that answered it).
func measureTransitionsBothWays(
  _ benchmark: Benchmark, _ a: (index: ClusterIndex, result: ClusterResult),
  _ b: (index: ClusterIndex, result: ClusterResult)
) {
  var k = 0
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    blackHole(
      k & 1 == 0
        ? b.index.transitions(from: a.result, of: a.index, to: b.result)
        : a.index.transitions(from: b.result, of: b.index, to: a.result))
    k += 1
  }
}

/// Data and cameras shared by the suite (built lazily, once per process).
enum ClusterData {
  static let options = ClusterOptions(minSeparation: 60, maxZoom: 16)

  static let cameras = BenchmarkCameras.clustering + [("city-tilted", BenchmarkCameras.desktopCityTilted)]

  nonisolated(unsafe) private static var plain: [Int: PinSet] = [:]
  nonisolated(unsafe) private static var indexes: [Int: ClusterIndex] = [:]

  /// The skewed generator over the GeoNames places, seed 1.
  static let generator: PinGenerator = {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Data/geonames-places.csv").standardized.path
    return PinGenerator(kind: .skewed(places: try! PinGenerator.Place.load(path: path)), seed: 1)
  }()

  static func pins(_ count: Int) -> PinSet {
    if let set = plain[count] { return set }
    let set = generator.pinSet(count: count)
    plain[count] = set
    return set
  }

  /// One clustered pin set per size that the change benchmarks edit in place, and the number of
  /// changes made so far (fresh ids, fresh random draws).
  nonisolated(unsafe) private static var editables: [Int: ClusteredPins] = [:]
  nonisolated(unsafe) static var changes = 0

  /// Calls in-place mutation on the editable set of `count` pins (built on first use).
  static func editable(_ count: Int) -> Editable { Editable(count: count) }

  /// A handle whose methods change the cached set in place (no copy of its arrays).
  struct Editable {
    let count: Int
    private func ensure() {
      if editables[count] == nil { editables[count] = try! ClusteredPins(pins: pins(count), options: options) }
    }
    func insert(id: String, latitude: Double, longitude: Double, status: PinStatus?) throws(ClusteredPins.ChangeError) {
      ensure()
      try editables[count]!.insert(id: id, latitude: latitude, longitude: longitude, status: status)
    }
    func remove(id: String) throws(ClusteredPins.ChangeError) -> Bool {
      ensure()
      return try editables[count]!.remove(id: id)
    }
    func update(id: String, latitude: Double, longitude: Double, status: PinStatus?) throws(ClusteredPins.ChangeError) {
      ensure()
      try editables[count]!.update(id: id, latitude: latitude, longitude: longitude, status: status)
    }
  }

  static let aggregateOptions = ClusterOptions(
    minSeparation: 60, maxZoom: 16,
    aggregates: [
      ClusterAggregate(property: "species", kind: .counts), ClusterAggregate(property: "lastSeenDate", kind: .max),
    ])

  /// ``aggregateOptions``, filterable.
  static let filterableOptions = ClusterOptions(
    minSeparation: 60, maxZoom: 16, aggregates: aggregateOptions.aggregates, filterable: true)

  /// The filters the filtered queries apply: MISSING (≈ 65 % of the pins) and FOUND cats (≈ 11 %),
  /// each answered by a hierarchy of its own; dogs and cats (≈ 88 %), read through the species
  /// marginal runs of the hierarchy over every pin. (A chip switch toggles the first two.)
  static let filters: [(String, ClusterFilter)] = [
    ("missing", ClusterFilter(statuses: [.missing])),
    ("found-cats", ClusterFilter(statuses: [.found], values: ["species": ["CAT"]])),
    ("dogs-cats", ClusterFilter(values: ["species": ["DOG", "CAT"]])),
  ]

  nonisolated(unsafe) private static var filterables: [Int: ClusterIndex] = [:]

  /// The index over ``detailedPins(_:)`` with ``filterableOptions``.
  static func filterableIndex(_ count: Int) -> ClusterIndex {
    if let index = filterables[count] { return index }
    let index = try! ClusterIndex(pins: detailedPins(count), options: filterableOptions)
    filterables[count] = index
    return index
  }

  nonisolated(unsafe) private static var detailed: [Int: PinSet] = [:]
  nonisolated(unsafe) private static var detailedIndexes: [Int: ClusterIndex] = [:]

  /// ``pins(_:)`` with the generator's species and lastSeenDate properties.
  static func detailedPins(_ count: Int) -> PinSet {
    if let set = detailed[count] { return set }
    var set = pins(count)
    generator.addDetails(to: &set)
    detailed[count] = set
    return set
  }

  /// The index over ``detailedPins(_:)`` with ``aggregateOptions``.
  static func detailedIndex(_ count: Int) -> ClusterIndex {
    if let index = detailedIndexes[count] { return index }
    let index = try! ClusterIndex(pins: detailedPins(count), options: aggregateOptions)
    detailedIndexes[count] = index
    return index
  }

  /// Sets a pin's properties in the cached detailed index, in place.
  static func setProperties(_ count: Int, pin: Int, species: String, date: String) {
    _ = detailedIndex(count)
    try! detailedIndexes[count]!.setProperty("species", to: species, at: pin)
    try! detailedIndexes[count]!.setProperty("lastSeenDate", to: date, at: pin)
  }

  static func index(_ count: Int) -> ClusterIndex {
    if let index = indexes[count] { return index }
    let index = try! ClusterIndex(pins: pins(count), options: options)
    indexes[count] = index
    return index
  }
}
