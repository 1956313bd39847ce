extension Array {
  /// `Array(unsafeUninitializedCapacity:initializingWith:)` without its one data race: for a
  /// capacity of 0 the standard library hands out the process-wide empty-array storage and writes
  /// the count 0 into it, so two threads building empty arrays at once race on that shared word
  /// (ThreadSanitizer reports it; seen with eight threads querying one cluster index). Here a
  /// capacity of 0 runs `body` on an empty buffer and returns `[]` without touching shared storage.
  @inlinable
  package init(
    uninitializedCapacity capacity: Int,
    initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
  ) rethrows {
    guard capacity > 0 else {
      var empty = UnsafeMutableBufferPointer<Element>(start: nil, count: 0)
      var count = 0
      try body(&empty, &count)
      self = []
      return
    }
    try self.init(unsafeUninitializedCapacity: capacity, initializingWith: body)
  }
}
