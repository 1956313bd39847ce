extension ClusterIndex {
  /// Adds a pin at the end of ``pins`` and clusters it without a rebuild: the index then equals
  /// a fresh build over the pins in order (retired places aside).
  ///
  /// - Parameters:
  ///   - latitude: degrees in [-90, 90]; longitude: degrees in [-180, 180] (check with
  ///     ``PinSet/isValidCoordinate(latitude:longitude:)``; beyond the Mercator limit the pin is
  ///     kept but never clustered or shown).
  ///   - sourceRow: the row number reported for it (the C API's pin number).
  /// - Returns: its position in ``pins``.
  /// - Throws: ``PinRejection`` for an empty or duplicate id or a 253rd unknown status (nothing
  ///   changes).
  /// - Complexity: the pins whose decisions the new one changes, typically a few per level.
  @discardableResult
  public mutating func insert(id: String, latitude: Double, longitude: Double, status: PinStatus?, sourceRow: Int)
    throws(PinRejection) -> Int
  {
    try pins.append(id: id, latitude: latitude, longitude: longitude, status: status, sourceRow: sourceRow)
    let filter = suspendFilter()
    defer { resumeFilter(filter) }
    let pin = UInt32(pins.count - 1)
    let place = { (index: inout ClusterIndex) in
      index.tops.append(Self.notAnItem)
      index.absorbers.append(0)
      index.heads.append(pin)
      index.enter(pin)
    }
    place(&self)
    updateSideHierarchies(place)
    return Int(pin)
  }

  /// Removes the pin at `position` without a rebuild: its place in ``pins`` is retired (positions
  /// do not move; ``compacted()`` drops such places). Does nothing for a retired place.
  /// - Precondition: `position` is in `0 ..< pins.count`.
  public mutating func remove(at position: Int) {
    precondition(position >= 0 && position < pins.count, "no pin at position \(position)")
    guard !pins.isRetired(position) else { return }
    let filter = suspendFilter()
    defer { resumeFilter(filter) }
    leave(UInt32(position))
    updateSideHierarchies { $0.leave(UInt32(position)) }
    pins.retire(at: position)
    retiredCount += 1
    updateSideHierarchies { $0.retiredCount += 1 }
  }

  /// Moves the pin at `position` and sets its status, keeping its id and place in the order.
  /// - Throws: ``PinRejection/tooManyStatuses`` (nothing changes).
  /// - Precondition: a live position and a valid coordinate.
  public mutating func update(at position: Int, latitude: Double, longitude: Double, status: PinStatus?)
    throws(PinRejection)
  {
    precondition(position >= 0 && position < pins.count && !pins.isRetired(position), "no pin at position \(position)")
    guard pins.accepts(status) else { throw .tooManyStatuses }  // refused before anything changes
    let filter = suspendFilter()
    defer { resumeFilter(filter) }
    leave(UInt32(position))
    updateSideHierarchies { $0.leave(UInt32(position)) }
    try pins.update(at: position, latitude: latitude, longitude: longitude, status: status)
    enter(UInt32(position))
    updateSideHierarchies { $0.enter(UInt32(position)) }
  }

  /// The same index over ``pins`` without the retired places (a fresh build: positions change).
  public func compacted() -> ClusterIndex {
    // The options were validated when this index was built, and the filter accepted.
    try! ClusterIndex(pins: pins.withoutRetired(), options: options).filtered(by: filter)
  }

  /// Makes a pin (with its coordinate in ``pins``) an item of level maxZoom and carries that down
  /// — in a filter hierarchy, only a pin of its scope.
  mutating func enter(_ pin: UInt32) {
    updateCategory(ofPin: pin)
    let p = point(pin)
    guard !p.y.isNaN, holdsPinOfItsScope(pin) else { return }  // beyond the Mercator limit: never an item
    tops[Int(pin)] = UInt8(options.maxZoom)
    order.insert(pin, keys: keys, tops: tops)
    propagate([LevelChange(pin: pin, entered: true, point: p)])
  }

  /// Takes a pin out of every level and carries that down.
  mutating func leave(_ pin: UInt32) {
    let top = tops[Int(pin)]
    guard top != Self.notAnItem else { return }
    let change = LevelChange(pin: pin, entered: false, oldTop: top, oldAbsorber: absorbers[Int(pin)], point: point(pin))
    tops[Int(pin)] = Self.notAnItem
    propagate([change])
    order.remove(pin, keys: keys, tops: tops)
  }
}
