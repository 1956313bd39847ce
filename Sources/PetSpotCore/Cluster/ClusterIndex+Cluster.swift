extension ClusterIndex {
  /// One cluster: seed, members, aggregates and leaf box, in 56 bytes.
  struct Cluster: Sendable, Equatable {
    // What a query reads of every node it visits comes first (the first 28 bytes).
    /// Where it is drawn: its seed's Mercator position (kept here so that a query reads one record per node).
    var x: Double, y: Double
    /// The leaf box (``LeafExtent/packed``, low 56 bits) and the level (high 8 bits): see
    /// ``extent`` and ``level``.
    var extentAndLevel: UInt64
    /// The seed's node one level up (its first child): a cluster of the same seed, or the pin.
    var up: UInt32
    /// Where its other members' run starts in ``ClusterIndex/members`` (pins; their heads are the
    /// children): the run ends at the slot flagged ``ClusterIndex/lastMemberFlag`` (every cluster
    /// has a member), and its room is its length unless ``ClusterIndex/memberCapacities`` says more.
    var memberStart: UInt32
    /// The pin it is drawn at: its seed.
    var seed: UInt32
    /// Number of leaf pins.
    var count: UInt32
    /// The sum of its leaves' id hashes.
    var idHash: UInt64
    /// Leaves per status, 21 bits each: MISSING (bits 0–20), FOUND (21–41), CLOSED (42–62); the
    /// rest is "other". Kept only while `count` is below ``packedStatusLimit`` (0 above): a wider
    /// cluster's are its children's, summed (``ClusterIndex/statusCounts(of:)``).
    var packedStatuses: UInt64

    /// The leaf count from which a record keeps no status counts of its own.
    static let packedStatusLimit: UInt32 = 1 << 21

    /// The packed status counts of one pin with this status code.
    @inline(__always)
    static func packedStatus(code: UInt8) -> UInt64 {
      code >= 1 && code <= 3 ? 1 << (21 * UInt64(code - 1)) : 0
    }

    /// Leaves per status (MISSING, FOUND, CLOSED) when the record keeps them, else `nil`.
    @inline(__always)
    var ownStatusCounts: (missing: Int, found: Int, closed: Int)? {
      count < Self.packedStatusLimit ? Self.unpacked(packedStatuses) : nil
    }

    /// The three counts of a ``packedStatuses`` word.
    @inline(__always)
    static func unpacked(_ packed: UInt64) -> (missing: Int, found: Int, closed: Int) {
      let mask: UInt64 = (1 << 21) - 1
      return (Int(packed & mask), Int(packed >> 21 & mask), Int(packed >> 42 & mask))
    }

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
      // (Exact while the sum stays below 2²¹ leaves; ``finish(box:)`` clears it otherwise.)
      packedStatuses &+= child.packedStatuses
      idHash &+= child.idHash
    }

    /// Adds a child pin with this status code and id hash, (dx, dy) from the drawn pin (its
    /// position to `box`, as ``add(_:dx:dy:box:)``).
    @inline(__always)
    mutating func add(pinWithStatus code: UInt8, idHash pinHash: UInt64, dx: Double, dy: Double, box: inout LeafExtent)
    {
      box.formUnion(dx: dx, dy: dy)
      count += 1
      packedStatuses &+= Self.packedStatus(code: code)
      idHash &+= pinHash
    }

    /// Completes a record its children were added to: packs its leaf box and clears the status
    /// counts of a cluster too wide to keep them.
    @inline(__always)
    mutating func finish(box: LeafExtent) {
      extent = box
      if count >= Self.packedStatusLimit { packedStatuses = 0 }
    }

    /// The offset of `p` from `origin`, x unwrapped to the world copy nearest the origin.
    static func offset(of p: MercatorPoint, from origin: MercatorPoint) -> (dx: Double, dy: Double) {
      (WorldCopy.nearestOffset(nearby: p.x - origin.x), p.y - origin.y)
    }

    /// Whether two records hold the same content (what a parent depends on).
    func sameContent(as other: Cluster) -> Bool {
      x == other.x && y == other.y && count == other.count && packedStatuses == other.packedStatuses
        && idHash == other.idHash
        && extentAndLevel == other.extentAndLevel && up == other.up
    }
  }
}

extension ClusterIndex.Cluster {
  /// The one way a record is made (bulk build and incremental repair alike): the cluster that
  /// `seed`, drawn at `point`, forms at `level`, whose first child is `up` (the seed's node one
  /// level up) and whose other members' run starts at `memberStart`. Aggregates
  /// and leaf box start empty; ``add(_:dx:dy:box:)`` and ``add(pinWithStatus:idHash:dx:dy:box:)``
  /// fill them.
  @inline(__always)
  init(seed: UInt32, at point: MercatorPoint, level: Int, up: UInt32, memberStart: UInt32) {
    self.init(
      x: point.x, y: point.y, extentAndLevel: UInt64(UInt8(level)) << 56, up: up, memberStart: memberStart,
      seed: seed, count: 0, idHash: 0, packedStatuses: 0)
  }
}

extension ClusterIndex {
  /// A cluster's leaves per status (MISSING, FOUND, CLOSED): from its record, or, for a cluster of
  /// 2²¹ leaves or more (a few at the lowest levels of the largest sets), its children's summed.
  @inline(__always)
  func statusCounts(of c: Cluster) -> (missing: Int, found: Int, closed: Int) {
    // (Not `??`: its autoclosure goes through the generic Optional's value witnesses.)
    if let own = c.ownStatusCounts { return own }
    return wideStatusCounts(of: c)
  }

  /// ``statusCounts(of:)`` of cluster number `number`, read from its record field by field.
  @inline(__always)
  func statusCounts(ofCluster number: Int) -> (missing: Int, found: Int, closed: Int) {
    guard clusters[number].count < Cluster.packedStatusLimit else { return wideStatusCounts(of: clusters[number]) }
    return Cluster.unpacked(clusters[number].packedStatuses)
  }

  /// ``statusCounts(of:)`` of a cluster too wide to keep them: its children's, summed.
  @inline(never)
  private func wideStatusCounts(of c: Cluster) -> (missing: Int, found: Int, closed: Int) {
    var total = (missing: 0, found: 0, closed: 0)
    forEachChild(of: c) { child in
      if Self.isCluster(child) {
        let part = statusCounts(of: cluster(child))
        total = (total.missing + part.missing, total.found + part.found, total.closed + part.closed)
      } else {
        let code = pins.statusCodes[Int(child)]
        total = (
          total.missing + (code == 1 ? 1 : 0), total.found + (code == 2 ? 1 : 0), total.closed + (code == 3 ? 1 : 0)
        )
      }
    }
    return total
  }
}
