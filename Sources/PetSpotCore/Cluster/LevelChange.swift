/// A pin entering or leaving the items of one level while a change is carried down the levels.
struct LevelChange {
  var pin: UInt32
  /// Entered (it is an item of the level now) or left (it was one and is no more).
  var entered: Bool
  /// For a pin that left: its top and absorber before the change (what to undo below).
  var oldTop: UInt8 = 0
  var oldAbsorber: UInt32 = 0
  /// Where it is (entered) or was (left).
  var point: MercatorPoint
}
