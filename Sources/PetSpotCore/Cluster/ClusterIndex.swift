/// A hierarchical cluster index over a pin set: for every integer zoom level from `maxZoom − 1`
/// down to 0, the pins grouped so that every display item stays tappable.
///
/// **How it groups.** Level `maxZoom` holds every pin on its own. Each lower level is built from
/// the one above by a greedy pass in Morton (Z) order of the items' drawn positions: the first item
/// not yet taken becomes a seed and takes every later untaken item closer than the level's
/// separation d_L = minSeparation / (256 · 2^L) world widths (distance on the torus: the world
/// repeats east–west). A seed that took nothing stays what it was; one that took items becomes a
/// cluster drawn exactly at the seed's position — one of its own pins (its first in Z order), not a
/// centroid. Two seeds are never closer than d_L (the later one would have been taken), so at any
/// camera whose scale is at least its level's, items are at least `minSeparation` points apart; and
/// every leaf lies within d_L + d_L/2 + d_L/4 + … < 2·d_L of its cluster's position, under
/// 4 × minSeparation on screen at any zoom below the next level.
///
/// **Storage.** Pins live once, sorted in Morton order (``points``); clusters are records with
/// their children in one shared array and their leaves as one contiguous run of ``leafSlots``
/// (depth-first order). A node is referred to by a `UInt32`: a pin's Morton slot, or
/// ``clusterFlag`` | cluster number.
///
/// **Identity.** A cluster's id is the 64-bit sum of its members' id hashes: the same members give
/// the same id, whatever else changed.
///
/// The index is immutable and `Sendable`: share it between threads freely.
public struct ClusterIndex: Sendable {
  /// The options it was built with (validated).
  public let options: ClusterOptions
  /// The pins it indexes (positions in results refer to this set).
  public let pins: PinSet
  /// Pins on the map (within the Mercator limit), sorted in Morton order.
  let points: [MercatorPoint]
  /// For each Morton slot, the pin's position in ``pins``.
  let positions: [UInt32]
  /// The clusters, children before parents (higher levels first).
  let clusters: [Cluster]
  /// Children of every cluster: cluster c's are `children[c.childStart ..< c.childStart + c.childCount]`.
  let children: [UInt32]
  /// The items of level 0, in Morton order of their drawn positions.
  let roots: [UInt32]
  /// Cluster numbers + 1 by id hash, open addressing (lookup by id).
  let clusterTable: [UInt32]
  /// Morton slots in depth-first order: every cluster's leaves are one contiguous run.
  let leafSlots: [UInt32]

  /// Marks a node reference as a cluster number rather than a pin slot.
  static let clusterFlag: UInt32 = 0x8000_0000

  /// One cluster: members, drawn position and aggregates.
  struct Cluster: Sendable {
    /// The Morton slot of the pin it is drawn at.
    var representative: UInt32
    /// Number of leaf pins.
    var count: UInt32
    /// Its children's run in ``ClusterIndex/children``.
    var childStart: UInt32
    var childCount: UInt32
    /// Its leaves' run in ``ClusterIndex/leafSlots``.
    var leafStart: UInt32
    /// Leaves per status: MISSING, FOUND, CLOSED (the rest is "other").
    var missing: UInt32
    var found: UInt32
    var closed: UInt32
    /// The sum of its leaves' id hashes.
    var idHash: UInt64
    /// Where its leaves lie relative to its drawn pin.
    var extent: LeafExtent
    /// The level it was formed at: it is shown at this level and below (until merged) and splits
    /// at `level + 1`, its expansion zoom.
    var level: UInt8
  }

  /// Pins on the map (clustered); pins beyond the Mercator limit are never shown.
  public var pinCount: Int { positions.count }

  /// Number of clusters over all levels.
  public var clusterCount: Int { clusters.count }

  /// Bytes the index holds beyond the pin set.
  public var memoryBytes: Int {
    points.capacity * MemoryLayout<MercatorPoint>.stride + positions.capacity * 4
      + clusters.capacity * MemoryLayout<Cluster>.stride + children.capacity * 4 + roots.capacity * 4
      + leafSlots.capacity * 4 + clusterTable.capacity * 4
  }

  /// Whether a node reference is a cluster.
  @inline(__always)
  static func isCluster(_ ref: UInt32) -> Bool { ref & clusterFlag != 0 }

  /// The Morton slot of the pin a node is drawn at.
  @inline(__always)
  func representative(of ref: UInt32) -> UInt32 {
    Self.isCluster(ref) ? clusters[Int(ref & ~Self.clusterFlag)].representative : ref
  }
}

/// The box holding a cluster's leaves, as offsets (world widths) from its drawn pin's position:
/// x unwrapped around that pin (leaves across the antimeridian get offsets beyond ±½ − never more
/// than 2·d_L), y as is. Stored as Float, rounded outwards: 16 bytes per cluster.
struct LeafExtent: Sendable {
  var minX: Float, minY: Float, maxX: Float, maxY: Float

  static let zero = LeafExtent(minX: 0, minY: 0, maxX: 0, maxY: 0)

  /// Grows the box to hold `other` moved by (dx, dy).
  mutating func formUnion(_ other: LeafExtent, shiftedBy dx: Double, _ dy: Double) {
    minX = min(minX, Self.down(Double(other.minX) + dx))
    minY = min(minY, Self.down(Double(other.minY) + dy))
    maxX = max(maxX, Self.up(Double(other.maxX) + dx))
    maxY = max(maxY, Self.up(Double(other.maxY) + dy))
  }

  /// The largest Float ≤ v, and the smallest ≥ v.
  private static func down(_ v: Double) -> Float {
    let f = Float(v)
    return Double(f) > v ? f.nextDown : f
  }

  private static func up(_ v: Double) -> Float {
    let f = Float(v)
    return Double(f) < v ? f.nextUp : f
  }
}
