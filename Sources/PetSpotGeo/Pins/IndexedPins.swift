internal import PetSpotPROJ

/// A pin set with its spatial index: built once, queried per camera in O(log n + k).
///
/// Immutable and `Sendable`: one instance can serve every thread.
///
///     let pins = try PinSet.load(path: "Data/pins.csv")
///     let layer = IndexedPins(pins: pins)
///     let visible = try layer.visible(in: CameraView(camera), padding: 22)   // positions, input order
///     let ids = visible.map { pins.ids[Int($0)] }
public struct IndexedPins: Sendable {
  /// The pins.
  public let pins: PinSet
  /// Their quadtree.
  public let index: PinIndex
  /// Positions of pins beyond the Mercator limit (never visible on the map, so not in the index,
  /// but within reach of a distance query).
  let outsideMercator: [UInt32]
  /// WGS84 geodesic distances for ``within(metres:of:statuses:limit:)`` (immutable, shareable).
  let geodesic = Geodesic()

  /// Indexes `pins`. - Complexity: O(n) (radix sort of Morton keys).
  public init(pins: PinSet) {
    self.pins = pins
    self.index = PinIndex(pins: pins)
    outsideMercator = pins.mercatorY.indices.filter { pins.mercatorY[$0].isNaN }.map { UInt32($0) }
  }

  /// Positions (ascending = input order) of the pins visible in `view` (docs/camera-model.md,
  /// "Visibility"), through the index.
  /// - Parameters:
  ///   - padding: points added on every side of the view, finite and ≥ 0.
  ///   - statuses: keep only these statuses; `nil` keeps every pin.
  /// - Throws: ``InvalidInput`` for a bad padding.
  public func visible(in view: CameraView, padding: Double = 0, statuses: StatusFilter? = nil) throws(InvalidInput)
    -> [UInt32]
  {
    let window = try VisibilityWindow(view: view, padding: padding)
    let table = statuses?.codeTable(for: pins)
    return index.visible(in: window, statusCodes: table == nil ? nil : pins.statusCodes, allowed: table)
  }
}

extension PinSet {
  /// Positions (ascending = input order) of the pins visible in `view`, by a streaming scan:
  /// the right tool for a one-off query (no index to build).
  /// - Throws: ``InvalidInput`` for a bad padding.
  public func visible(in view: CameraView, padding: Double = 0, statuses: StatusFilter? = nil) throws(InvalidInput)
    -> [UInt32]
  {
    scanVisible(in: try VisibilityWindow(view: view, padding: padding), statusFilter: statuses)
  }
}
