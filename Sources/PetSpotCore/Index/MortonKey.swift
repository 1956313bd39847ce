/// 62-bit Morton (Z-order) keys of the Web Mercator unit square: each axis quantised to 31 bits,
/// x on the even bits and y on the odd ones, so sorting by key walks the quadtree depth first and
/// every quadtree cell at depth d is a run of keys sharing their top 2·d bits (its *code*).
///
/// The one place keys are made, spread, stepped to a neighbour cell and sorted: the pin index, the
/// cluster hierarchy builder and the Z-ordered list of pins all use it.
package enum MortonKey {
  /// Bits per axis: cells at the deepest level are 2⁻³¹ of the world wide.
  static let bitsPerAxis = 31

  /// Quantised cell coordinate of a unit-square value at 31 bits (1.0 goes to the last cell).
  @inline(__always)
  static func quantize(_ v: Double) -> UInt64 {
    // Through Int64: one conversion instruction on x86-64 (UInt64 takes a branch).
    UInt64(truncatingIfNeeded: min(Int64(max(v, 0) * 2_147_483_648), 2_147_483_647))
  }

  /// The key of a unit-square point: x bits at even positions, y bits at odd positions.
  @inline(__always)
  static func make(x: Double, y: Double) -> UInt64 {
    spread(quantize(x)) | (spread(quantize(y)) << 1)
  }

  /// Whether cell `a` comes before cell `b` (same depth) in Z order, without interleaving their
  /// bits: the axis whose highest differing bit is higher decides (y, on the odd bits, on a tie).
  @inline(__always)
  package static func zOrder(_ a: (column: UInt64, row: UInt64), isBefore b: (column: UInt64, row: UInt64)) -> Bool {
    let dx = a.column ^ b.column
    let dy = a.row ^ b.row
    // dy's highest bit below dx's (`dy < dx && dy < dx ^ dy`): the columns decide.
    return dy < dx && dy < (dx ^ dy) ? a.column < b.column : a.row < b.row
  }

  /// The code of the cell at (column, row) of a quadtree depth (interleaved like a key).
  @inline(__always)
  static func cellCode(column: UInt64, row: UInt64) -> UInt64 {
    spread(column) | (spread(row) << 1)
  }

  /// Spreads the low 32 bits of `value` to the even bit positions.
  @inline(__always)
  static func spread(_ value: UInt64) -> UInt64 {
    var v = value & 0xFFFF_FFFF
    v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF
    v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FF
    v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0F
    v = (v | (v << 2)) & 0x3333_3333_3333_3333
    v = (v | (v << 1)) & 0x5555_5555_5555_5555
    return v
  }

  /// The code of the cell at offset (dx, dy) ∈ {−1, 0, 1}² from the cell `code` at `depth`
  /// (x wraps east–west); `nil` past the top or bottom row. Computed on the interleaved bits: a
  /// carry or borrow passes through the other axis's bits (set to 1 for a carry, 0 for a borrow).
  @inline(__always)
  package static func neighbourCode(of code: UInt64, dx: Int, dy: Int, depth: Int) -> UInt64? {
    let used = (UInt64(1) << UInt64(2 * depth)) &- 1
    let xBits = 0x5555_5555_5555_5555 & used
    let yBits = xBits << 1
    var x = code & xBits
    var y = code & yBits
    if dx > 0 { x = ((x | ~xBits) &+ 1) & xBits } else if dx < 0 { x = (x &- 1) & xBits }
    if dy > 0 {
      if y == yBits { return nil }
      y = ((y | ~yBits) &+ 1) & yBits
    } else if dy < 0 {
      if y == 0 { return nil }
      y = (y &- 1) & yBits
    }
    return x | y
  }

  /// The keys of the pins on the map (pins beyond the Mercator limit are never visible), ascending,
  /// with the pins' positions; equal keys keep input order (the radix sort is stable). With
  /// `twoCores` the sort's digit passes run on two threads (from 65,536 pins). With a `scope`, only
  /// the pins it holds (one status, one property value).
  /// - Complexity: O(n).
  static func sorted(_ pins: PinSet, twoCores: Bool = false, scope: HierarchyScope = .all) -> (
    keys: [UInt64], positions: [UInt32]
  ) {
    var (keys, positions) = unsorted(pins, scope: scope)
    RadixSort.sort(keys: &keys, values: &positions, twoCores: twoCores)
    return (keys, positions)
  }

  /// The keys of the pins on the map (of the `scope`) with the pins' positions, in input order:
  /// what ``sorted(_:twoCores:scope:)`` sorts.
  /// - Complexity: O(n).
  static func unsorted(_ pins: PinSet, scope: HierarchyScope = .all) -> (keys: [UInt64], positions: [UInt32]) {
    // Sorted and then gathered in Z order at scattered places: in huge pages. Written through
    // buffers of room for every pin (an append checks the array's room and uniqueness each time).
    var positions: [UInt32] = []
    let keys = [UInt64](hugePagesCapacity: pins.count) { keys, keysWritten in
      positions = [UInt32](hugePagesCapacity: pins.count) { positions, written in
        pins.mercatorX.withUnsafeBufferPointer { xs in
          pins.mercatorY.withUnsafeBufferPointer { ys in
            for i in 0..<pins.count where !ys[i].isNaN && scope.holds(i, in: pins) {
              keys[written] = make(x: xs[i], y: ys[i])
              positions[written] = UInt32(i)
              written += 1
            }
          }
        }
        keysWritten = written
      }
    }
    return (keys, positions)
  }
}
