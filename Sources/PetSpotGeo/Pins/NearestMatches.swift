/// The nearest `limit` matches among those offered, ordered by (metres, position): a max-heap,
/// so each offer costs O(log limit) and the farthest kept is at hand.
struct NearestMatches {
  let limit: Int
  private var heap = BinaryHeap<IndexedPins.Match>()

  init(limit: Int) {
    self.limit = limit
    heap.reserveCapacity(min(limit, 1 << 16))
  }

  /// Whether `limit` matches are kept.
  var isFull: Bool { heap.count >= limit }

  /// The distance of the farthest match kept (−∞ when none is).
  var farthest: Double { heap.top?.metres ?? -.infinity }

  /// Keeps `match` if it is among the nearest `limit` so far.
  mutating func offer(_ match: IndexedPins.Match) {
    if heap.count < limit {
      heap.push(match) { Self.precedes($1, $0) }
    } else if let top = heap.top, Self.precedes(match, top) {
      heap.replaceTop(with: match) { Self.precedes($1, $0) }
    }
  }

  /// The matches kept, nearest first.
  func sorted() -> [IndexedPins.Match] {
    heap.elements.sorted(by: Self.precedes)
  }

  private static func precedes(_ a: IndexedPins.Match, _ b: IndexedPins.Match) -> Bool {
    (a.metres, a.position) < (b.metres, b.position)
  }
}
