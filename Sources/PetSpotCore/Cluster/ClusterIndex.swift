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
/// Equivalently, per level L and pin j (an item of level L + 1): j is a seed at L unless an
/// earlier (Z order) seed lies within d_L, and then it belongs to the earliest such seed. That
/// rule only looks backwards in Z order, which is what lets ``insert(id:latitude:longitude:status:sourceRow:)``,
/// ``remove(at:)`` and ``update(at:latitude:longitude:status:)`` re-decide just the pins a
/// change can reach instead of rebuilding.
///
/// **Storage.** Every pin is known by its position in ``pins``; per pin the index keeps its
/// Morton key, its *top* (the lowest level at which it is still an item), the seed that absorbed
/// it there and its *head* (the node it is at its top level). A cluster record holds its drawn
/// point (its seed's position: a query reads one record per node), seed pin, aggregates, leaf
/// box, level, the node its seed was one level up (``Cluster/up``: a chain per seed from its
/// lowest cluster upwards) and its other members as pins (their heads are the nodes). A node is
/// referred to by a `UInt32`: a pin's position, or ``clusterFlag`` | cluster number. Pins in Z
/// order live in a chunked list (``MortonList``) that finds an item's neighbours at any level.
///
/// **Identity.** A cluster's id is the 64-bit sum of its members' id hashes: the same members give
/// the same id, whatever else changed.
///
/// **Threads.** A value type (`Sendable`): queries on a shared copy from any thread; changes on
/// one thread, to its own copy (copy-on-write: the first change after sharing copies the arrays).
public struct ClusterIndex: Sendable {
  /// The options it was built with (validated).
  public let options: ClusterOptions
  /// The pins it indexes (positions in results refer to this set). After ``remove(at:)`` a pin's
  /// place stays, retired (no id, never shown), until ``compacted()``.
  public internal(set) var pins: PinSet
  /// Per pin: its 62-bit Morton key (0 for pins off the map).
  var keys: [UInt64]
  /// Per pin: the lowest level at which it is an item (``notAnItem`` off the map or retired).
  var tops: [UInt8]
  /// Per pin with top > 0: the seed (a pin) that absorbed it at level top − 1.
  var absorbers: [UInt32]
  /// Per pin: the node it is at its top level (its lowest cluster, or the pin itself).
  var heads: [UInt32]
  /// The clusters; free records (``Cluster/free``) are reused.
  var clusters: [Cluster]
  /// Free cluster numbers.
  var freeClusters: [UInt32] = []
  /// Non-seed members of every cluster: cluster c's are `members[c.memberStart ..< c.memberStart + c.memberCount]`.
  var members: [UInt32]
  /// Slots of ``members`` no longer used (compacted when they outnumber the used ones).
  var unusedMembers = 0
  /// The pins that are items of level 0, in Z order.
  var roots: [UInt32]
  /// Cluster numbers by id hash (lookup by id).
  var clusterTable: ClusterTable
  /// Clusters in use.
  var liveClusters: Int
  /// Pins on the map in Z order: the neighbour search of changes.
  var order: MortonList
  /// Retired pins (removed, their places kept).
  public internal(set) var retiredCount = 0

  /// Marks a node reference as a cluster number rather than a pin position.
  static let clusterFlag: UInt32 = 0x8000_0000
  /// The top of a pin that is no item at all (off the map or retired).
  static let notAnItem: UInt8 = .max

  /// One cluster: seed, members, aggregates and leaf box.
  struct Cluster: Sendable, Equatable {
    // What a query reads of every node it visits comes first (the first 45 bytes).
    /// Where it is drawn: its seed's Mercator position (kept here so that a query reads one record per node).
    var x: Double, y: Double
    /// Where its leaves lie relative to its drawn pin.
    var extent: LeafExtent
    /// The seed's node one level up (its first child): a cluster of the same seed, or the pin.
    var up: UInt32
    /// Its other members' run in ``ClusterIndex/members`` (pins; their heads are the children).
    var memberStart: UInt32
    var memberCount: UInt32
    /// The level it was formed at: it is shown at this level and below (until merged) and splits
    /// at `level + 1`, its expansion zoom. ``notAnItem`` for a free record.
    var level: UInt8
    /// The pin it is drawn at: its seed.
    var representative: UInt32
    /// Number of leaf pins.
    var count: UInt32
    var memberCapacity: UInt32
    /// Leaves per status: MISSING, FOUND, CLOSED (the rest is "other").
    var missing: UInt32
    var found: UInt32
    var closed: UInt32
    /// The sum of its leaves' id hashes.
    var idHash: UInt64

    /// Where it is drawn (its seed's position).
    @inline(__always)
    var point: MercatorPoint { MercatorPoint(x: x, y: y) }

    /// Adds a child cluster whose drawn pin lies (dx, dy) world widths from this one's (x
    /// unwrapped to the nearest world copy): its leaves, aggregates and leaf box.
    mutating func add(_ child: Cluster, dx: Double, dy: Double) {
      extent.formUnion(child.extent, shiftedBy: dx, dy)
      count += child.count
      missing += child.missing
      found += child.found
      closed += child.closed
      idHash &+= child.idHash
    }

    /// Adds a child pin with this status code and id hash, (dx, dy) from the drawn pin.
    mutating func add(pinWithStatus code: UInt8, idHash pinHash: UInt64, dx: Double, dy: Double) {
      extent.formUnion(.zero, shiftedBy: dx, dy)
      count += 1
      switch code {
      case 1: missing += 1
      case 2: found += 1
      case 3: closed += 1
      default: break
      }
      idHash &+= pinHash
    }

