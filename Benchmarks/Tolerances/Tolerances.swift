import Benchmark

/// How far a benchmark's p90 may move from its committed threshold (`Benchmarks/Thresholds/`)
/// before `make bench-check` reports it, per metric, in percent of the threshold, for the metrics a
/// benchmark records. Every suite's default configuration and every benchmark with metrics of its
/// own pass their metrics here, so all are checked by the same rules (a metric without a tolerance
/// would be checked with none; the package warns about tolerances for metrics not recorded).
///
/// Decided from this project's machines: a 2-vCPU VM where the same binary's medians differ by up to
/// 2× between processes for queries of a few microseconds. Times therefore get a wide band (±60 %) (a gross
/// regression — an accidental quadratic loop, a lost fast path — is still caught); counts that do not
/// depend on the machine (allocations, instructions, bytes per pin) get a narrow one.
public func regressionTolerances(for metrics: [BenchmarkMetric]) -> [BenchmarkMetric: BenchmarkThresholds] {
  let all: [BenchmarkMetric: BenchmarkThresholds] = [
    .wallClock: BenchmarkThresholds(relative: [.p90: 60]),
    // Throughput is the inverse of the time and is checked through it: its own p90 swings far more
    // for operations of uneven cost (one insert in many restructures a node), so it is not checked.
    .throughput: BenchmarkThresholds(relative: [:], absolute: [:]),
    .instructions: BenchmarkThresholds(relative: [.p90: 5]),
    .mallocCountTotal: BenchmarkThresholds(relative: [.p90: 10]),
    .peakMemoryResident: BenchmarkThresholds(relative: [.p90: 20]),
    .custom("index bytes per pin"): BenchmarkThresholds(relative: [.p90: 5]),
  ]
  return all.filter { metrics.contains($0.key) }
}

/// What an index build benchmark records: time, peak resident memory and the index's bytes per pin.
public var buildMetrics: [BenchmarkMetric] { [.wallClock, .peakMemoryResident, .custom("index bytes per pin")] }
