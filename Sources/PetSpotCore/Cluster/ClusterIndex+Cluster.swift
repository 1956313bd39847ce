extension ClusterIndex {
  /// One cluster: seed, members, aggregates and leaf box, in 64 bytes (a cache line).
  struct Cluster: Sendable, Equatable {
    // What a query reads of every node it visits comes first (the first 28 bytes).
    /// Where it is drawn: its seed's Mercator position (kept here so that a query reads one record per node).
    var x: Double, y: Double
    /// The leaf box (``LeafExtent/packed``, low 56 bits) and the level (high 8 bits): see
    /// ``extent`` and ``level``.
    var extentAndLevel: UInt64
    /// The seed's node one level up (its first child): a cluster of the same seed, or the pin.
    var up: UInt32
    /// Its other members' run in ``ClusterIndex/members`` (pins; their heads are the children).
    /// The run's room is `memberCount` unless ``ClusterIndex/memberCapacities`` says more.
    var memberStart: UInt32
    var memberCount: UInt32
    /// The pin it is drawn at: its seed.
    var seed: UInt32
    /// Number of leaf pins.
    var count: UInt32
    /// Leaves per status: MISSING, FOUND, CLOSED (the rest is "other").
    var missing: UInt32
    var found: UInt32
    var closed: UInt32
    /// The sum of its leaves' id hashes.
    var idHash: UInt64

    /// Where its leaves lie relative to its drawn pin (rounded outwards: see ``LeafExtent``).
    @inline(__always)
    var extent: LeafExtent {
      get { LeafExtent(packed: extentAndLevel) }
      set { extentAndLevel = newValue.packed | (extentAndLevel & ~LeafExtent.packedMask) }
    }

    /// The level it was formed at: it is shown at this level and below (until merged) and splits
    /// at `level + 1`, its expansion zoom. ``notAnItem`` for a free record.
    @inline(__always)
    var level: UInt8 {
      get { UInt8(truncatingIfNeeded: extentAndLevel >> 56) }
      set { extentAndLevel = (extentAndLevel & LeafExtent.packedMask) | UInt64(newValue) << 56 }
    }

    /// Where it is drawn (its seed's position).
    @inline(__always)
    var point: MercatorPoint { MercatorPoint(x: x, y: y) }

    /// Adds a child cluster whose drawn pin lies (dx, dy) world widths from this one's (x
    /// unwrapped to the nearest world copy): its leaves and aggregates to this record, its leaf
    /// box to `box` (the record's box while it is assembled, in full precision: it is packed
    /// once, `extent = box`, when complete).
    @inline(__always)
    mutating func add(_ child: Cluster, dx: Double, dy: Double, box: inout LeafExtent) {
      box.formUnion(child.extent, shiftedBy: dx, dy)
      count += child.count
      missing += child.missing
      found += child.found
      closed += child.closed
      idHash &+= child.idHash
    }

    /// Adds a child pin with this status code and id hash, (dx, dy) from the drawn pin (its
    /// position to `box`, as ``add(_:dx:dy:box:)``).
    @inline(__always)
    mutating func add(pinWithStatus code: UInt8, idHash pinHash: UInt64, dx: Double, dy: Double, box: inout LeafExtent)
    {
      box.formUnion(dx: dx, dy: dy)
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
        && extentAndLevel == other.extentAndLevel && up == other.up
    }
  }
}

extension ClusterIndex.Cluster {
  /// The one way a record is made (bulk build and incremental repair alike): the cluster that
  /// `seed`, drawn at `point`, forms at `level`, whose first child is `up` (the seed's node one
  /// level up) and whose other members take `memberCount` slots from `memberStart`. Aggregates
  /// and leaf box start empty; ``add(_:dx:dy:box:)`` and ``add(pinWithStatus:idHash:dx:dy:box:)``
  /// fill them.
  @inline(__always)
  init(seed: UInt32, at point: MercatorPoint, level: Int, up: UInt32, memberStart: UInt32, memberCount: UInt32) {
    self.init(
      x: point.x, y: point.y, extentAndLevel: UInt64(UInt8(level)) << 56, up: up, memberStart: memberStart,
      memberCount: memberCount, seed: seed, count: 0, missing: 0, found: 0, closed: 0, idHash: 0)
  }
}
