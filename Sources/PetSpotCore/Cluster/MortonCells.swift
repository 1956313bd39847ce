/// Items sorted in Morton order grouped into the square cells of one quadtree depth: each
/// non-empty cell is a contiguous run, and a cell's neighbours are found by galloping forward
/// through the sorted cell codes (neighbours of nearby cells are nearby in Z order, so the search
/// stays short and cache-friendly).
package struct MortonCells {
  /// Cell codes (Morton prefixes), ascending, one per non-empty cell.
  private(set) var codes: [UInt64] = []
  /// `starts[c] ..< starts[c + 1]` are cell c's items.
  private(set) var starts: [UInt32] = []

  /// Groups items into cells at `depth` (0...31): `sortedKeys` are the items' 62-bit Morton
  /// keys, ascending.
  init(sortedKeys: some Sequence<UInt64>, depth: Int) {
    let shift = UInt64(2 * (31 - depth))
    codes.reserveCapacity(sortedKeys.underestimatedCount / 2)
    starts.reserveCapacity(sortedKeys.underestimatedCount / 2 + 1)
    var previous = UInt64.max
    var count: UInt32 = 0
    for key in sortedKeys {
      let code = key >> shift
      if code != previous {
        codes.append(code)
        starts.append(count)
        previous = code
      }
      count += 1
    }
    starts.append(count)
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
