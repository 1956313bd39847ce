/// One thing to draw on the map for a camera: a pin, a cluster or a spiderfied pin.
public struct ClusterItem: Hashable, Sendable {
  /// What the item is.
  public enum Kind: String, Hashable, Sendable {
    /// A pin at its true position.
    case pin
    /// A group of pins drawn as one marker.
    case cluster
    /// A pin drawn away from its true position (its ``anchor``), with a leg back to it.
    case spider
  }

  public var kind: Kind
  /// Where it is drawn on screen, in points.
  public var point: ScreenPoint
  /// Where it is drawn on the map, degrees (longitude in [-180, 180); a spider leg near a pole may
  /// lie beyond the Mercator limit).
  public var coordinate: GeoCoordinate
  /// pin and spider: the pin's position in the index's ``ClusterIndex/pins``; cluster: -1.
  public var position: Int
  /// spider: the pin's true position on screen (where its leg starts); otherwise ``point``.
  public var anchor: ScreenPoint
  /// cluster: its members and aggregates; otherwise `nil`.
  public var cluster: ClusterSummary?
  /// The index node drawn (a pin's Morton slot or a cluster reference).
  package var node: UInt32
}

/// A cluster's members and aggregates.
public struct ClusterSummary: Hashable, Sendable {
  /// The sum of the members' id hashes: equal members, equal id.
  public var idHash: UInt64
  /// Leaves, visible or not.
  public var count: Int
  /// Leaves with status MISSING, FOUND, CLOSED; ``other`` is the rest (no status or another one).
  public var missing: Int, found: Int, closed: Int
  /// The smallest zoom at which it splits (an integer; maxZoom when only spiderfying separates it).
  public var expansionZoom: Int
  /// The index node whose leaves it covers.
  package var node: UInt32
  /// More such nodes, for clusters the query merged below zoom 0 (empty otherwise: no allocation).
  package var mergedNodes: [UInt32] = []

  /// Every index node whose leaves it covers.
  package var nodes: [UInt32] { [node] + mergedNodes }

  /// Leaves with neither MISSING, FOUND nor CLOSED.
  public var other: Int { count - missing - found - closed }

  /// The cluster's id: "cluster:" and 16 hex digits of ``idHash``.
  public var id: String { Self.id(hash: idHash) }

  /// The id text for a hash.
  public static func id(hash: UInt64) -> String {
    let hex = String(hash, radix: 16)
    return "cluster:" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// The hash an id text stands for, or `nil` when it is not a cluster id.
  public static func hash(id: some StringProtocol) -> UInt64? {
    guard id.hasPrefix("cluster:"), id.count == 24 else { return nil }
    return UInt64(id.dropFirst(8), radix: 16)
  }

  mutating func add(_ other: ClusterSummary) {
    idHash &+= other.idHash
    count += other.count
    missing += other.missing
    found += other.found
    closed += other.closed
    mergedNodes += other.nodes
  }
}

/// The display items for one camera.
public struct ClusterResult: Hashable, Sendable {
  /// The camera's fractional zoom.
  public var zoom: Double
  /// The hierarchy level used: clamp(floor zoom, 0, maxZoom).
  public var level: Int
  /// The separation the items keep, in points.
  public var minSeparation: Double
  /// The items, pairwise at least ``minSeparation`` apart on screen.
  public var items: [ClusterItem]

  /// The item under a tap at `point` (screen points): the nearest whose position lies within
  /// minSeparation / 2, or `nil`. At most one item can be that close, because items are
  /// minSeparation apart.
  /// - Complexity: O(items).
  public func hitTest(_ point: ScreenPoint) -> Int? {
    let limit = minSeparation / 2
    var best: Int?
    var bestDistance = limit * limit
    for (i, item) in items.enumerated() {
      let dx = item.point.x - point.x
      let dy = item.point.y - point.y
      let d2 = dx * dx + dy * dy
      if d2 <= bestDistance {
        best = i
        bestDistance = d2
      }
    }
    return best
  }
}
