import Benchmark
import CBaseline
import Foundation
import PetSpotGeo
import Tolerances

/// Pruning benchmarks (issue: pins at scale): scan and index on 1M and 10M skewed pins for a city,
/// a country and a world camera; the C bandwidth baseline on the same arrays in the same run;
/// index build time and memory. Data: the deterministic skewed generator (GeoNames places + N(0,
/// 0.02°) jitter, seed 1), generated once per process outside the measurements.
let benchmarks: @Sendable () -> Void = {
  let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
  Benchmark.defaultConfiguration = .init(
    metrics: metrics,
    warmupIterations: 2,
    scalingFactor: .one,
    maxDuration: .seconds(3),
    maxIterations: 1_000,
    thresholds: regressionTolerances(for: metrics)
  )

  for size in [1_000_000, 5_000_000, 10_000_000] {
    let label = "\(size / 1_000_000)M"
    for (name, camera) in PinsData.cameras {
      if size != 5_000_000 || name == "city" {  // 5M only for the comparison with the C baseline
        Benchmark("pins.scan.\(name).\(label)") { benchmark in
          let window = PinsData.window(camera)
          let pins = PinsData.pins(size)
          benchmark.startMeasurement()
          for _ in benchmark.scaledIterations { blackHole(pins.scanVisible(in: window)) }
        }
        // Into one array kept across queries, as the C baselines write into a buffer they reuse:
        // the like-for-like comparison with them.
        Benchmark("pins.scanReused.\(name).\(label)") { benchmark in
          let window = PinsData.window(camera)
          let pins = PinsData.pins(size)
          // Filled once before the clock starts, as the baselines' buffer is made before it: each
          // sample calls this closure anew, so the array lives as long as one sample.
          var reused: [UInt32] = []
          pins.scanVisible(in: window, into: &reused)
          benchmark.startMeasurement()
          for _ in benchmark.scaledIterations {
            pins.scanVisible(in: window, into: &reused)
            blackHole(reused.count)
          }
        }
      }
      if size != 5_000_000 {
        Benchmark("pins.index.\(name).\(label)", configuration: .init(scalingFactor: .kilo)) { benchmark in
          let window = PinsData.window(camera)
          let indexed = PinsData.indexed(size)
          benchmark.startMeasurement()
          for _ in benchmark.scaledIterations { blackHole(indexed.index.visible(in: window)) }
        }
      }
      // The C baselines this machine runs (built with -march=native), every camera and size: the
      // scan's reference (issue 21: ≥ 90 % of the best one).
      let kernels:
        [(
          String,
          @Sendable (
            UnsafePointer<Double>?, UnsafePointer<Double>?, Int, UnsafePointer<psg_baseline_window>?,
            UnsafeMutablePointer<UInt32>?
          ) -> Int
        )] =
          (psg_baseline_has_avx512() != 0 ? [("avx512", psg_baseline_filter_avx512)] : [])
          + (psg_baseline_has_avx2() != 0 ? [("avx2", psg_baseline_filter_avx2)] : [])
          + [("scalar", psg_baseline_filter_scalar)]
      // (The baseline has the flat test only: tilted cameras are the scan's own.)
      for (kernelName, kernel) in kernels where (size != 5_000_000 || name == "city") && !name.contains("tilted") {
        Benchmark("pins.cbaseline.\(kernelName).\(name).\(label)") { benchmark in
          let w = PinsData.baselineWindow(camera)
          let pins = PinsData.pins(size)
          var out = [UInt32](repeating: 0, count: size)
          benchmark.startMeasurement()
          for _ in benchmark.scaledIterations {
            let n = pins.mercatorX.withUnsafeBufferPointer { x in
              pins.mercatorY.withUnsafeBufferPointer { y in
                withUnsafePointer(to: w) { kernel(x.baseAddress, y.baseAddress, size, $0, &out) }
              }
            }
            blackHole(n)
          }
        }
      }
    }
    if size != 5_000_000 {
      Benchmark(
        "pins.index.build.\(label)",
        configuration: .init(
          metrics: buildMetrics, maxIterations: 5, thresholds: regressionTolerances(for: buildMetrics))
      ) { benchmark in
        let pins = PinsData.pins(size)
        benchmark.startMeasurement()
        var bytes = 0
        for _ in benchmark.scaledIterations {
          let index = PinIndex(pins: pins)
          bytes = index.memoryBytes
          blackHole(index)
        }
        benchmark.stopMeasurement()
        benchmark.measurement(.custom("index bytes per pin"), bytes / size)
      }
    }
  }
}

/// Data and cameras shared by the suite (built lazily, once per process).
enum PinsData {
  static let cameras = BenchmarkCameras.pruning + [("city-tilted", BenchmarkCameras.phoneCityTilted)]

  nonisolated(unsafe) private static var cache: [Int: IndexedPins] = [:]
  nonisolated(unsafe) private static var plain: [Int: PinSet] = [:]

  static var places: [PinGenerator.Place] {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Data/geonames-places.csv").standardized.path
    return try! PinGenerator.Place.load(path: path)
  }

  static func pins(_ count: Int) -> PinSet {
    if let set = plain[count] { return set }
    let set = PinGenerator(kind: .skewed(places: places), seed: 1).pinSet(count: count)
    plain[count] = set
    return set
  }

  static func indexed(_ count: Int) -> IndexedPins {
    if let layer = cache[count] { return layer }
    let layer = IndexedPins(pins: pins(count))
    cache[count] = layer
    return layer
  }

  static func window(_ camera: Camera) -> VisibilityWindow {
    VisibilityWindow(rectangle: CameraView(camera).rectangle)
  }

  static func baselineWindow(_ camera: Camera) -> psg_baseline_window {
    let w = window(camera)
    return psg_baseline_window(
      center_x: w.centerX, center_y: w.centerY, min_y: w.minY, max_y: w.maxY,
      lo1: w.lo1, hi1: w.hi1, k1: w.k1, lo2: w.lo2, hi2: w.hi2, k2: w.k2)
  }
}
