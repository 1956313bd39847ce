/// Timing for the benchmark runner: warm-up runs (not recorded), then repetitions, reported as
/// median and tail percentiles, with what the process spent over them.
public struct TimingSummary: Hashable, Sendable {
  /// Every recorded repetition in nanoseconds, ascending.
  public let samples: [Double]
  /// CPU time and page faults of the process over the recorded repetitions, per repetition
  /// (`nil` where the system does not report them).
  public let usage: ProcessUsage?

  public init(samples: [Double], usage: ProcessUsage? = nil) {
    self.samples = samples.sorted()
    self.usage = usage
  }

  /// The p-th percentile (nearest rank), nanoseconds.
  public func percentile(_ p: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    let rank = (Int(clamping: p / 100 * Double(samples.count), to: 1...samples.count, rounding: .up) ?? 1) - 1
    return samples[rank]
  }

  /// The figures of one operation when each repetition ran `count` of them (every time and the
  /// usage divided by `count`).
  public func perOperation(_ count: Double) -> TimingSummary {
    TimingSummary(samples: samples.map { $0 / count }, usage: usage?.divided(by: count))
  }

  public var median: Double { percentile(50) }
  public var p90: Double { percentile(90) }
  public var p99: Double { percentile(99) }
}

/// Runs `body` `warmup` times unrecorded, then `repetitions` times recorded (at least once and
/// until `minimumNanoseconds` have been spent, so fast operations get enough samples). The
/// process's usage is read once before and once after the recorded repetitions (never inside
/// one): it includes any other thread's work meanwhile.
public func measure(
  warmup: Int, repetitions: Int, minimumNanoseconds: Double = 0, _ body: () -> Void
) -> TimingSummary {
  let clock = ContinuousClock()
  for _ in 0..<warmup { body() }
  var samples: [Double] = []
  var total = 0.0
  let start = ProcessUsage.Totals.now()
  while samples.count < max(repetitions, 1) || (total < minimumNanoseconds && samples.count < 1_000_000) {
    let elapsed = clock.measure(body)
    let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    samples.append(ns)
    total += ns
  }
  let usage = ProcessUsage(from: start, to: ProcessUsage.Totals.now(), repetitions: samples.count)
  return TimingSummary(samples: samples, usage: usage)
}
