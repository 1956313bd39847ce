/// The pins' Morton keys, computed from their Mercator positions when read instead of stored
/// (8 bytes per pin less in every cluster index; a key costs a few shifts and masks).
///
/// Pins beyond the Mercator limit (y is NaN) read 0: they are never in the Z order.
struct MortonKeys {
  let xs: [Double]
  let ys: [Double]

  init(_ pins: PinSet) {
    xs = pins.mercatorX
    ys = pins.mercatorY
  }

  /// The key of pin `pin`.
  @inline(__always)
  subscript(pin: Int) -> UInt64 {
    let y = ys[pin]
    return y.isNaN ? 0 : MortonKey.make(x: xs[pin], y: y)
  }

  /// Whether pin `a` comes before pin `b` in Z order (key, then position), decided on their
  /// quantised columns and rows without interleaving them (pins off the map as key 0).
  @inline(__always)
  func precedes(_ a: Int, _ b: Int) -> Bool { Self.precedes(a, b, xs: xs, ys: ys) }

  /// ``precedes(_:_:)`` on the pin set's Mercator arrays (no view made: a hot loop's form).
  @inline(__always)
  static func precedes(_ a: Int, _ b: Int, xs: [Double], ys: [Double]) -> Bool {
    // The 31-bit column and row: the key's two halves ((0, 0), key 0, off the map).
    let cell = { (pin: Int) in ys[pin].isNaN ? (column: 0, row: 0) : Self.cell(of: xs[pin], ys[pin], depth: 31) }
    let (ca, cb) = (cell(a), cell(b))
    return ca == cb ? a < b : MortonKey.zOrder(ca, isBefore: cb)
  }

  /// The column and row of (x, y) at `depth`: the top `depth` bits of each axis of its key.
  @inline(__always)
  private static func cell(of x: Double, _ y: Double, depth: Int) -> (column: UInt64, row: UInt64) {
    let shift = UInt64(31 - depth)
    return (MortonKey.quantize(x) >> shift, MortonKey.quantize(y) >> shift)
  }
}
