/// Screen points added one by one into square cells at least `reach` points wide, so that the
/// points closer than `reach` to any point lie in the 3 × 3 cells around its own: searches among
/// the points added so far (a query's items, then the fragments it fits in among them). Each cell
/// is a list threaded through the points (no sort, no hashing, three allocations).
///
/// There are never more than about three cells per point of the capacity (wider cells when the
/// viewport is large for it), so making one costs O(capacity) however small `reach` is.
package struct ScreenCellGrid {
  private let layout: CellLayout
  /// The points, by index (the order they were added).
  package private(set) var points: [ScreenPoint] = []
  /// Per cell, the last point added there (-1: none); per point, the one added there before it.
  private var heads: [Int32]
  private var previous: [Int32] = []

  /// An empty grid for up to about `capacity` points in a viewport of `width` × `height` points
  /// (more may be added: the cells only get fuller). A point outside the viewport (by rounding)
  /// goes to the nearest cell, a NaN one to the first.
  package init(viewport: (width: Double, height: Double), reach: Double, capacity: Int) {
    layout = CellLayout(viewport: viewport, reach: reach, count: capacity)
    heads = [Int32](repeating: -1, count: layout.cellCount)
    points.reserveCapacity(capacity)
    previous.reserveCapacity(capacity)
  }

  /// Adds `p`; its index is the number of points added before.
  package mutating func add(_ p: ScreenPoint) {
    let cell = layout.cell(of: p)
    previous.append(heads[cell])
    heads[cell] = Int32(points.count)
    points.append(p)
  }

  /// The point nearest to `p` strictly closer than `radius` (at most the reach) and its squared
  /// distance, the lower index on a tie; `nil` when there is none.
  package func nearest(to p: ScreenPoint, within radius: Double) -> (index: Int, d2: Double)? {
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
