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

  /// Removes pin `i`; later pins move down one position. - Complexity: O(n).
  public mutating func remove(at i: Int) {
    latitudes.remove(at: i)
    longitudes.remove(at: i)
    mercatorX.remove(at: i)
    mercatorY.remove(at: i)
    statusCodes.remove(at: i)
    sourceRows.remove(at: i)
    ids = ids.removing(at: i)
  }
}

extension IdTable {
  /// The table without id `i`. - Complexity: O(total bytes).
  func removing(at i: Int) -> IdTable {
    let start = Int(offsets[i]), end = Int(offsets[i + 1]), length = UInt32(end - start)
    var newBytes = bytes
    newBytes.removeSubrange(start..<end)
    var newOffsets = offsets
    newOffsets.remove(at: i + 1)
    for k in (i + 1)..<newOffsets.count { newOffsets[k] -= length }
    // Ids were unique and non-empty before, so they still are.
    return (try? IdTable(bytes: newBytes, offsets: newOffsets)) ?? IdTable()
  }
}
