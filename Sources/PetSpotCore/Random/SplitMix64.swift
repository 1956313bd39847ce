import RealModule

/// SplitMix64 (Steele, Lea, Flood 2014): a small, fast, seedable generator. Every generated data
/// set and every random test in petspot-geo uses it, so a seed always reproduces the same data.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
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

  /// A double uniform in [0, 1) with 53 random bits.
  public mutating func unit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A double uniform in `range`.
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + unit() * (range.upperBound - range.lowerBound)
  }

  /// A standard normal deviate (Box–Muller).
  public mutating func normal() -> Double {
    let u = 1 - unit()
    let v = unit()
    return (-2 * Double.log(u)).squareRoot() * Double.cos(2 * .pi * v)
  }

  /// A positive double whose logarithm is uniform over the logarithms of `range`.
  public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
    Double.exp10(uniform(Double.log10(range.lowerBound)...Double.log10(range.upperBound)))
  }
}
