/// Pins waiting for a decision, smallest Z order first; each pin at most once.
struct ZOrderQueue {
  private var heap = BinaryHeap<UInt32>()
  private var queued: Set<UInt32> = []

  mutating func push(_ pin: UInt32, index: ClusterIndex) {
    guard queued.insert(pin).inserted else { return }
    heap.push(pin) { index.precedes($0, $1) }
  }

  mutating func pop(index: ClusterIndex) -> UInt32? {
    heap.pop { index.precedes($0, $1) }
  }
}
