/// How a ``ClusterIndex`` groups pins.
public struct ClusterOptions: Hashable, Sendable {
  /// The smallest distance, in points, between any two display items' screen positions (a tap
  /// target's size; 44 is Apple's minimum). Finite, in [0.01, 1000].
  public var minSeparation: Double
  /// The highest hierarchy level: at this zoom and above nothing is clustered and overlapping pins
  /// are spiderfied. An integer in 0...22.
  public var maxZoom: Int
  /// Values kept per cluster beyond its status counts (``ClusterIndex/aggregate(_:of:)``); each
  /// names a property the pins carry. Distinct.
  public var aggregates: [ClusterAggregate]
  /// Whether queries can be filtered (``ClusterIndex/filtered(by:)``) by status and by the values
  /// of the counts aggregates' properties, without a rebuild. The index then keeps, per cluster,
  /// its leaves by *category* (status and those values: count, id hashes, min/max aggregates):
  /// about 20 bytes per category present in a cluster, and with counts aggregates the same by
  /// status alone and by each property's value alone (*marginal* runs, read by a filter on
  /// statuses only or on one property only: 25–37 bytes per status or value present in a
  /// cluster); a hierarchy per status (MISSING, FOUND, CLOSED) over the same pins, which answers a
  /// filter on that status (about as much memory again; the build takes about twice as long); and
  /// the value hierarchies of ``filterValueHierarchies``. At most ``maxFilterDimensions`` counts
  /// aggregates.
  public var filterable: Bool
  /// In a filterable index, how many values of the counts aggregates' properties (the most
  /// common at build time) get hierarchies of their own: one over the value's pins and one per
  /// status (MISSING, FOUND, CLOSED) with it, so that a filter on that value — alone or with one
  /// status — is answered as an unfiltered query of exactly its pins. Each value adds about one
  /// more build over the pins it holds and 36 bytes per pin of the set (four hierarchies' per-pin
  /// levels). 0...64; 0 keeps only the per-status hierarchies.
  public var filterValueHierarchies: Int

  /// The defaults: 44-point separation, levels 0...20, no aggregates, not filterable (8 value
  /// hierarchies when filterable).
  public init(
    minSeparation: Double = 44, maxZoom: Int = 20, aggregates: [ClusterAggregate] = [], filterable: Bool = false,
    filterValueHierarchies: Int = 8
  ) {
    self.minSeparation = minSeparation
    self.maxZoom = maxZoom
    self.aggregates = aggregates
    self.filterable = filterable
    self.filterValueHierarchies = filterValueHierarchies
  }

  /// The largest accepted ``filterValueHierarchies``.
  public static var maxFilterValueHierarchies: Int { 64 }

  /// The most counts aggregates a filterable index accepts (a category packs the status and one
  /// value code per counts aggregate into 64 bits).
  public static var maxFilterDimensions: Int { 6 }

  /// The largest accepted `maxZoom` (a level-22 point is 2⁻³⁰ of the world; pins are quantised to
  /// 2⁻³¹).
  public static let maxZoomLimit = 22
  /// The largest accepted `minSeparation`, in points.
  public static var minSeparationLimit: Double { 1000 }
  /// The smallest accepted `minSeparation`, in points (a hundredth of a point; below it a level's
  /// separation in world widths would approach the pins' quantisation).
  public static var minSeparationFloor: Double { 0.01 }

  /// Checks the options (whether the pins carry the aggregates' properties is checked by the build).
  /// - Throws: ``InvalidInput`` naming `minSeparation`, `maxZoom`, `aggregate` or
  ///   `filterValueHierarchies`.
  public func validate() throws(InvalidInput) {
    guard minSeparation.isFinite else {
      throw InvalidInput(
        field: "minSeparation", code: .notFinite,
        message: "minSeparation must be a finite number of points in [0.01, 1000]")
    }
    guard minSeparation >= Self.minSeparationFloor, minSeparation <= Self.minSeparationLimit else {
      throw InvalidInput(
        field: "minSeparation", code: .outOfRange,
        message: "minSeparation must be a finite number of points in [0.01, 1000]")
    }
    guard (0...Self.maxZoomLimit).contains(maxZoom) else {
      throw InvalidInput(field: "maxZoom", code: .outOfRange, message: "maxZoom must be an integer in 0...22")
    }
    guard (0...Self.maxFilterValueHierarchies).contains(filterValueHierarchies) else {
      throw InvalidInput(
        field: "filterValueHierarchies", code: .outOfRange,
        message: "filterValueHierarchies must be an integer in 0...\(Self.maxFilterValueHierarchies)")
    }
    for (k, aggregate) in aggregates.enumerated() where aggregates[..<k].contains(aggregate) {
      throw InvalidInput(
        field: "aggregate", code: .malformedValue, message: "aggregate \(aggregate) is declared twice")
    }
    if filterable && aggregates.filter({ $0.kind == .counts }).count > Self.maxFilterDimensions {
      throw InvalidInput(
        field: "aggregate", code: .outOfRange,
        message: "a filterable index takes at most \(Self.maxFilterDimensions) counts aggregates")
    }
  }

  /// The separation at hierarchy level `level`, in world widths: minSeparation / (256 · 2^level).
  @inlinable
  public func separation(atLevel level: Int) -> Double {
    minSeparation / Self.levelScale(level)
  }

  /// Points per world width at integer zoom `level`: 256 · 2^level.
  @inlinable
  public static func levelScale(_ level: Int) -> Double {
    256 * Double(sign: .plus, exponent: level, significand: 1)
  }
}
