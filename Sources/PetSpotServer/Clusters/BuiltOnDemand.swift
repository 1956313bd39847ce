import Synchronization

/// Values made on first request and kept — at most ``capacity``, the least recently used dropped
/// first — for work too slow to repeat per request and too large to keep without bound (cluster
/// indexes: 2–3 s and several hundred MB at a million pins, filterable).
///
/// Makes run one at a time: a burst of requests for new keys costs CPU one value after another and
/// memory for at most ``capacity`` values plus the one being made; a request for a value being made
/// waits for it instead of making it again. A request for a kept value only takes a lock around a
/// lookup. Thread-safe.
final class BuiltOnDemand<Key: Equatable & Sendable, Value: Sendable>: Sendable {
  /// The most values kept.
  let capacity: Int
  /// The kept values, most recently used last.
  private let kept = Mutex<[(key: Key, value: Value)]>([])
  /// Held while making, so that makes never overlap.
  private let making = Mutex<Void>(())

  /// An empty store keeping at most `capacity` values (at least one).
  init(capacity: Int) {
    self.capacity = max(capacity, 1)
  }

  /// The value for `key`: a kept one (then marked most recently used), else `make()`'s, kept.
  /// An error from `make` is thrown and nothing is kept.
  func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
    if let value = lookUp(key) { return value }
    return try making.withLock { _ throws(Failure) -> Value in
      if let value = lookUp(key) { return value }  // made while this request waited
      let value = try make()
      kept.withLock { list in
        list.append((key, value))
        if list.count > capacity { list.removeFirst() }
      }
      return value
    }
  }

  /// The kept value for `key` (then marked most recently used), or `nil`: never makes one.
  func keptValue(for key: Key) -> Value? {
    lookUp(key)
  }

  /// Drops the kept values whose key matches (values no request will ask for again).
  func removeAll(where matches: (Key) -> Bool) {
    kept.withLock { list in list.removeAll { matches($0.key) } }
  }

  /// A kept value, marked most recently used.
  private func lookUp(_ key: Key) -> Value? {
    kept.withLock { list in
      guard let at = list.firstIndex(where: { $0.key == key }) else { return nil }
      let entry = list.remove(at: at)
      list.append(entry)
      return entry.value
    }
  }
}
