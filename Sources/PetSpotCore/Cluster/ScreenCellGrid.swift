/// Screen points bucketed into square cells at least `reach` points wide (a counting sort: no
/// comparison sort, no hashing), so that the points closer than `reach` to any point lie in the
/// 3 × 3 cells around its own. For the few hundred items of one query; ``ScreenGrid`` (sorted by
/// x) serves searches whose radius varies.
///
/// There are never more than about three cells per point (wider cells when the viewport is large
/// for the point count), so building it costs O(n) however small `reach` is.
package struct ScreenCellGrid {
  /// 1 / the cell size (cells are a hair wider than the reach, so that scaling by the rounded
  /// reciprocal still puts points closer than the reach in neighbouring cells).
  private let scale: Double
  private let columns: Int
  private let rows: Int
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
    let budget = Double(points.count + 4)
    let (width, height) = (max(viewport.width, 1), max(viewport.height, 1))
    var size = max(reach, (width * height / budget).squareRoot(), width / budget, height / budget) * (1 + 1e-9)
    if !size.isFinite { size = .greatestFiniteMagnitude }
    let scale = 1 / size
    self.scale = scale
    // At most `budget` columns and rows, and about `budget` cells in all.
    let columns = (Int(clamping: width / size, to: 0...Int(budget), rounding: .down) ?? 0) + 1
    let rows = (Int(clamping: height / size, to: 0...Int(budget), rounding: .down) ?? 0) + 1
    (self.columns, self.rows) = (columns, rows)
    // A counting sort: per cell its count, then (prefix sums) its end; filling backwards turns
    // each end into the cell's start and keeps indices ascending within a cell.
    let cellCount = columns * rows
    var bounds = [Int32](repeating: 0, count: cellCount + 1)
    bounds.withUnsafeMutableBufferPointer { bounds in
      for p in points {
        let cell = Self.cell(of: p, scale: scale, columns: columns, rows: rows)
        bounds[cell.row * columns + cell.column] += 1
      }
      for k in 1...cellCount { bounds[k] += bounds[k - 1] }
    }
    entries = [Int32](unsafeUninitializedCapacity: points.count) { entries, initialized in
      bounds.withUnsafeMutableBufferPointer { bounds in
        for i in points.indices.reversed() {
          let cell = Self.cell(of: points[i], scale: scale, columns: columns, rows: rows)
          let k = cell.row * columns + cell.column
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
    let (column, row) = Self.cell(of: p, scale: scale, columns: columns, rows: rows)
    for r in max(row - 1, 0)...min(row + 1, rows - 1) {
      let first = Int(starts[r * columns + max(column - 1, 0)])
      let last = Int(starts[r * columns + min(column + 1, columns - 1) + 1])
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

  /// The cell of `p`, clamped to the grid: a point closer than the cell size to another lies in
  /// the same or a neighbouring cell (clamping shortens distances).
  @inline(__always)
  private static func cell(of p: ScreenPoint, scale: Double, columns: Int, rows: Int) -> (column: Int, row: Int) {
    (index(p.x * scale, count: columns), index(p.y * scale, count: rows))
  }

  /// floor(v) clamped to 0..<count (NaN to 0); checked by the comparisons, inlined (the general
  /// ``Swift/Int/init(clamping:to:rounding:)`` is a call with a rounding-rule argument).
  @inline(__always)
  private static func index(_ v: Double, count: Int) -> Int {
    guard v >= 1 else { return 0 }  // also NaN
    return v < Double(count - 1) ? Int(v) : count - 1
  }
}
