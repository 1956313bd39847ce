import Benchmark
import PetSpotGeo
import Tolerances

/// Callout placement throughput: 1,000 placements per iteration on an iPhone-sized screen, with no
/// obstacles and with a legend rectangle plus a WKT notch prepared once (target ≤ 5 µs each).
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
  Benchmark.defaultConfiguration = .init(
    metrics: metrics, warmupIterations: 3, scalingFactor: .one,
    maxDuration: .seconds(3), thresholds: regressionTolerances(for: metrics))

  for withObstacles in [false, true] {
    Benchmark("callout.place1000.\(withObstacles ? "obstacles" : "plain")") { benchmark in
      let engine = try! GeoEngine()
      var random = SplitMix64(seed: 7)
      var layout = CalloutLayout(viewportWidth: 390, viewportHeight: 844, calloutWidth: 262, calloutHeight: 300)
      layout.insets = EdgeInsets(top: 59, bottom: 34)
      let requests = (0..<1_000).map { _ in
        CalloutRequest(
          layout: layout, pin: .screen(ScreenPoint(x: random.uniform(-20...410), y: random.uniform(-20...864))))
      }
      let obstacles = try! engine.prepareObstacles(
        withObstacles
          ? [
            .rectangle(ScreenRect(x: 8, y: 700, width: 140, height: 90)),
            .wkt("POLYGON((130 0, 260 0, 260 37, 195 45, 130 37, 130 0))"),
          ]
          : [])
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        for request in requests { blackHole(try! engine.placeCallout(request, obstacles: obstacles)) }
      }
    }
  }
}
