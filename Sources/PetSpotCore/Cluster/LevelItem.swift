/// An item of the level being built: its node (a pin position or a cluster reference), its
/// seed's slot, and that pin's Mercator point, side by side so that the passes read them in order
/// (24 bytes; a pass finds the items' cells from their points: no Morton key is stored).
struct LevelItem {
  var x: Double, y: Double
  var node: UInt32
  var slot: UInt32
}
