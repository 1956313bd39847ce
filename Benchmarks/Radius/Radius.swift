import Benchmark
import Foundation
import PetSpotGeo
import Tolerances

/// Fetch-range throughput: single cameras and batches of 10,000, unrotated and rotated.
/// Cameras are generated once, outside the measurement (fixed seed).
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, .instructions]
  Benchmark.defaultConfiguration = .init(
    metrics: metrics,
    warmupIterations: 3,
    maxDuration: .seconds(3),
    thresholds: regressionTolerances(for: metrics)
  )

  let engine = try! GeoEngine()
  let city = try! Camera(
    center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122), latitudeDelta: 0.05, longitudeDelta: 0.08,
    width: 390, height: 844)
  let unrotated = BenchmarkCameras.make(count: 10_000, rotated: false)
  let rotated = BenchmarkCameras.make(count: 10_000, rotated: true)
  let tilted = BenchmarkCameras.make(count: 10_000, rotated: true, tilted: true)

  Benchmark("radius.single.city", configuration: .init(scalingFactor: .kilo)) { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(engine.fetchQuery(for: city).range)
    }
  }

  Benchmark("radius.batch10k.unrotated", configuration: .init(scalingFactor: .one)) { benchmark in
    for _ in benchmark.scaledIterations {
      var total = 0
      for camera in unrotated { total &+= engine.fetchQuery(for: camera).range }
      blackHole(total)
    }
  }

  Benchmark("radius.batch10k.rotated", configuration: .init(scalingFactor: .one)) { benchmark in
    for _ in benchmark.scaledIterations {
      var total = 0
      for camera in rotated { total &+= engine.fetchQuery(for: camera).range }
      blackHole(total)
    }
  }

  Benchmark("radius.batch10k.tilted", configuration: .init(scalingFactor: .one)) { benchmark in
    for _ in benchmark.scaledIterations {
      var total = 0
      for camera in tilted { total &+= engine.fetchQuery(for: camera).range }
      blackHole(total)
    }
  }
}

/// Random cameras like the ones clients send: city to continent spans (log-uniform 0.005°–60°),
/// phone to desktop viewports, centres anywhere within ±80° latitude; tilted ones pitched by
/// 0°–70° (default field of view).
enum BenchmarkCameras {
  static func make(count: Int, rotated: Bool, tilted: Bool = false) -> [Camera] {
    var state: UInt64 = tilted ? 3 : rotated ? 2 : 1
    func next() -> Double {  // SplitMix64 → [0, 1)
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    return (0..<count).map { _ in
      let span = 0.005 * pow(2, next() * 13.5)
      return try! Camera(
        center: GeoCoordinate(latitude: -80 + 160 * next(), longitude: -180 + 360 * next()),
        latitudeDelta: span, longitudeDelta: span * (0.5 + next()), width: 320 + 1100 * next(),
        height: 480 + 700 * next(), heading: rotated ? 360 * next() : 0, pitch: tilted ? 70 * next() : 0)
    }
  }

}
