/// What a change touched, gathered on the way down for the second phase.
struct ChangeRecord {
  /// Per level: seeds whose cluster at that level must be worked out again.
  var dirty: [[UInt32]]
  /// Per level: pins absorbed by a seed they did not belong to before (the only way a cluster
  /// gains members; members it loses no longer name it as their absorber).
  var joined: [[UInt32]]
  /// Pins whose top changed (their chunks' lowest tops are refreshed at the end).
  var touched: [UInt32] = []
}
