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
/// *top* (the lowest level at which it is still an item), the seed that absorbed it there and its
/// *head* (the node it is at its top level); its Morton key is computed from its position when
/// needed (``keys``). A cluster record (56 bytes) holds its drawn
/// point (its seed's position: a query reads one record per node), seed pin, aggregates, leaf
/// box, level, the node its seed was one level up (``Cluster/up``: a chain per seed from its
/// lowest cluster upwards) and where its other members' run starts (pins, their heads are the nodes;
/// the run's last slot is flagged). A node is
/// referred to by a `UInt32`: a pin's position, or ``clusterFlag`` | cluster number. Pins in Z
/// order live in a chunked list (``MortonList``) that finds an item's neighbours at any level.
///
/// **Identity.** A cluster's id is the 64-bit sum of its members' id hashes: the same members give
/// the same id, whatever else changed.
///
/// **Threads.** A value type (`Sendable`): queries on a shared copy from any thread; changes on
/// one thread, to its own copy (copy-on-write: the first change after sharing copies the arrays).
public struct ClusterIndex: Sendable {
  /// The options it was built with (validated; ``makeFilterable()`` sets `filterable`).
  public internal(set) var options: ClusterOptions
  /// The pins it indexes (positions in results refer to this set). After ``remove(at:)`` a pin's
  /// place stays, retired (no id, never shown), until ``compacted()``.
  public internal(set) var pins: PinSet
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
  /// Non-seed members of every cluster (pins): cluster c's run starts at `c.memberStart` and ends
  /// at the first slot flagged ``lastMemberFlag`` (read through ``forEachMember(of:_:)`` or
  /// ``memberSlots(of:)``).
  var members: [UInt32]
  /// The room of the member runs that have more than their count (runs laid out by changes, with
  /// room to grow), by cluster number; a run not here has exactly its count (the record then
  /// needs no field for it).
  var memberCapacities: [UInt32: UInt32] = [:]
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
  /// The declared aggregates per cluster (``ClusterOptions/aggregates``).
  var aggregateTable = AggregateTable()
  /// A filterable index's leaves by category per cluster (``ClusterOptions/filterable``).
  var categoryRuns: CategoryRuns?
  /// The filter queries apply (``filtered(by:)``), or `nil`.
  var requestedFilter: ClusterFilter?
  /// ``requestedFilter`` resolved, or `nil` when it shows every category the pins have (queries
  /// then take the unfiltered path: the same items).
  var activeFilter: ActiveFilter?
  /// The pins this hierarchy holds: every pin on the map, or those of one status and/or one
  /// property value (a filter hierarchy, see ``filtered(by:)``).
  var scope: HierarchyScope = .all
  /// A filterable index's other hierarchies — over every pin, or a filter hierarchy —, those not
  /// answering its queries now (their ``pins`` are empty while on the side).
  var sideHierarchies: [ClusterIndex] = []

  /// Marks a node reference as a cluster number rather than a pin position.
  static let clusterFlag: UInt32 = 0x8000_0000
  /// The top of a pin that is no item at all (off the map or retired).
  static let notAnItem: UInt8 = .max
  /// Flags the last slot of a cluster's member run in ``members`` (a pin is below 2³¹, as node
  /// references need): the run ends there, so the record keeps no count.
  static let lastMemberFlag: UInt32 = 0x8000_0000

  /// Pins on the map (clustered) in the hierarchy answering queries — under a filter answered by a
  /// filter hierarchy (one status, one property value or both), those it holds; pins beyond the
  /// Mercator limit are never shown.
  public var pinCount: Int { order.count }

  /// Number of clusters over all levels of the hierarchy answering queries.
  public var clusterCount: Int { liveClusters }

  /// Bytes a cluster record takes in ``clusters`` (its stride).
  package static var clusterRecordBytes: Int { MemoryLayout<Cluster>.stride }

  /// Slots of ``members`` left unused by changes (until the runs are packed again).
  package var unusedMemberSlots: Int { unusedMembers }

