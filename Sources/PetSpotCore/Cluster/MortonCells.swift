/// Items sorted in Morton order grouped into the square cells of one quadtree depth: each
/// non-empty cell is a contiguous run, and a cell's neighbours are found by galloping forward
/// through the sorted cell codes (neighbours of nearby cells are nearby in Z order, so the search
/// stays short and cache-friendly).
package struct MortonCells {
  /// Cell codes (Morton prefixes), ascending, one per non-empty cell.
  package private(set) var codes: [UInt64] = []
  /// `starts[c] ..< starts[c + 1]` are cell c's items.
  package private(set) var starts: [UInt32] = []

  /// Groups items into cells at `depth` (0...31): `sortedPoints` are a level's items, in Z order
  /// (ascending Morton keys of their points).
  ///
  /// A cell is the point's column and row at the depth — the top `depth` bits of each axis of its
  /// Morton key. An item inside the previous item's cell (four comparisons with its bounds) is in
  /// it; only an item in a new cell has its column and row worked out and interleaved.
  package init(sortedPoints: UnsafeBufferPointer<LevelItem>, depth: Int) {
    let side = Double(UInt64(1) << UInt64(depth))
    let last = Int64(1) << Int64(depth) - 1
    // floor(v · 2^depth) within the grid: the key's quantisation (31 bits) shifted down.
    let cell = { (v: Double) -> Int64 in min(Int64(max(v, 0) * side), last) }
    // The coordinates column (or row) c holds: v · side in [c, c + 1) (exact: side is a power of
    // two, and so is the cells' width), the first also every v below 0 and the last every v from
    // its start on (x = 1).
    let width = 1 / side
    let bounds = { (c: Int64) -> (lower: Double, upper: Double) in
      (c == 0 ? -.infinity : Double(c) * width, c == last ? .infinity : Double(c + 1) * width)
    }
    // At most one cell per item: written through buffers of that size (room never written costs
    // address space only).
    let count = sortedPoints.count
    var cellCount = 0
    var cellStarts: [UInt32] = []
    codes = [UInt64](uninitializedCapacity: count) { codeBuffer, codesWritten in
      cellStarts = [UInt32](uninitializedCapacity: count + 1) { startBuffer, startsWritten in
        // The current cell's bounds (NaN before the first item: nothing is inside).
        var (x, y) = ((lower: Double.nan, upper: Double.nan), (lower: Double.nan, upper: Double.nan))
        for i in 0..<count {
          let point = (x: sortedPoints[i].x, y: sortedPoints[i].y)
          if point.x >= x.lower && point.x < x.upper && point.y >= y.lower && point.y < y.upper { continue }
          let (column, row) = (cell(point.x), cell(point.y))
          (x, y) = (bounds(column), bounds(row))
          codeBuffer[cellCount] = MortonKey.cellCode(
            column: UInt64(truncatingIfNeeded: column), row: UInt64(truncatingIfNeeded: row))
          startBuffer[cellCount] = UInt32(truncatingIfNeeded: i)
          cellCount += 1
        }
        startBuffer[cellCount] = UInt32(truncatingIfNeeded: count)
        startsWritten = cellCount + 1
      }
      codesWritten = cellCount
    }
    starts = cellStarts
  }

  /// The index among `codes` (cell codes, ascending) of the cell with code `neighbour`, looked
  /// for after `index` (`neighbour` is greater than `codes[index]`); `nil` when that cell is
  /// empty. The caller holds the codes as a buffer (no reference counting in the build's inner
  /// loop).
  @inline(__always)
  static func index(of neighbour: UInt64, after index: Int, in codes: UnsafeBufferPointer<UInt64>) -> Int? {
    // Galloping, then binary search, among the codes after `index`.
    var lo = index + 1
    var step = 1
    var hi = lo
    while hi < codes.count && codes[hi] < neighbour {
      lo = hi + 1
      hi += step
      step *= 2
    }
    hi = min(hi, codes.count - 1)
    while lo <= hi {
      let mid = (lo + hi) / 2
      if codes[mid] == neighbour { return mid }
      if codes[mid] < neighbour { lo = mid + 1 } else { hi = mid - 1 }
    }
    return nil
  }
}