    /// The offset of `p` from `origin`, x unwrapped to the world copy nearest the origin.
    static func offset(of p: MercatorPoint, from origin: MercatorPoint) -> (dx: Double, dy: Double) {
      (WorldCopy.nearestOffset(nearby: p.x - origin.x), p.y - origin.y)
    }

    /// Whether two records hold the same content (what a parent depends on).
    func sameContent(as other: Cluster) -> Bool {
      x == other.x && y == other.y && count == other.count && missing == other.missing && found == other.found
        && closed == other.closed && idHash == other.idHash
        && extent == other.extent && up == other.up
    }
  }

  /// Pins on the map (clustered); pins beyond the Mercator limit are never shown.
  public var pinCount: Int { order.count }

  /// Number of clusters over all levels.
  public var clusterCount: Int { liveClusters }

  /// Bytes the index holds beyond the pin set.
  public var memoryBytes: Int {
    keys.capacity * 8 + tops.capacity + absorbers.capacity * 4 + heads.capacity * 4
      + clusters.capacity * MemoryLayout<Cluster>.stride + freeClusters.capacity * 4 + members.capacity * 4 + roots
      .capacity * 4
      + clusterTable.memoryBytes + order.memoryBytes
  }

  /// Whether a node reference is a cluster.
  @inline(__always)
  static func isCluster(_ ref: UInt32) -> Bool { ref & clusterFlag != 0 }

  /// The cluster a cluster reference stands for.
  @inline(__always)
  func cluster(_ ref: UInt32) -> Cluster { clusters[Int(ref & ~Self.clusterFlag)] }

  /// The pin a node is drawn at.
  @inline(__always)
  func representative(of ref: UInt32) -> UInt32 {
    Self.isCluster(ref) ? cluster(ref).representative : ref
  }

  /// A pin's Mercator position.
  @inline(__always)
  func point(_ pin: UInt32) -> MercatorPoint {
    MercatorPoint(x: pins.mercatorX[Int(pin)], y: pins.mercatorY[Int(pin)])
  }

  /// Whether pin a comes before pin b in Z order (Morton key, then position).
  @inline(__always)
  func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
    let ka = keys[Int(a)]
    let kb = keys[Int(b)]
    return ka < kb || (ka == kb && a < b)
  }

  /// Calls `body` with each child of a cluster in Z order: the seed's node, then the members' heads.
  @inline(__always)
  func forEachChild(of c: Cluster, _ body: (UInt32) -> Void) {
    body(c.up)
    let start = Int(c.memberStart)
    for k in start..<(start + Int(c.memberCount)) { body(heads[Int(members[k])]) }
  }
}

/// The box holding a cluster's leaves, as offsets (world widths) from its drawn pin's position:
/// x unwrapped around that pin (leaves across the antimeridian get offsets beyond ±½ − never more
/// than 2·d_L), y as is. Stored as Float, rounded outwards: 16 bytes per cluster.
package struct LeafExtent: Sendable, Equatable {
  package var minX: Float, minY: Float, maxX: Float, maxY: Float

  package init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

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

extension ClusterIndex {
  /// The hierarchy described by pin ids, one sorted line per pin and per cluster (top, absorber,
  /// members, aggregates, leaf box) plus the roots: equal for two indexes over the same live
  /// pins exactly when their hierarchies are equal, whatever the positions and record numbers.
  /// Also checks the bookkeeping (heads, chains, id table, Z-ordered list) and reports breaks.
  package func structureDescription() -> [String] {
    func id(_ pin: UInt32) -> String { pins.ids[Int(pin)] }
    func node(_ ref: UInt32) -> String {
      Self.isCluster(ref) ? "c(\(id(cluster(ref).representative))@\(cluster(ref).level))" : id(ref)
    }
    var lines: [String] = []
    for p in 0..<pins.count where !pins.isRetired(p) && tops[p] != Self.notAnItem {
      let pin = UInt32(p)
      lines.append(
        "pin \(id(pin)) top \(tops[p])" + (tops[p] > 0 ? " by \(id(absorbers[p]))" : "") + " head \(node(heads[p]))")
    }
    var live = 0
    for (number, c) in clusters.enumerated() where c.level != Self.notAnItem {
      live += 1
      let ms = members[Int(c.memberStart)..<Int(c.memberStart + c.memberCount)].map(id)
      lines.append(
        "cluster \(id(c.representative))@\(c.level) up \(node(c.up)) members \(ms) n \(c.count) \(c.missing)/\(c.found)/\(c.closed) hash \(c.idHash) box \(c.extent)"
      )
      if clusterTable.find(c.idHash, in: clusters) != UInt32(number) {
        lines.append("BROKEN: table misses \(id(c.representative))@\(c.level)")
      }
      if c.point != point(c.representative) {
        lines.append("BROKEN: \(id(c.representative))@\(c.level) not drawn at its seed")
      }
    }
    if live != liveClusters { lines.append("BROKEN: \(liveClusters) live clusters counted, \(live) found") }
    lines.sort()
    lines.append("roots \(roots.map(id))")
    let listed = order.chunks.flatMap { $0 }
    if listed.count != order.count || !zip(listed, listed.dropFirst()).allSatisfy({ precedes($0, $1) }) {
      lines.append("BROKEN: Z-ordered list")
    }
    return lines
  }
}
