/// A spatial index over a pin set: a region quadtree on the Web Mercator unit square, stored as
/// pins sorted in Morton (Z) order plus a node array whose every node covers a contiguous run of
/// them (a "linear quadtree").
///
/// Queries walk the tree against the camera's rotated rectangle: nodes outside it are skipped,
/// nodes wholly inside emit their run without testing a pin, and only leaves on the rectangle's
/// edge test their pins. Results come back in input order (positions in the ``PinSet``), or in the
/// walk's own order when the caller does not need input order (``PruneOrder/any``).
///
/// Memory beyond the pin set: 16 bytes of coordinates + 4 of position per pin in the sorted copy,
/// plus 12 bytes per node (about one node per 10 pins): ≈ 21 bytes per pin.
///
/// The index is immutable after `init` and `Sendable`: share it between threads freely.
public struct PinIndex: Sendable {
  /// Pins per leaf before it splits (fewer only at the maximum depth, e.g. coincident pins).
  public static let leafCapacity = 24
  /// Quadtree depth limit: Mercator coordinates are quantised to 31 bits per axis.
  public static var maxDepth: Int { MortonKey.bitsPerAxis }

  /// Sorted copies of the Mercator points (Morton order), x and y side by side.
  let points: [MercatorPoint]
  /// For each sorted slot, the pin's position in the pin set.
  let positions: [UInt32]
  /// The quadtree, nodes stored together (one cache line serves a node's fields); siblings are
  /// adjacent.
  let nodes: [Node]
  /// The size of the indexed pin set (positions are below it).
  let pinSetCount: Int

  /// Pins indexed (pins beyond the Mercator limit are left out: they are never visible).
  public var count: Int { positions.count }

  /// Number of quadtree nodes.
  public var nodeTotal: Int { nodes.count }

  /// Bytes the index holds beyond the pin set.
  public var memoryBytes: Int {
    points.capacity * MemoryLayout<MercatorPoint>.stride + positions.capacity * 4 + nodes.capacity
      * MemoryLayout<Node>.stride
  }

  /// A node covers sorted slots start ..< start + count; its four children (quadrants west-north,
  /// east-north, west-south, east-south) are nodes firstChild ..< firstChild + 4, or firstChild < 0
  /// for a leaf.
  struct Node: Sendable {
    var start: UInt32
    var count: UInt32
    var firstChild: Int32
  }
}
