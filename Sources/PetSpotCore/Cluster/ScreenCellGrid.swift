/// Screen points added one by one into square cells at least `reach` points wide, so that the
/// points closer than `reach` to any point lie in the 3 × 3 cells around its own: searches among
/// the points added so far (a query's items, then the fragments it fits in among them). A search
/// looks only at the cells its radius reaches (2 × 2 for half the reach). Each cell is a list
/// threaded through the points (no sort, no hashing).
///
/// There are never more than about three cells per point of the capacity (wider cells when the
/// viewport is large for it), so making one costs O(capacity) however small `reach` is. Up to
/// ``linearLimit`` points the cells are not used at all (a search reads every point: fewer reads
/// than filling the cells for a world view's two dozen items); the points are threaded into them
/// when one more is added. Its storage is one allocation, owned (the grid is not copyable),
/// reallocated only when more points than the capacity are added — or, for a grid made by
/// ``withGrid(viewport:reach:capacity:_:)`` for a few points, the caller's stack until then.
package struct ScreenCellGrid: ~Copyable {
  /// The viewport and reach the cells are laid out for, once the points are threaded.
  private let viewport: (width: Double, height: Double), reach: Double
  private var layout = CellLayout.none
  /// Points added (indices 0 ..< count).
  package private(set) var count = 0
  private var capacity: Int
  /// The one allocation: the points, then `previous`, then `heads`.
  private var storage: UnsafeMutableRawPointer
  /// Whether `storage` is the grid's to deallocate (not when it lies on a caller's stack).
  private var ownsStorage = true
  /// The points, by index (the order they were added).
  private var points: UnsafeMutablePointer<ScreenPoint>
  /// Per point, the one added to its cell before it (-1: none).
  private var previous: UnsafeMutablePointer<Int32>
  /// Per cell, the last point added there (-1: none); none until the points are threaded.
  private var heads: UnsafeMutablePointer<Int32>
  /// Whether the points are in the cells' lists (more than ``linearLimit`` added).
  private var threaded: Bool { layout.cellCount > 0 }
  /// The most points searched one by one, without the cells.
  private static let linearLimit = 32

  /// An empty grid for up to about `capacity` points in a viewport of `width` × `height` points
  /// (more may be added: the cells only get fuller). A point outside the viewport (by rounding)
  /// goes to the nearest cell, a NaN one to the first.
  package init(viewport: (width: Double, height: Double), reach: Double, capacity: Int) {
    (self.viewport, self.reach) = (viewport, reach)
    self.capacity = max(capacity, 1)
    (storage, points, previous, heads) = Self.allocate(capacity: self.capacity, cells: 0)
  }

  /// An empty grid over `scratch` (room for `capacity` points, not threaded: ``byteCount(capacity:cells:)``
  /// with no cells), which it does not own: it moves to an allocation of its own when it outgrows it.
  private init(
    viewport: (width: Double, height: Double), reach: Double, capacity: Int, scratch: UnsafeMutableRawPointer
  ) {
    (self.viewport, self.reach, self.capacity, storage, ownsStorage) = (viewport, reach, capacity, scratch, false)
    (points, previous, heads) = Self.bind(scratch, capacity: capacity, cells: 0)
  }

  /// Calls `body` with an empty grid as ``init(viewport:reach:capacity:)`` makes, whose storage
  /// lies on the stack while it holds no more than ``linearLimit`` points (no allocation for a
  /// query's few dozen items).
  package static func withGrid<R>(
    viewport: (width: Double, height: Double), reach: Double, capacity: Int, _ body: (inout ScreenCellGrid) -> R
  ) -> R {
    let room = linearLimit
    return withUnsafeTemporaryAllocation(
      byteCount: byteCount(capacity: room, cells: 0), alignment: MemoryLayout<ScreenPoint>.alignment
    ) { scratch in
      var grid = ScreenCellGrid(viewport: viewport, reach: reach, capacity: room, scratch: scratch.baseAddress!)
      // (One path: a second call of `body` for large capacities cost the stack path instructions.)
      if capacity > room { grid.move(capacity: capacity, layout: .none) }
      return body(&grid)
    }
  }

  deinit { if ownsStorage { storage.deallocate() } }

  /// The bytes of storage for `capacity` points and `cells` cells: the points, then `previous`,
  /// then `heads`.
  private static func byteCount(capacity: Int, cells: Int) -> Int {
    capacity * (MemoryLayout<ScreenPoint>.stride + MemoryLayout<Int32>.stride) + cells * MemoryLayout<Int32>.stride
  }

  /// The points, `previous` and `heads` in `storage` (``byteCount(capacity:cells:)`` bytes).
  private static func bind(_ storage: UnsafeMutableRawPointer, capacity: Int, cells: Int) -> (
    UnsafeMutablePointer<ScreenPoint>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>
  ) {
    let pointBytes = capacity * MemoryLayout<ScreenPoint>.stride
    let listBytes = capacity * MemoryLayout<Int32>.stride
    return (
      storage.bindMemory(to: ScreenPoint.self, capacity: capacity),
      (storage + pointBytes).bindMemory(to: Int32.self, capacity: capacity),
      (storage + pointBytes + listBytes).bindMemory(to: Int32.self, capacity: cells)
    )
  }

  /// Room for `capacity` points and `cells` cells in one allocation (nothing initialised).
  private static func allocate(capacity: Int, cells: Int) -> (
    UnsafeMutableRawPointer, UnsafeMutablePointer<ScreenPoint>, UnsafeMutablePointer<Int32>,
    UnsafeMutablePointer<Int32>
  ) {
    let storage = UnsafeMutableRawPointer.allocate(
      byteCount: byteCount(capacity: capacity, cells: cells), alignment: MemoryLayout<ScreenPoint>.alignment)
    let (points, previous, heads) = bind(storage, capacity: capacity, cells: cells)
    return (storage, points, previous, heads)
  }

  /// The point added `index`-th (0 ..< count).
  @inline(__always)
  package func point(_ index: Int) -> ScreenPoint {
    precondition(index >= 0 && index < count, "point index out of range")
    return points[index]
  }

  /// Adds `count` points, `point(k)` for k in 0 ..< `count`, in that order: as many calls of
  /// ``add(_:)``, with the points copied in one loop while they fit unthreaded.
  @inline(__always)
  package mutating func add(_ count: Int, _ point: (Int) -> ScreenPoint) {
    guard !threaded && count <= min(capacity, Self.linearLimit) &- self.count else {
      for k in 0..<count { add(point(k)) }
      return
    }
    for k in 0..<count { (points + self.count + k).initialize(to: point(k)) }
    self.count += count
  }

  /// Adds `p`; its index is the number of points added before. Indices stay below 2³¹ (the
  /// lists are 32-bit).
  @inline(__always)
  package mutating func add(_ p: ScreenPoint) {
    if count == capacity { grow() }
    (points + count).initialize(to: p)
    count += 1
    if threaded {
      thread(count - 1)
    } else if count > Self.linearLimit {
      // Cells for about the capacity (at least the points added so far).
      move(capacity: capacity, layout: CellLayout(viewport: viewport, reach: reach, count: capacity))
      heads.initialize(repeating: -1, count: layout.cellCount)
      for k in 0..<count { thread(k) }
    }
  }

  /// Puts point `k` at the head of its cell's list.
  @inline(__always)
  private func thread(_ k: Int) {
    let cell = layout.cell(of: points[k])
    (previous + k).initialize(to: heads[cell])
    heads[cell] = Int32(truncatingIfNeeded: k)
  }

  /// Twice the room for points (a caller that added more than it said).
  private mutating func grow() {
    precondition(capacity < Int(Int32.max) / 2, "too many points for a screen cell grid")
    move(capacity: 2 * capacity, layout: layout)
  }

  /// Moves the points (and their lists, once threaded) to a new allocation with room for
  /// `capacity` points and the cells of `layout`, which becomes the grid's.
  private mutating func move(capacity: Int, layout: CellLayout) {
    let (newStorage, newPoints, newPrevious, newHeads) = Self.allocate(capacity: capacity, cells: layout.cellCount)
    newPoints.moveInitialize(from: points, count: count)
    if threaded {
      newPrevious.moveInitialize(from: previous, count: count)
      newHeads.moveInitialize(from: heads, count: self.layout.cellCount)
    }
    if ownsStorage { storage.deallocate() }
    (storage, points, previous, heads, self.capacity, self.layout, ownsStorage) = (
      newStorage, newPoints, newPrevious, newHeads, capacity, layout, true
    )
  }

  /// Calls `body` with the index and squared distance to `p` of every point in the cells that the
  /// square of half-side `radius` around `p` meets (all points closer than `radius` are among
  /// them: the cell of a coordinate never decreases as it grows), cell by cell — or of every
  /// point, while they are not threaded.
  @inline(__always)
  private func forEachPoint(near p: ScreenPoint, within radius: Double, _ body: (Int, Double) -> Void) {
    guard threaded else {
      for k in 0..<count {
        let (dx, dy) = (points[k].x - p.x, points[k].y - p.y)
        body(k, dx * dx + dy * dy)
      }
      return
    }
    // The square grown by a hair (relative to the coordinates), so that rounding p ± radius never
    // leaves out the cell of a point closer than radius.
    let half = radius + 1e-9 * (radius + abs(p.x) + abs(p.y))
    let (firstColumn, firstRow) = layout.cellPosition(of: ScreenPoint(x: p.x - half, y: p.y - half))
    let (lastColumn, lastRow) = layout.cellPosition(of: ScreenPoint(x: p.x + half, y: p.y + half))
    // (Half-open ranges: a closed one iterates through its generic index.)
    for r in firstRow..<(lastRow + 1) {
      for c in firstColumn..<(lastColumn + 1) {
        var k = Int(heads[r * layout.columns + c])
        while k >= 0 {
          let (dx, dy) = (points[k].x - p.x, points[k].y - p.y)
          body(k, dx * dx + dy * dy)
          k = Int(previous[k])
        }
      }
    }
  }

  /// The greedy pass over the points in the order they were added: the first point not yet taken
  /// is a seed and takes every later point strictly closer than `radius`.
  /// - Returns: per point, the index of the seed that took it (its own for a seed).
  package func greedySeeds(closerThan radius: Double) -> [Int32] {
    let r2 = radius * radius
    return [Int32](uninitializedCapacity: count) { seedOf, initialized in
      seedOf.initialize(repeating: -1)
      for i in 0..<count where seedOf[i] < 0 {
        let seed = Int32(truncatingIfNeeded: i)  // below count (32-bit lists)
        seedOf[i] = seed
        let p = points[i]
        forEachPoint(near: p, within: radius) { k, d2 in
          if seedOf[k] < 0 && d2 < r2 { seedOf[k] = seed }
        }
      }
      initialized = count
    }
  }

  /// The point nearest to `p` strictly closer than `radius` and its squared distance, the lower
  /// index on a tie; `nil` when there is none. (A radius beyond the reach searches more cells.)
  @inline(__always)
  package func nearest(to p: ScreenPoint, within radius: Double) -> (index: Int, d2: Double)? {
    nearest(to: p, within: radius, where: { _ in true })
  }

  /// ``nearest(to:within:)`` among the points whose index satisfies `isCandidate`.
  @inline(__always)
  package func nearest(
    to p: ScreenPoint, within radius: Double, where isCandidate: (Int) -> Bool
  ) -> (index: Int, d2: Double)? {
    var (best, bestD2) = (-1, radius * radius)
    guard threaded else {
      // In index order: the first of equally near points is the lower index.
      for k in 0..<count {
        let (dx, dy) = (points[k].x - p.x, points[k].y - p.y)
        let d2 = dx * dx + dy * dy
        if d2 < bestD2 && isCandidate(k) { (best, bestD2) = (k, d2) }
      }
      return best >= 0 ? (best, bestD2) : nil
    }
    forEachPoint(near: p, within: radius) { k, d2 in
      if (d2 < bestD2 || (d2 == bestD2 && k < best)) && isCandidate(k) { (best, bestD2) = (k, d2) }
    }
    return best >= 0 ? (best, bestD2) : nil
  }
}

