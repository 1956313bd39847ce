/// Screen points bucketed into square cells at least `reach` points wide (a counting sort: no
/// comparison sort, no hashing), so that the points closer than `reach` to any point lie in the
/// 3 × 3 cells around its own. For the few hundred items of one query; ``ScreenGrid`` (sorted by
/// x) serves searches whose radius varies.
///
/// There are never more than about three cells per point (wider cells when the viewport is large
/// for the point count), so building it costs O(n) however small `reach` is.
package struct ScreenCellGrid {
  private let layout: CellLayout
  /// The points, by index.
  private let points: [ScreenPoint]
  /// Cell k holds `entries[starts[k] ..< starts[k + 1]]` (`starts[cells]` is the point count).
  private let starts: [Int32]
  /// Point indices by cell, ascending within a cell.
  private let entries: [Int32]

  /// Buckets `points` for a viewport of `width` × `height` points; a point outside it (by
  /// rounding) goes to the nearest cell, a NaN one to the first.
  package init(_ points: [ScreenPoint], viewport: (width: Double, height: Double), reach: Double) {
    self.points = points
    let layout = CellLayout(viewport: viewport, reach: reach, count: points.count)
    self.layout = layout
    // A counting sort: per cell its count, then (prefix sums) its end; filling backwards turns
    // each end into the cell's start and keeps indices ascending within a cell.
    let cellCount = layout.cellCount
    var bounds = [Int32](repeating: 0, count: cellCount + 1)
    bounds.withUnsafeMutableBufferPointer { bounds in
      for p in points { bounds[layout.cell(of: p)] += 1 }
      for k in 1...cellCount { bounds[k] += bounds[k - 1] }
    }
    entries = [Int32](unsafeUninitializedCapacity: points.count) { entries, initialized in
      bounds.withUnsafeMutableBufferPointer { bounds in
        for i in points.indices.reversed() {
          let k = layout.cell(of: points[i])
          bounds[k] -= 1
          entries[Int(bounds[k])] = Int32(i)
        }
      }
      initialized = points.count
    }
    self.starts = bounds
  }

  /// The point nearest to `p` among those strictly closer than `radius` (at most the grid's
  /// reach), the lower index on a tie; `nil` when there is none.
  package func nearest(to p: ScreenPoint, within radius: Double) -> Int? {
    var best: (index: Int, d2: Double)?
    let (column, row) = layout.cellPosition(of: p)
    for r in max(row - 1, 0)...min(row + 1, layout.rows - 1) {
      let first = Int(starts[r * layout.columns + max(column - 1, 0)])
      let last = Int(starts[r * layout.columns + min(column + 1, layout.columns - 1) + 1])
      for k in first..<last {
        let index = Int(entries[k])
        let (dx, dy) = (points[index].x - p.x, points[index].y - p.y)
        let d2 = dx * dx + dy * dy
        guard d2 < radius * radius else { continue }
        if let b = best, d2 > b.d2 || (d2 == b.d2 && index > b.index) { continue }
        best = (index, d2)
      }
    }
    return best?.index
  }
}

/// Points added one by one into square cells at least `reach` points wide, for searches among
/// the points added so far (the fragments a query fits in).
struct GrowingCellGrid {
  private let layout: CellLayout
  /// The points, by index (the order they were added).
  private(set) var points: [ScreenPoint] = []
  /// Per cell, the last point added there (-1: none); per point, the one added there before it.
  private var heads: [Int32]
  private var previous: [Int32] = []

  /// A grid for up to about `capacity` points in a viewport of `width` × `height` points.
  init(viewport: (width: Double, height: Double), reach: Double, capacity: Int) {
    layout = CellLayout(viewport: viewport, reach: reach, count: capacity)
    heads = [Int32](repeating: -1, count: layout.cellCount)
    points.reserveCapacity(capacity)
    previous.reserveCapacity(capacity)
  }

  /// Adds `p`; its index is the number of points added before.
  mutating func add(_ p: ScreenPoint) {
    let cell = layout.cell(of: p)
    previous.append(heads[cell])
    heads[cell] = Int32(points.count)
    points.append(p)
  }

  /// The point nearest to `p` strictly closer than `radius` (at most the reach) and its squared
  /// distance, the lower index on a tie; `nil` when there is none.
  func nearest(to p: ScreenPoint, within radius: Double) -> (index: Int, d2: Double)? {
    var best: (index: Int, d2: Double)?
    let (column, row) = layout.cellPosition(of: p)
    for r in max(row - 1, 0)...min(row + 1, layout.rows - 1) {
      for c in max(column - 1, 0)...min(column + 1, layout.columns - 1) {
        var k = heads[r * layout.columns + c]
        while k >= 0 {
          let index = Int(k)
          let (dx, dy) = (points[index].x - p.x, points[index].y - p.y)
          let d2 = dx * dx + dy * dy
          if d2 < radius * radius, best.map({ d2 < $0.d2 || (d2 == $0.d2 && index < $0.index) }) ?? true {
            best = (index, d2)
          }
          k = previous[index]
        }
      }
    }
    return best
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