  /// Bytes the index holds beyond the pin set: its arrays' capacities, but the cluster records'
  /// and member slots' counts — a build reserves room there for every record there can be,
  /// address space that is never written (so never resident) until records are added.
  public var memoryBytes: Int {
    tops.capacity + absorbers.capacity * 4 + heads.capacity * 4
      + clusters.count * MemoryLayout<Cluster>.stride + freeClusters.capacity * 4 + members.count * 4 + roots
      .capacity * 4
      + memberCapacities.capacity * 11 + clusterTable.memoryBytes + order.memoryBytes + aggregateTable.memoryBytes
      + (categoryRuns?.memoryBytes ?? 0) + sideHierarchiesMemoryBytes
  }

  /// Per pin: its 62-bit Morton key (0 for pins off the map), computed from its position.
  var keys: MortonKeys { MortonKeys(pins) }

  /// Whether a node reference is a cluster.
  @inline(__always)
  static func isCluster(_ ref: UInt32) -> Bool { ref & clusterFlag != 0 }

  /// The cluster a cluster reference stands for.
  @inline(__always)
  func cluster(_ ref: UInt32) -> Cluster { clusters[Int(ref & ~Self.clusterFlag)] }

  /// The pin a node is drawn at.
  @inline(__always)
  func seedPin(of ref: UInt32) -> UInt32 {
    Self.isCluster(ref) ? cluster(ref).seed : ref
  }

  /// A pin's Mercator position.
  @inline(__always)
  func point(_ pin: UInt32) -> MercatorPoint {
    MercatorPoint(x: pins.mercatorX[Int(pin)], y: pins.mercatorY[Int(pin)])
  }

  /// Whether pin a comes before pin b in Z order (Morton key, then position).
  @inline(__always)
  func precedes(_ a: UInt32, _ b: UInt32) -> Bool {
    MortonKeys.precedes(Int(a), Int(b), xs: pins.mercatorX, ys: pins.mercatorY)
  }

  /// Calls `body` with each child of a cluster in Z order: the seed's node, then the members' heads.
  @inline(__always)
  func forEachChild(of c: Cluster, _ body: (UInt32) -> Void) {
    body(c.up)
    forEachMember(of: c) { body(heads[Int($0)]) }
  }

  /// ``forEachChild(of:_:)`` last first — the members' nodes from the last, then the seed's node —
  /// so that a depth-first stack pops the seed's node first, then the others in Z order.
  @inline(__always)
  func forEachChildLastFirst(of c: Cluster, _ body: (UInt32) -> Void) {
    let slots = memberSlots(of: c)
    var k = slots.upperBound
    while k > slots.lowerBound {  // (a while loop: `stride` iterates through a generic index in a hot loop)
      k -= 1
      body(heads[Int(members[k] & ~Self.lastMemberFlag)])
    }
    body(c.up)
  }

  /// Calls `body` with each of a cluster's other members (pins, in Z order).
  @inline(__always)
  func forEachMember(of c: Cluster, _ body: (UInt32) -> Void) {
    Self.forEachMember(startingAt: c.memberStart, in: members, body)
  }

  /// Calls `body` with each pin of the member run starting at slot `start` of `members`, up to
  /// and including the slot flagged ``lastMemberFlag``.
  @inline(__always)
  static func forEachMember(startingAt start: UInt32, in members: [UInt32], _ body: (UInt32) -> Void) {
    var k = Int(start)
    while true {
      let slot = members[k]
      body(slot & ~lastMemberFlag)
      if slot & lastMemberFlag != 0 { return }
      k += 1
    }
  }

  /// The slots of ``members`` a cluster's run takes (its pins: each slot's value without
  /// ``lastMemberFlag``).
  @inline(__always)
  func memberSlots(of c: Cluster) -> Range<Int> {
    let start = Int(c.memberStart)
    var last = start
    while members[last] & Self.lastMemberFlag == 0 { last += 1 }
    return start..<(last + 1)
  }

  /// A cluster's other members (pins, in Z order).
  func memberPins(of c: Cluster) -> [UInt32] {
    memberSlots(of: c).map { members[$0] & ~Self.lastMemberFlag }
  }

  /// What slot `index` of a run of `count` members holding `pin` stores: the last one flagged.
  @inline(__always)
  static func memberSlot(_ pin: UInt32, index: Int, count: Int) -> UInt32 {
    index == count - 1 ? pin | lastMemberFlag : pin
  }
}
