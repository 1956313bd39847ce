/// Items sorted in Morton order grouped into the square cells of one quadtree depth: each
/// non-empty cell is a contiguous run, and a cell's neighbours are found by galloping forward
/// through the sorted cell codes (neighbours of nearby cells are nearby in Z order, so the search
/// stays short and cache-friendly).
struct MortonCells {
  /// The quadtree depth of the cells (2^depth cells per axis).
  let depth: Int
  /// Cell codes (Morton prefixes), ascending, one per non-empty cell.
  private(set) var codes: [UInt64] = []
  /// `starts[c] ..< starts[c + 1]` are cell c's items.
  private(set) var starts: [UInt32] = []

  /// Groups items into cells at `depth` (0...31): item i has the 62-bit Morton key
  /// `keys[slots[i]]`, ascending in i.
  init(keys: [UInt64], of slots: [UInt32], depth: Int) {
    self.depth = depth
    let shift = UInt64(2 * (31 - depth))
    codes.reserveCapacity(slots.count / 2)
    starts.reserveCapacity(slots.count / 2 + 1)
    var previous = UInt64.max
    for (i, slot) in slots.enumerated() {
      let code = keys[Int(slot)] >> shift
      if code != previous {
        codes.append(code)
        starts.append(UInt32(i))
        previous = code
      }
    }
    starts.append(UInt32(slots.count))
  }

  /// The code of the cell at (column + dx, row + dy) at `depth` (x wraps east–west); `nil` past
  /// the top or bottom row.
  @inline(__always)
  static func neighbourCode(column: UInt64, row: UInt64, dx: Int, dy: Int, depth: Int) -> UInt64? {
    let last = (UInt64(1) << UInt64(depth)) - 1
    if (dy < 0 && row == 0) || (dy > 0 && row == last) { return nil }
    let y = dy < 0 ? row - 1 : dy > 0 ? row + 1 : row
    let x = dx < 0 ? (column == 0 ? last : column - 1) : dx > 0 ? (column == last ? 0 : column + 1) : column
    return MortonCode.spread(x) | (MortonCode.spread(y) << 1)
  }

  /// The neighbour of cell `index` (of `codes`, cell codes at `depth`) — at `column`, `row` — at
  /// offset (dx, dy) ∈ {−1, 0, 1}² (the world wraps east–west), when it is non-empty and after it
  /// in Z order; `nil` otherwise. The caller holds the codes as a buffer (no reference counting in
  /// the build's inner loop).
  @inline(__always)
  static func laterNeighbour(
    of index: Int, in codes: UnsafeBufferPointer<UInt64>, depth: Int, column: UInt64, row: UInt64, dx: Int, dy: Int
  ) -> Int? {
    guard let neighbour = neighbourCode(column: column, row: row, dx: dx, dy: dy, depth: depth), neighbour > codes[index] else { return nil }
    // Galloping, then binary search, among the codes after `index`.
    var lo = index + 1, step = 1
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

/// Interleaving helpers for 2-D Morton codes (x on even bits, y on odd bits).
enum MortonCode {
  /// Spreads the low 32 bits of `value` to the even bit positions.
  @inline(__always)
  static func spread(_ value: UInt64) -> UInt64 { PinIndex.spread(value) }

  /// Gathers the even bits of `value` into the low 32 bits (the inverse of ``spread(_:)``).
  @inline(__always)
  static func compact(_ value: UInt64) -> UInt64 {
    var v = value & 0x5555_5555_5555_5555
    v = (v | (v >> 1)) & 0x3333_3333_3333_3333
    v = (v | (v >> 2)) & 0x0F0F_0F0F_0F0F_0F0F
    v = (v | (v >> 4)) & 0x00FF_00FF_00FF_00FF
    v = (v | (v >> 8)) & 0x0000_FFFF_0000_FFFF
    v = (v | (v >> 16)) & 0x0000_0000_FFFF_FFFF
    return v
  }
}
