/// The box holding a cluster's leaves, as offsets (world widths) from its drawn pin's position:
/// x unwrapped around that pin (leaves across the antimeridian get offsets beyond ±½ − never more
/// than 2·d_L), y as is. The drawn pin is one of the leaves, so `minX, minY ≤ 0 ≤ maxX, maxY`.
///
/// A cluster record stores it in 56 bits (``packed``): the four distances from the drawn pin to
/// the box's sides as 12-bit multiples of one power of two (shared, 8 bits), each rounded up — the
/// stored box holds the exact one and exceeds it by less than 1/2047 of its longest offset per
/// side (0.12 pt when the farthest leaf is 240 pt away). 8 bytes per cluster instead of 16 as
/// four Floats.
package struct LeafExtent: Sendable, Equatable {
  package var minX: Double, minY: Double, maxX: Double, maxY: Double

  package init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  package static let zero = LeafExtent(minX: 0, minY: 0, maxX: 0, maxY: 0)

  /// The distance from the drawn pin to the box's farthest corner, world widths: every leaf lies
  /// within it.
  var radius: Double {
    let x = max(-minX, maxX)
    let y = max(-minY, maxY)
    return (x * x + y * y).squareRoot()
  }

  /// Grows the box to hold `other` moved by (dx, dy).
  @inline(__always)
  mutating func formUnion(_ other: LeafExtent, shiftedBy dx: Double, _ dy: Double) {
    minX = min(minX, other.minX + dx)
    minY = min(minY, other.minY + dy)
    maxX = max(maxX, other.maxX + dx)
    maxY = max(maxY, other.maxY + dy)
  }

  /// Grows the box to hold the point (dx, dy).
  @inline(__always)
  mutating func formUnion(dx: Double, dy: Double) {
    minX = min(minX, dx)
    minY = min(minY, dy)
    maxX = max(maxX, dx)
    maxY = max(maxY, dy)
  }
}

extension LeafExtent {
  /// Bits of each side's multiple.
  private static let sideBits: UInt64 = 12
  private static let sideMask: UInt64 = (1 << sideBits) - 1
  /// The exponent's bias (stored exponents 0...255 stand for 2^−128 ... 2^127).
  private static let bias = 128
  /// The bits ``packed`` uses; the rest of a word is free for its owner.
  static let packedMask: UInt64 = (1 << 56) - 1

  /// The box in 56 bits, every side rounded outwards (see the type's description); a box not
  /// holding the drawn pin grows to hold it. A box that is not finite, or beyond 2^139 world
  /// widths, packs as one wider than any world (it then overlaps every view).
  package var packed: UInt64 {
    // Distances from the drawn pin to the sides: never negative for a box that holds the pin
    // (one comparison each, NaN failing it too); otherwise clamped, NaN unbounded.
    var sides = (-minX, -minY, maxX, maxY)
    let unbounded = Self.packedMask
    if !(sides.0 >= 0 && sides.1 >= 0 && sides.2 >= 0 && sides.3 >= 0) {
      if sides.0.isNaN || sides.1.isNaN || sides.2.isNaN || sides.3.isNaN { return unbounded }
      sides = (Swift.max(sides.0, 0), Swift.max(sides.1, 0), Swift.max(sides.2, 0), Swift.max(sides.3, 0))
    }
    let largest = Swift.max(Swift.max(sides.0, sides.1), Swift.max(sides.2, sides.3))
    guard largest.isFinite else { return unbounded }
    guard largest > 0 else { return 0 }
    // The unit 2^e: the smallest power of two with largest / 2^e ≤ 4095 (e at least −128). With
    // largest = f · 2^k (1 ≤ f < 2), e is k − 11 or k − 10.
    let k = Int(truncatingIfNeeded: largest.bitPattern >> 52) - 1023
    var e = Swift.max(k - 11, -Self.bias)
    if largest > Double(Self.sideMask) * Self.unit(e) { e += 1 }
    guard e < 128 else { return unbounded }
    let scale = Self.unit(-e)
    // side / 2^e rounded up (exact products: a power of two; at most 4095), without a conversion
    // instruction or a branch: adding 2^52 rounds v to the nearest integer n in the low bits
    // (exact, n ≤ 4095); one more when n < v; the 12 low bits of that sum are ⌈v⌉.
    let multiple = { (side: Double) -> UInt64 in
      let v = side * scale
      let nearest = v + 0x1p52
      let ceiling = nearest + (nearest - 0x1p52 < v ? 1 : 0)
      return ceiling.bitPattern & Self.sideMask
    }
    return multiple(sides.0) | multiple(sides.1) << 12 | multiple(sides.2) << 24 | multiple(sides.3) << 36
      | UInt64(e + Self.bias) << 48
  }

  /// The box a word's low 56 bits pack (the high 8 are ignored).
  @inline(__always)
  package init(packed word: UInt64) {
    let unit = Self.unit(Int((word >> 48) & 0xFF) - Self.bias)
    let side = { (shift: UInt64) in Double(Int64(truncatingIfNeeded: (word >> shift) & Self.sideMask)) * unit }
    self.init(minX: -side(0), minY: -side(12), maxX: side(24), maxY: side(36))
  }

  /// 2^e for e in −128 ... 128 (a normal Double: built from its bits).
  @inline(__always)
  private static func unit(_ e: Int) -> Double {
    Double(bitPattern: UInt64(truncatingIfNeeded: e + 1023) << 52)
  }
}
