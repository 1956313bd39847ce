import RealModule

/// SplitMix64: a small, fast, seedable generator, so every random test is reproducible.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A double uniform in `range`.
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// A positive double whose logarithm is uniform in the logarithms of `range` (every decade
  /// equally often).
  public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
    Double.exp10(uniform(Double.log10(range.lowerBound)...Double.log10(range.upperBound)))
  }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An environment variable, for tests that can be run larger by hand (e.g. PETSPOT_RANGE_CAMERAS).
public func env(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}
