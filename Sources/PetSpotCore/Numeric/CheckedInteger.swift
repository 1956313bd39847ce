/// The one way petspot-geo turns a `Double` into an integer. Swift's `Int(_: Double)` traps on NaN,
/// ±infinity and values beyond ±2⁶³; these initialisers never trap: they answer `nil` (checked) or
/// stay within the bounds the caller states (clamping, for values that are only an estimate, such
/// as a sample count).
extension Int {
  /// `value` rounded by `rule`, or `nil` when it is NaN, infinite or outside `Int`'s range.
  @inlinable
  public init?(checked value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
    let rounded = value.rounded(rule)
    // 2⁶³ is exactly representable; every Double below it converts.
    guard rounded.isFinite, rounded >= -0x1p63, rounded < 0x1p63 else { return nil }
    self.init(rounded)
  }

  /// `value` rounded by `rule` and clamped into `bounds` (±infinity go to the nearer bound), or
  /// `nil` when it is NaN.
  @inlinable
  public init?(clamping value: Double, to bounds: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule) {
    guard !value.isNaN else { return nil }
    let rounded = value.rounded(rule)
    if rounded <= Double(bounds.lowerBound) {
      self = bounds.lowerBound
    } else if rounded >= Double(bounds.upperBound) {
      self = bounds.upperBound
    } else {
      self.init(rounded)
    }
  }
}

extension Int64 {
  /// `value` rounded by `rule`, or `nil` when it is NaN, infinite or outside `Int64`'s range.
  @inlinable
  public init?(checked value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) {
    guard let int = Int(checked: value, rounding: rule) else { return nil }
    self.init(int)
  }
}

extension Int {
  /// A C `size_t` (imported by `@_cdecl` functions as `UInt`) as an `Int`: values above `Int.max`
  /// (no buffer or offset can be that large) become `Int.max`, never a negative number.
  @inlinable
  public init(size: UInt) {
    self = size > UInt(Int.max) ? .max : Int(size)
  }
}
