/// Screen points sorted by x, answering "which of them lie within r of p" by a binary search and
/// a sweep over the x band [p.x − r, p.x + r] (a few hundred points per query: no hashing).
struct ScreenGrid {
  private let points: [ScreenPoint]
  private let indices: [Int]
  private let xs: [Double]

  /// The points `points[i]` for i in `indices`, known by those indices.
  init(_ points: [ScreenPoint], indices: [Int]) {
    self.points = points
    let sorted = indices.sorted { points[$0].x < points[$1].x }
    self.indices = sorted
    xs = sorted.map { points[$0].x }
  }

  /// Calls `body` with every entry whose x lies within r of p.x.
  @inline(__always)
  private func sweep(near p: ScreenPoint, within r: Double, _ body: (Int, ScreenPoint) -> Void) {
    var k = partitionPoint(in: xs.indices) { xs[$0] <= p.x - r }
    while k < xs.count, xs[k] < p.x + r {
      body(indices[k], points[indices[k]])
      k += 1
    }
  }

  /// Calls `body` with every entry strictly closer than `r` to `p`.
  @inline(__always)
  func forEachNeighbour(of p: ScreenPoint, within r: Double, _ body: (Int) -> Void) {
    sweep(near: p, within: r) { index, q in
      let (dx, dy) = (q.x - p.x, q.y - p.y)
      if dx * dx + dy * dy < r * r { body(index) }
    }
  }

  /// The entry nearest to `p` among those strictly closer than `r` (the lower index on a tie), or
  /// `nil`.
  func nearest(to p: ScreenPoint, within r: Double) -> Int? {
    var best: (index: Int, d2: Double)?
    sweep(near: p, within: r) { index, q in
      let (dx, dy) = (q.x - p.x, q.y - p.y)
      let d2 = dx * dx + dy * dy
      guard d2 < r * r else { return }
      if let b = best, d2 > b.d2 || (d2 == b.d2 && index > b.index) { return }
      best = (index, d2)
    }
    return best?.index
  }
}
