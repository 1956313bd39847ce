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
}
