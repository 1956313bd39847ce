import PetSpotGeo
import PostgresNIO

extension AnnouncementStore {
  /// The properties an import copies from a pins file when it carries them (CSV columns, JSON
  /// properties), with their columns.
  static let importedProperties = [
    ("species", "species"), ("sex", "sex"), ("breed", "breed"), ("name", "name"), ("description", "description"),
    ("lastSeenDate", "last_seen_date"),
  ]

  /// The pins-file properties an import can copy (``importPins(_:batchSize:progress:)``).
  public static var importablePropertyNames: [String] { importedProperties.map(\.0) }

  /// Loads a pin set into the table, `batchSize` rows per statement (one array parameter per
  /// column, so a batch is one round trip), each batch its own transaction.
  ///
  /// Ids are kept; an id already in the table is updated (position, status and the properties the
  /// file has), keeping its place in the tie order. Statuses are the pin set's, normalised as its
  /// reader did (ACTIVE → MISSING …). Rows the reader rejected are not in the set: the caller
  /// reports ``PinSet/invalidCount``.
  /// - Parameter progress: called after each batch with the number of rows written so far.
  public func importPins(
    _ pins: PinSet, batchSize: Int = 10_000, progress: @Sendable (Int) -> Void = { _ in }
  ) async throws(DatabaseError) {
    let batch = max(1, batchSize)
    let properties = Self.importedProperties.map { (name, _) in pins.property(named: name) }
    let statuses = [nil, "MISSING", "FOUND", "CLOSED"] + pins.otherStatuses.map(Optional.some)
    var start = 0
    do {
      while start < pins.count {
        let range = start..<min(start + batch, pins.count)
        let ids = range.map { pins.ids[$0] }
        let status = range.map { statuses[Int(pins.statusCodes[$0])] ?? "" }
        let columns = properties.map { column in range.map { column?.value(at: $0) ?? "" } }
        let latitudes = range.map { pins.latitudes[$0] }
        let longitudes = range.map { pins.longitudes[$0] }
        try await client.query(
          """
          INSERT INTO announcements (id, status, species, sex, breed, name, description, last_seen_date, latitude,
            longitude, position)
          SELECT t.id, NULLIF(t.status, ''), NULLIF(t.species, ''), NULLIF(t.sex, ''), NULLIF(t.breed, ''),
            NULLIF(t.name, ''), NULLIF(t.description, ''), NULLIF(t.last_seen_date, ''), t.latitude, t.longitude,
            ST_SetSRID(ST_MakePoint(t.longitude, t.latitude), 4326)::geography
          FROM unnest(\(ids)::text[], \(status)::text[], \(columns[0])::text[], \(columns[1])::text[],
            \(columns[2])::text[], \(columns[3])::text[], \(columns[4])::text[], \(columns[5])::text[],
            \(latitudes)::float8[], \(longitudes)::float8[])
            WITH ORDINALITY AS t(id, status, species, sex, breed, name, description, last_seen_date, latitude,
              longitude, ord)
          ORDER BY t.ord
          ON CONFLICT (id) DO UPDATE SET
            status = excluded.status,
            species = coalesce(excluded.species, announcements.species),
            sex = coalesce(excluded.sex, announcements.sex),
            breed = coalesce(excluded.breed, announcements.breed),
            name = coalesce(excluded.name, announcements.name),
            description = coalesce(excluded.description, announcements.description),
            last_seen_date = coalesce(excluded.last_seen_date, announcements.last_seen_date),
            latitude = excluded.latitude, longitude = excluded.longitude, position = excluded.position,
            updated_at = now(), change_xid = pg_current_xact_id()
          """, logger: logger)
        start = range.upperBound
        progress(start)
      }
    } catch {
      throw DatabaseError.wrapping(error)
    }
  }
}
