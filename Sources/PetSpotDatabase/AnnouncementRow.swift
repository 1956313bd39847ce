import PostgresNIO

/// One announcement as the map side reads it: everything but the finder's contact fields, which
/// never leave the database through this type.
public struct AnnouncementRow: Sendable, Hashable {
  /// Insertion order: imported rows in file order, then posted ones. Ties in distance follow it.
  public var seq: Int64
  public var id: String
  /// MISSING, FOUND, CLOSED or another status as imported; `nil` when the pin had none.
  public var status: String?
  public var species: String?
  public var sex: String?
  public var breed: String?
  public var name: String?
  public var lastSeenDate: String?
  /// Degrees (WGS84).
  public var latitude: Double
  public var longitude: Double
  /// When the row last changed, microseconds since 1970-01-01T00:00:00Z.
  public var updatedMicros: Int64
  /// The same instant as RFC 3339 text in UTC (`2026-11-26T08:00:00.123456Z`).
  public var updatedAt: String

  public init(
    seq: Int64, id: String, status: String?, species: String? = nil, sex: String? = nil, breed: String? = nil,
    name: String? = nil, lastSeenDate: String? = nil, latitude: Double, longitude: Double, updatedMicros: Int64,
    updatedAt: String
  ) {
    self.seq = seq
    self.id = id
    self.status = status
    self.species = species
    self.sex = sex
    self.breed = breed
    self.name = name
    self.lastSeenDate = lastSeenDate
    self.latitude = latitude
    self.longitude = longitude
    self.updatedMicros = updatedMicros
    self.updatedAt = updatedAt
  }

  /// The select list every reader uses, in the order ``decode(_:from:)`` reads (table alias `a`).
  static let columns = """
    a.seq, a.id, a.status, a.species, a.sex, a.breed, a.name, a.last_seen_date, a.latitude, a.longitude,
    (extract(epoch FROM a.updated_at) * 1000000)::bigint,
    to_char(a.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
    """

  typealias Columns = (
    Int64?, String?, String?, String?, String?, String?, String?, String?, Double?, Double?, Int64?, String?
  )

  /// The row from ``columns`` (all `nil` for the empty side of an outer join).
  static func decode(_ c: Columns) -> AnnouncementRow? {
    guard let seq = c.0, let id = c.1, let latitude = c.8, let longitude = c.9, let micros = c.10, let at = c.11
    else { return nil }
    return AnnouncementRow(
      seq: seq, id: id, status: c.2, species: c.3, sex: c.4, breed: c.5, name: c.6, lastSeenDate: c.7,
      latitude: latitude, longitude: longitude, updatedMicros: micros, updatedAt: at)
  }
}
