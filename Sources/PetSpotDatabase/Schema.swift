import Logging
import PostgresNIO

/// The database schema, versioned: each migration is a list of statements applied once, in order,
/// in one transaction, recorded in `petspot_schema_migrations`. Migrations run under a session
/// advisory lock, so servers starting together wait for one another, and need no superuser: the
/// role needs CREATE on the database's schema (docs/server.md, "Database").
public enum Schema {
  /// The advisory lock key migrations hold (an arbitrary constant: "psg" + 1).
  static let migrationLock: Int64 = 0x7073_6700_0001

  /// The migrations, oldest first; version = position + 1.
  static let migrations: [[String]] = [
    [
      "CREATE SEQUENCE announcement_seq",
      """
      CREATE TABLE announcements (
        id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 200),
        seq bigint NOT NULL UNIQUE DEFAULT nextval('announcement_seq'),
        status text CHECK (length(status) BETWEEN 1 AND 100),
        species text, sex text, breed text, name text, description text,
        last_seen_date text,
        latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
        position geography(Point, 4326) NOT NULL,
        microchip text,
        finder_email text,
        finder_phone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
      )
      """,
      "CREATE INDEX announcements_position ON announcements USING gist (position)",
      "CREATE INDEX announcements_change ON announcements (change_xid)",
      """
      CREATE TABLE idempotency_keys (
        key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
        request text NOT NULL,
        announcement_id text NOT NULL REFERENCES announcements (id) DEFERRABLE INITIALLY DEFERRED,
        created_at timestamptz NOT NULL DEFAULT now()
      )
      """,
      "CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)",
    ]
  ]

  /// The schema version this program writes and reads.
  public static var currentVersion: Int { migrations.count }

  /// Brings the database to ``currentVersion``: checks PostGIS, then applies what is missing.
  /// - Returns: the versions applied now (empty when the schema was current).
  /// - Throws: ``DatabaseError/postgisMissing(database:)``, ``DatabaseError/schemaTooNew(found:known:)``
  ///   or ``DatabaseError/unavailable(_:)``.
  @discardableResult
  public static func migrate(_ client: PostgresClient, database: String, logger: Logger) async throws(DatabaseError)
    -> [Int]
  {
    do {
      return try await client.withConnection { connection in
        let postgis = try await connection.query("SELECT 1 FROM pg_extension WHERE extname = 'postgis'", logger: logger)
        guard try await postgis.collect().count == 1 else { throw DatabaseError.postgisMissing(database: database) }
        try await connection.query("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
        do {
          let applied = try await applyMissing(on: connection, logger: logger)
          try await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
          return applied
        } catch {
          _ = try? await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
          throw error
        }
      }
    } catch {
      throw DatabaseError.wrapping(error)
    }
  }

  private static func applyMissing(on connection: PostgresConnection, logger: Logger) async throws -> [Int] {
    try await connection.query(
      """
      CREATE TABLE IF NOT EXISTS petspot_schema_migrations (
        version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())
      """, logger: logger)
    var found = 0
    for try await version in try await connection.query(
      "SELECT coalesce(max(version), 0) FROM petspot_schema_migrations", logger: logger
    ).decode(Int.self) {
      found = version
    }
    guard found <= currentVersion else { throw DatabaseError.schemaTooNew(found: found, known: currentVersion) }
    var applied: [Int] = []
    for version in (found + 1)..<(currentVersion + 1) {
      try await connection.withTransaction(logger: logger) { transaction in
        for statement in migrations[version - 1] {
          try await transaction.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await transaction.query(
          "INSERT INTO petspot_schema_migrations (version) VALUES (\(version))", logger: logger)
      }
      logger.info("database schema migrated to version \(version)")
      applied.append(version)
    }
    return applied
  }
}
