/// Pins waiting for a decision, smallest Z order first; each pin at most once.
///
/// Entries carry their Morton key, worked out once when pushed: the heap then orders them by
/// (key, position) — Z order — with integer comparisons, where comparing two pins' positions
/// quantises both pins' coordinates (each sift step of a cascade of thousands of decisions).
struct ZOrderQueue {
  private struct Entry {
    let key: UInt64
    let pin: UInt32

    @inline(__always)
    static func precedes(_ a: Entry, _ b: Entry) -> Bool { a.key < b.key || (a.key == b.key && a.pin < b.pin) }
  }

  private var heap = BinaryHeap<Entry>()
  private var queued: Set<UInt32> = []

  /// Queues `pin` (keys: the index's ``MortonKeys``) unless it is queued already.
  mutating func push(_ pin: UInt32, keys: MortonKeys) {
    guard queued.insert(pin).inserted else { return }
    heap.push(Entry(key: keys[Int(pin)], pin: pin), by: Entry.precedes)
  }

  mutating func pop() -> UInt32? {
    heap.pop(by: Entry.precedes)?.pin
  }
}
