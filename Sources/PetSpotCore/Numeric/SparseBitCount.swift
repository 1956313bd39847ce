extension UInt64 {
  /// The number of set bits, as ``nonzeroBitCount``, but with no full count when there are none
  /// or one: the default x86-64 build has no population-count instruction, and the portable
  /// count costs about twenty instructions (a filter's rank of one shown category in a run after
  /// the one before it usually skips none or one).
  @inline(__always)
  package var sparseNonzeroBitCount: Int {
    self & (self &- 1) == 0 ? (self == 0 ? 0 : 1) : nonzeroBitCount
  }
}
