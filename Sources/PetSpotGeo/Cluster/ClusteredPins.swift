/// A pin set with its cluster index, kept in step as pins are inserted, removed and updated —
/// without rebuilding: each change re-decides only the pins it can reach (``ClusterIndex``'s
/// `insert`, `remove(at:)`, `update(at:)`), typically well under a millisecond at a million pins.
///
/// After any sequence of changes, queries equal those of a fresh ``ClusterIndex`` over the
/// surviving pins in their original order with inserted pins appended (a property test checks
/// this). Removed pins leave retired places in ``pins`` (positions stay put); when they outnumber
/// the live pins the index is compacted (one rebuild, positions renumbered; ids and source rows
/// stay).
///
/// A value type (`Sendable`): mutate it on one thread, share copies freely (the first change after
/// sharing copies the arrays).
public struct ClusteredPins: Sendable {
  /// The pins, in order, with retired places (``PinSet/isRetired(_:)``) for removed ones.
  public var pins: PinSet { index.pins }
  /// The cluster index over ``pins``.
  public private(set) var index: ClusterIndex
  /// The options the index uses.
  public var options: ClusterOptions { index.options }
  /// Pins held (retired places not counted).
  public var count: Int { index.pins.count - index.retiredCount }

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
    self.index = try ClusterIndex(pins: pins, options: options)
  }

  /// Shows only the pins `filter` admits in the index's queries from now on
  /// (``ClusterIndex/filtered(by:)``; `nil`: every pin), making the index filterable first when
  /// it was built without (one pass over its clusters). Changes keep the filter.
  /// - Throws: ``InvalidInput`` (field `filter` or `aggregate`); nothing changes.
  public mutating func setFilter(_ filter: ClusterFilter?) throws(InvalidInput) {
    var next = index
    if let filter, !filter.showsEverything { try next.makeFilterable() }
    index = try next.filtered(by: filter)
  }

  /// Applies changes in order. All or nothing: every change is checked first (ids, coordinates,
  /// statuses, as the earlier changes of the list leave them); on the first refused one nothing
  /// is applied.
  /// - Throws: ``ChangeError`` naming the change at fault.
  public mutating func apply(_ changes: [Change]) throws(ChangeError) {
    try check(changes)
    for change in changes {
      // Checked above: none of these can throw.
      switch change {
      case .insert(let id, let c, let status, let row):
        let inserted = try? index.insert(
          id: id, latitude: c.latitude, longitude: c.longitude, status: status, sourceRow: row ?? index.pins.count)
        assert(inserted != nil, "insert refused after check(_:) accepted it")
      case .remove(let id):
        if let at = index.pins.ids.position(of: id) { index.remove(at: at) }
      case .update(let id, let c, let status):
        if let at = index.pins.ids.position(of: id) {
          try? index.update(at: at, latitude: c.latitude, longitude: c.longitude, status: status)
        }
      }
    }
    if index.retiredCount > 1024 && index.retiredCount > count { index = index.compacted() }
  }

  /// Refuses a list of changes that would fail part-way, replaying their effect on ids and statuses.
  private func check(_ changes: [Change]) throws(ChangeError) {
    var added: Set<String> = []
    var removed: Set<String> = []
    var newStatuses: Set<String> = []
    func exists(_ id: String) -> Bool {
      added.contains(id) || (!removed.contains(id) && index.pins.ids.position(of: id) != nil)
    }
    func checkStatus(_ id: String, _ status: PinStatus?) throws(ChangeError) {
      guard case .other(let text) = status, !index.pins.otherStatuses.contains(text) else { return }
      newStatuses.insert(text)
      if index.pins.otherStatuses.count + newStatuses.count > 252 { throw .invalidPin(id, .tooManyStatuses) }
    }
    for change in changes {
      switch change {
      case .insert(let id, let c, let status, _):
        guard c.isValid else { throw .invalidCoordinate(id) }
        guard !id.isEmpty else { throw .invalidPin(id, .emptyId) }
        guard !exists(id) else { throw .invalidPin(id, .duplicateId(id)) }
        try checkStatus(id, status)
        added.insert(id)
        removed.remove(id)
      case .remove(let id):
        guard exists(id) else { throw .unknownId(id) }
        added.remove(id)
        removed.insert(id)
      case .update(let id, let c, let status):
        guard exists(id) else { throw .unknownId(id) }
        guard c.isValid else { throw .invalidCoordinate(id) }
        try checkStatus(id, status)
      }
    }
  }

  /// Inserts one pin (appended). - Throws: ``ChangeError``.
  public mutating func insert(id: String, latitude: Double, longitude: Double, status: PinStatus?) throws(ChangeError) {
    try apply([.insert(id: id, coordinate: GeoCoordinate(latitude: latitude, longitude: longitude), status: status)])
  }

  /// Removes one pin. - Returns: whether it was there.
  @discardableResult
  public mutating func remove(id: String) throws(ChangeError) -> Bool {
    guard index.pins.ids.position(of: id) != nil else { return false }
    try apply([.remove(id: id)])
    return true
  }

  /// Moves one pin and sets its status. - Throws: ``ChangeError``.
  public mutating func update(id: String, latitude: Double, longitude: Double, status: PinStatus?) throws(ChangeError) {
    try apply([.update(id: id, coordinate: GeoCoordinate(latitude: latitude, longitude: longitude), status: status)])
  }
}

extension ClusteredPins {
  /// Sets property `name` of the pin with `id` (`nil` or "" for none), keeping the declared
  /// aggregates exact (``ClusterIndex/setProperty(_:to:at:)``).
  /// - Throws: ``InvalidInput``: field `id` for an unknown pin, `aggregate` for a value an aggregate
  ///   over the property cannot take; nothing changes then.
  public mutating func setProperty(_ name: String, to value: String?, id: String) throws(InvalidInput) {
    guard let at = index.pins.ids.position(of: id) else {
      throw InvalidInput(field: "id", code: .outOfRange, message: "no pin with id '\(id)'")
    }
    try index.setProperty(name, to: value, at: at)
  }
}
