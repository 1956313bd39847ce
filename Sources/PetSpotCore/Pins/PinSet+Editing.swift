extension PinSet {
  /// Moves pin `i` and sets its status (the id and input row stay).
  /// - Parameters:
  ///   - latitude: degrees in [-90, 90]; longitude: degrees in [-180, 180] (check with
  ///     ``isValidCoordinate(latitude:longitude:)``).
  /// - Throws: ``PinRejection/tooManyStatuses`` for a 253rd distinct unknown status.
  public mutating func update(at i: Int, latitude: Double, longitude: Double, status: PinStatus?) throws(PinRejection) {
    precondition(Self.isValidCoordinate(latitude: latitude, longitude: longitude), "validate coordinates first")
    statusCodes[i] = try statusCode(for: status)
    latitudes[i] = latitude
    longitudes[i] = longitude
    mercatorX[i] = WebMercator.x(longitude: longitude)
    mercatorY[i] = abs(latitude) <= WebMercator.latitudeLimit ? WebMercator.y(latitude: latitude) : .nan
  }

  /// Retires pin `i` in O(1): its place stays (positions do not move) but it is no pin any more —
  /// no id (``IdTable/position(of:)`` forgets it), NaN coordinates (never visible).
  package mutating func retire(at i: Int) {
    ids.forget(i)
    latitudes[i] = .nan
    longitudes[i] = .nan
    mercatorX[i] = .nan
    mercatorY[i] = .nan
  }

  /// Whether a pin may take `status` (false only for a 253rd distinct unknown status).
  public func accepts(_ status: PinStatus?) -> Bool {
    guard case .other(let text) = status else { return true }
    return otherStatuses.count < 252 || otherStatuses.contains(text)
  }

  /// Whether pin `i` was retired (``retire(at:)``).
  public func isRetired(_ i: Int) -> Bool { latitudes[i].isNaN }

  /// The pins without the retired ones, in order.
  public func withoutRetired() -> PinSet {
    var out = PinSet()
    out.otherStatuses = otherStatuses
    out.invalidCount = invalidCount
    let kept = (0..<count).filter { !isRetired($0) }
    out.properties = properties.map { $0.selecting(kept) }
    for i in kept {
      out.latitudes.append(latitudes[i])
      out.longitudes.append(longitudes[i])
      out.mercatorX.append(mercatorX[i])
      out.mercatorY.append(mercatorY[i])
      out.statusCodes.append(statusCodes[i])
      out.sourceRows.append(sourceRows[i])
      ids.withUTF8(i) { _ = out.ids.append($0) }
    }
    return out
  }
}
