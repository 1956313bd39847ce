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
