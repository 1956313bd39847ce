/// An item of the level being built: its node (a pin position or a cluster reference), its
/// seed's slot, and that pin's Mercator point, side by side so that the passes read them in order
/// (24 bytes; the Morton key is computed from the point where a pass needs it, not stored).
struct LevelItem {
  var x: Double, y: Double
  var node: UInt32
  var slot: UInt32

  /// The Morton key of the drawn pin (the one the Z order was sorted by).
  @inline(__always)
  var key: UInt64 { MortonKey.make(x: x, y: y) }
}
