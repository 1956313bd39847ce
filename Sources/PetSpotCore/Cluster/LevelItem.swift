/// An item of the level being built: its node (a pin position or a cluster reference), its
/// seed's slot, and that pin's Mercator point and Morton key, side by side so that the
/// passes read them in order (32 bytes).
struct LevelItem {
  var x: Double, y: Double
  var key: UInt64
  var node: UInt32
  var slot: UInt32
}