/// Square cells at least `reach` points wide over a viewport, never more than about `count` + 4
/// of them (wider cells when the viewport is large for the point count), so that building a grid
/// costs O(count) however small the reach.
struct CellLayout {
  /// 1 / the cell size (cells are a hair wider than the reach, so that scaling by the rounded
  /// reciprocal still puts points closer than the reach in neighbouring cells).
  let scale: Double
  let columns: Int
  let rows: Int

  /// No cells (a grid whose points are not threaded).
  static let none = CellLayout(scale: 0, columns: 0, rows: 0)

  private init(scale: Double, columns: Int, rows: Int) {
    (self.scale, self.columns, self.rows) = (scale, columns, rows)
  }

  init(viewport: (width: Double, height: Double), reach: Double, count: Int) {
    let budget = Double(count + 4)
    let (width, height) = (max(viewport.width, 1), max(viewport.height, 1))
    var size = max(reach, (width * height / budget).squareRoot(), width / budget, height / budget) * (1 + 1e-9)
    if !size.isFinite { size = .greatestFiniteMagnitude }
    scale = 1 / size
    // At most `budget` columns and rows, and about `budget` cells in all.
    columns = (Int(clamping: width / size, to: 0...Int(budget), rounding: .down) ?? 0) + 1
    rows = (Int(clamping: height / size, to: 0...Int(budget), rounding: .down) ?? 0) + 1
  }

  var cellCount: Int { columns * rows }

  /// The cell of `p`, clamped to the grid: a point closer than the cell size to another lies in
  /// the same or a neighbouring cell (clamping shortens distances).
  @inline(__always)
  func cellPosition(of p: ScreenPoint) -> (column: Int, row: Int) {
    (Self.index(p.x * scale, count: columns), Self.index(p.y * scale, count: rows))
  }

  /// The cell's number (row-major).
  @inline(__always)
  func cell(of p: ScreenPoint) -> Int {
    let (column, row) = cellPosition(of: p)
    return row * columns + column
  }

  /// floor(v) clamped to 0..<count (NaN to 0); checked by the comparisons, inlined (the general
  /// ``Swift/Int/init(clamping:to:rounding:)`` is a call with a rounding-rule argument).
  @inline(__always)
  private static func index(_ v: Double, count: Int) -> Int {
    guard v >= 1 else { return 0 }  // also NaN
    return v < Double(count - 1) ? Int(v) : count - 1
  }
}
