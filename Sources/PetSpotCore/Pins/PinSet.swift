/// Pins held as flat arrays, in input order: ids, WGS84 coordinates, Web Mercator coordinates,
/// statuses and the row each pin came from.
///
/// Pins with an invalid coordinate (non-finite, |lat| > 90, |lng| > 180) are kept out and counted
/// in ``invalidCount``. Pins beyond the Mercator limit are valid but never visible: their
/// ``mercatorY`` is NaN, so every visibility comparison rejects them.
///
/// A `PinSet` is a value (`Sendable`): build it on one thread, share it freely afterwards.
public struct PinSet: Sendable {
  /// The pins' ids, unique.
  public package(set) var ids = IdTable()
  /// Latitudes in degrees.
  public package(set) var latitudes: [Double] = []
  /// Longitudes in degrees.
  public package(set) var longitudes: [Double] = []
  /// Mercator X in [0, 1].
  public package(set) var mercatorX: [Double] = []
  /// Mercator Y in [0, 1], or NaN beyond the Mercator limit.
  public package(set) var mercatorY: [Double] = []
  /// Status codes: 0 none, 1 MISSING, 2 FOUND, 3 CLOSED, 4 + i for ``otherStatuses``[i].
  public package(set) var statusCodes: [UInt8] = []
  /// Statuses outside the known three, in order of first appearance (at most 252).
  public package(set) var otherStatuses: [String] = []
  /// For each pin, the index of the input row it came from (0-based, invalid rows counted).
  public package(set) var sourceRows: [UInt32] = []
  /// Rows kept out because of an invalid coordinate.
  public package(set) var invalidCount = 0
  /// Extra properties the pins were loaded with (CSV columns, JSON properties), by name; see
  /// ``property(named:)`` and ``setProperty(_:to:at:)``.
  public package(set) var properties: [PropertyColumn] = []

  /// An empty pin set.
  public init() {}

  /// A pin set from arrays already validated and laid out (the binary pins format); Mercator
  /// coordinates are computed in one pass.
  package init(
    ids: IdTable, latitudes: [Double], longitudes: [Double], statusCodes: [UInt8], otherStatuses: [String],
    sourceRows: [UInt32], invalidCount: Int
  ) {
    self.ids = ids
    self.latitudes = latitudes
    self.longitudes = longitudes
    self.statusCodes = statusCodes
    self.otherStatuses = otherStatuses
    self.sourceRows = sourceRows
    self.invalidCount = invalidCount
    // Read at scattered places by index builds and queries: in huge pages.
    mercatorX = [Double](hugePagesCapacity: longitudes.count) { xs, count in
      for (i, longitude) in longitudes.enumerated() { xs[i] = WebMercator.x(longitude: longitude) }
      count = longitudes.count
    }
    mercatorY = [Double](hugePagesCapacity: latitudes.count) { ys, count in
      for (i, latitude) in latitudes.enumerated() {
        ys[i] = abs(latitude) <= WebMercator.latitudeLimit ? WebMercator.y(latitude: latitude) : .nan
      }
      count = latitudes.count
    }
  }

  /// The number of (valid) pins.
  public var count: Int { latitudes.count }

  /// Whether there are no valid pins.
  public var isEmpty: Bool { latitudes.isEmpty }

  /// The status of pin `i`, or `nil` when it has none.
  public func status(at i: Int) -> PinStatus? {
    Self.status(code: statusCodes[i], others: otherStatuses)
  }

  /// The status a code stands for, given the table of other statuses.
  package static func status(code: UInt8, others: [String]) -> PinStatus? {
    switch code {
    case 0: nil
    case 1: .missing
    case 2: .found
    case 3: .closed
    default: .other(others[Int(code) - 4])
    }
  }

  /// The coordinate of pin `i` in degrees.
  public func coordinate(at i: Int) -> GeoCoordinate {
    GeoCoordinate(latitude: latitudes[i], longitude: longitudes[i])
  }

  /// Reserves room for `n` more pins.
  public mutating func reserveCapacity(_ n: Int) {
    for keyPath in [\PinSet.latitudes, \.longitudes, \.mercatorX, \.mercatorY] {
      self[keyPath: keyPath].reserveCapacity(count + n)
    }
    statusCodes.reserveCapacity(count + n)
    sourceRows.reserveCapacity(count + n)
    ids.reserve(n)
  }
}

/// Why a pin was not added.
public enum PinRejection: Error, Hashable, Sendable {
  /// The id is already in the set (a malformed file).
  case duplicateId(String)
  /// The id is empty (a malformed file).
  case emptyId
  /// More than 252 distinct statuses outside MISSING, FOUND, CLOSED.
  case tooManyStatuses
}

extension PinSet {
  /// Whether a coordinate can be a pin: finite, |lat| ≤ 90, |lng| ≤ 180.
  @inlinable
  public static func isValidCoordinate(latitude: Double, longitude: Double) -> Bool {
    GeoCoordinate(latitude: latitude, longitude: longitude).isValid
  }

  /// Counts a row kept out for its coordinate.
  public mutating func countInvalidRow() {
    invalidCount += 1
  }

  /// Appends a pin whose coordinate is valid (check with ``isValidCoordinate(latitude:longitude:)``).
  ///
  /// - Parameters:
  ///   - id: the pin's id as UTF-8 bytes; must be non-empty and new.
  ///   - latitude: degrees in [-90, 90].
  ///   - longitude: degrees in [-180, 180].
  ///   - status: the normalised status, or `nil`.
  ///   - sourceRow: the input row it came from.
  /// - Throws: ``PinRejection`` for an empty or duplicate id or too many distinct statuses.
  public mutating func append(
    id: UnsafeBufferPointer<UInt8>, latitude: Double, longitude: Double, status: PinStatus?, sourceRow: Int
  ) throws(PinRejection) {
    precondition(Self.isValidCoordinate(latitude: latitude, longitude: longitude), "validate coordinates first")
    guard !id.isEmpty else { throw .emptyId }
    let code = try statusCode(for: status)
    guard ids.append(id) else { throw .duplicateId(String(decoding: id, as: UTF8.self)) }
    latitudes.append(latitude)
    longitudes.append(longitude)
    mercatorX.append(WebMercator.x(longitude: longitude))
    mercatorY.append(abs(latitude) <= WebMercator.latitudeLimit ? WebMercator.y(latitude: latitude) : .nan)
    statusCodes.append(code)
    sourceRows.append(UInt32(truncatingIfNeeded: sourceRow))
  }

  /// Appends a pin given as a String id; see ``append(id:latitude:longitude:status:sourceRow:)``.
  public mutating func append(
    id: String, latitude: Double, longitude: Double, status: PinStatus?, sourceRow: Int
  ) throws(PinRejection) {
    var copy = id
    var rejection: PinRejection?
    copy.withUTF8 { bytes in
      do throws(PinRejection) {
        try append(id: bytes, latitude: latitude, longitude: longitude, status: status, sourceRow: sourceRow)
      } catch {
        rejection = error
      }
    }
    if let rejection { throw rejection }
  }

  /// The code for a status, registering a new "other" status when needed.
  package mutating func statusCode(for status: PinStatus?) throws(PinRejection) -> UInt8 {
    switch status {
    case nil: return 0
    case .missing: return 1
    case .found: return 2
    case .closed: return 3
    case .other(let text):
      if let i = otherStatuses.firstIndex(of: text) { return UInt8(i + 4) }
      guard otherStatuses.count < 252 else { throw .tooManyStatuses }
      otherStatuses.append(text)
      return UInt8(otherStatuses.count + 3)
    }
  }
}
