/// An item of the level being built: its node (a pin position or a cluster reference), its
/// seed's slot, and that pin's Mercator point, side by side so that the passes read them in order
/// (24 bytes; a pass finds the items' cells from their points: no Morton key is stored).
package struct LevelItem: BitwiseCopyable {
  package var x: Double, y: Double
  package var node: UInt32
  package var slot: UInt32

  package init(x: Double, y: Double, node: UInt32, slot: UInt32) {
    self.x = x
    self.y = y
    self.node = node
    self.slot = slot
  }
}
