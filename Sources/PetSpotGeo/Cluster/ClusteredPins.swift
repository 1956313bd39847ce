/// A pin set with its cluster index, kept in step as pins are inserted, removed and updated.
///
/// After any sequence of changes, the index equals a fresh ``ClusterIndex`` over the surviving
/// pins in their original order with inserted pins appended (a property test checks this).
/// Each change re-clusters the pin set: O(n), about 0.3 s at a million pins (see the README's
/// figures); ``apply(_:)`` takes many changes for the price of one.
///
/// A value type (`Sendable`): mutate it on one thread, share copies freely.
public struct ClusteredPins: Sendable {
  /// The pins, in order.
  public private(set) var pins: PinSet
  /// The cluster index over ``pins``.
  public private(set) var index: ClusterIndex
  /// The options the index uses.
  public var options: ClusterOptions { index.options }

  /// One change.
  public enum Change: Hashable, Sendable {
    /// A new pin, appended; `row` is its source row (the C API's pin number), default: its position.
    case insert(id: String, coordinate: GeoCoordinate, status: PinStatus?, row: Int? = nil)
    /// The pin with this id leaves.
    case remove(id: String)
    /// The pin with this id moves and takes this status; it keeps its place in the order.
    case update(id: String, coordinate: GeoCoordinate, status: PinStatus?)
  }

  /// Why a change was refused (nothing changed).
  public enum ChangeError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownId(String)
    case invalidPin(String, PinRejection)
    case invalidCoordinate(String)

    public var description: String {
      switch self {
      case .unknownId(let id): "no pin with id '\(id)'"
      case .invalidPin(let id, .duplicateId): "a pin with id '\(id)' already exists"
      case .invalidPin(_, .emptyId): "a pin id must not be empty"
      case .invalidPin(_, .tooManyStatuses): "more than 252 distinct statuses outside MISSING, FOUND, CLOSED"
      case .invalidCoordinate(let id): "pin '\(id)': lat must be a finite number in [-90, 90] and lng in [-180, 180]"
      }
    }
  }

  /// Clusters `pins` with `options`.
  /// - Throws: ``InvalidInput`` for invalid options.
  public init(pins: PinSet, options: ClusterOptions) throws(InvalidInput) {
    self.pins = pins
    self.index = try ClusterIndex(pins: pins, options: options)
  }

  /// Applies changes in order, then re-clusters once. All or nothing: on the first refused change
  /// nothing is applied.
  /// - Throws: ``ChangeError`` naming the change at fault.
  public mutating func apply(_ changes: [Change]) throws(ChangeError) {
    var edited = pins
    for change in changes {
      switch change {
      case .insert(let id, let c, let status, let row):
        guard c.isValid else { throw .invalidCoordinate(id) }
        do throws(PinRejection) {
          try edited.append(id: id, latitude: c.latitude, longitude: c.longitude, status: status, sourceRow: row ?? edited.count)
        } catch { throw .invalidPin(id, error) }
      case .remove(let id):
        guard let at = edited.ids.position(of: id) else { throw .unknownId(id) }
        edited.remove(at: at)
      case .update(let id, let c, let status):
        guard let at = edited.ids.position(of: id) else { throw .unknownId(id) }
        guard c.isValid else { throw .invalidCoordinate(id) }
        do throws(PinRejection) {
          try edited.update(at: at, latitude: c.latitude, longitude: c.longitude, status: status)
        } catch { throw .invalidPin(id, error) }
      }
    }
    pins = edited
    // The options were valid when the index was first built.
    index = try! ClusterIndex(pins: edited, options: index.options)
  }

  /// Inserts one pin (appended). - Throws: ``ChangeError``.
  public mutating func insert(id: String, latitude: Double, longitude: Double, status: PinStatus?) throws(ChangeError) {
    try apply([.insert(id: id, coordinate: GeoCoordinate(latitude: latitude, longitude: longitude), status: status)])
  }

  /// Removes one pin. - Returns: whether it was there.
  @discardableResult
  public mutating func remove(id: String) throws(ChangeError) -> Bool {
    guard pins.ids.position(of: id) != nil else { return false }
    try apply([.remove(id: id)])
    return true
  }

  /// Moves one pin and sets its status. - Throws: ``ChangeError``.
  public mutating func update(id: String, latitude: Double, longitude: Double, status: PinStatus?) throws(ChangeError) {
    try apply([.update(id: id, coordinate: GeoCoordinate(latitude: latitude, longitude: longitude), status: status)])
  }
}
