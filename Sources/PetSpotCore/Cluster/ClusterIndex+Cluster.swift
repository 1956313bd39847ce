extension ClusterIndex {
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
    var seed: UInt32
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
}

extension ClusterIndex.Cluster {
  /// The one way a record is made (bulk build and incremental repair alike): the cluster that
  /// `seed`, drawn at `point`, forms at `level`, whose first child is `up` (the seed's node one
  /// level up) and whose other members take `memberCount` slots from `memberStart`. Aggregates
  /// and leaf box start empty; ``add(_:dx:dy:)`` and ``add(pinWithStatus:idHash:dx:dy:)`` fill them.
  @inline(__always)
  init(
    seed: UInt32, at point: MercatorPoint, level: Int, up: UInt32, memberStart: UInt32, memberCount: UInt32,
    memberCapacity: UInt32
  ) {
    self.init(
      x: point.x, y: point.y, extent: .zero, up: up, memberStart: memberStart, memberCount: memberCount,
      level: UInt8(level), seed: seed, count: 0, memberCapacity: memberCapacity, missing: 0, found: 0, closed: 0,
      idHash: 0)
  }
}
