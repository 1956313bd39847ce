extension UInt64 {
  /// The number of set bits, as ``nonzeroBitCount``, but counted bit by bit (each clearing of the
  /// lowest set bit a step) up to three, and only past that in full: the default x86-64 build has
  /// no population-count instruction, and the portable count costs about twenty instructions (a
  /// filter's rank of one shown category in a run after the one before it often skips more than
  /// one hidden category).
  @inline(__always)
  package var sparseNonzeroBitCount: Int {
    guard self != 0 else { return 0 }
    let second = self & (self &- 1)
    guard second != 0 else { return 1 }
    let third = second & (second &- 1)
    guard third != 0 else { return 2 }
    let fourth = third & (third &- 1)
    return fourth == 0 ? 3 : 3 &+ fourth.nonzeroBitCount
  }
}
