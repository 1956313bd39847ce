/// Timing for the benchmark runner: warm-up runs (not recorded), then repetitions, reported as
/// median and tail percentiles.
public struct TimingSummary: Hashable, Sendable {
  /// Every recorded repetition in nanoseconds, ascending.
  public let samples: [Double]

  public init(samples: [Double]) {
    self.samples = samples.sorted()
  }

  /// The p-th percentile (nearest rank), nanoseconds.
  public func percentile(_ p: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    let rank = (Int(clamping: p / 100 * Double(samples.count), to: 1...samples.count, rounding: .up) ?? 1) - 1
    return samples[rank]
  }

  public var median: Double { percentile(50) }
  public var p90: Double { percentile(90) }
  public var p99: Double { percentile(99) }
}

/// Runs `body` `warmup` times unrecorded, then `repetitions` times recorded (at least once and
/// until `minimumNanoseconds` have been spent, so fast operations get enough samples).
public func measure(
  warmup: Int, repetitions: Int, minimumNanoseconds: Double = 0, _ body: () -> Void
) -> TimingSummary {
  let clock = ContinuousClock()
  for _ in 0..<warmup { body() }
  var samples: [Double] = []
  var total = 0.0
  while samples.count < max(repetitions, 1) || (total < minimumNanoseconds && samples.count < 1_000_000) {
    let elapsed = clock.measure(body)
    let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    samples.append(ns)
    total += ns
  }
  return TimingSummary(samples: samples)
}
