/// Items sorted in Morton order grouped into the square cells of one quadtree depth: each
/// non-empty cell is a contiguous run, and a cell's neighbours are found by galloping forward
/// through the sorted cell codes (neighbours of nearby cells are nearby in Z order, so the search
/// stays short and cache-friendly).
package struct MortonCells {
  /// Cell codes (Morton prefixes), ascending, one per non-empty cell.
  private(set) var codes: [UInt64] = []
  /// `starts[c] ..< starts[c + 1]` are cell c's items.
  private(set) var starts: [UInt32] = []

  /// Groups items into cells at `depth` (0...31): `sortedPoints` are a level's items, in Z order
  /// (ascending Morton keys of their points).
  ///
  /// A cell is the point's column and row at the depth — the top `depth` bits of each axis of its
  /// Morton key — compared with the previous item's; only a new cell's code is interleaved.
  init(sortedPoints: UnsafeBufferPointer<LevelItem>, depth: Int) {
    let side = Double(UInt64(1) << UInt64(depth))
    let last = Int64(1) << Int64(depth) - 1
    // floor(v · 2^depth) within the grid: the key's quantisation (31 bits) shifted down.
    let cell = { (v: Double) -> Int64 in min(Int64(max(v, 0) * side), last) }
    // At most one cell per item: written through buffers of that size (room never written costs
    // address space only).
    let count = sortedPoints.count
    var cellCount = 0
    var cellStarts: [UInt32] = []
    codes = [UInt64](uninitializedCapacity: count) { codeBuffer, codesWritten in
      cellStarts = [UInt32](uninitializedCapacity: count + 1) { startBuffer, startsWritten in
        var previous = (column: Int64(-1), row: Int64(-1))
        for i in 0..<count {
          let current = (column: cell(sortedPoints[i].x), row: cell(sortedPoints[i].y))
          guard current != previous else { continue }
          codeBuffer[cellCount] = MortonKey.cellCode(
            column: UInt64(truncatingIfNeeded: current.column), row: UInt64(truncatingIfNeeded: current.row))
          startBuffer[cellCount] = UInt32(truncatingIfNeeded: i)
          cellCount += 1
          previous = current
        }
        startBuffer[cellCount] = UInt32(truncatingIfNeeded: count)
        startsWritten = cellCount + 1
      }
      codesWritten = cellCount
    }
    starts = cellStarts
  }

  /// The neighbour of cell `index` (of `codes`, cell codes at `depth`) at offset (dx, dy) ∈
  /// {−1, 0, 1}² (the world wraps east–west), when it is non-empty and after it in Z order; `nil`
  /// otherwise. The caller holds the codes as a buffer (no reference counting in the build's
  /// inner loop).
  @inline(__always)
  static func laterNeighbour(of index: Int, in codes: UnsafeBufferPointer<UInt64>, depth: Int, dx: Int, dy: Int) -> Int?
  {
    guard let neighbour = MortonKey.neighbourCode(of: codes[index], dx: dx, dy: dy, depth: depth),
      neighbour > codes[index]
    else {
      return nil
    }
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
