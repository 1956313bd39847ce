import Foundation
import Logging
import PetSpotGeo
import PostgresNIO

/// Announcements in PostgreSQL + PostGIS: the writes (`POST`, `PATCH`, imports) and the change
/// feed every server's in-memory index follows. Every statement is parameterised; no SQL text is
/// built from input.
///
/// `Sendable`: one store serves every request. Use it inside ``withRunningPool(closeTimeout:_:)``,
/// which runs its connection pool.
public struct AnnouncementStore: Sendable {
  public let url: DatabaseURL
  let client: PostgresClient
  let logger: Logger

  public init(url: DatabaseURL, logger: Logger, maximumConnections: Int = 8) {
    self.url = url
    self.logger = logger
    // The driver's own background messages (retries while the database is away) at error level
    // only: the follower and the routes log an outage once, in their words.
    var driverLogger = logger
    driverLogger.logLevel = .error
    client = PostgresClient(
      configuration: url.clientConfiguration(maximumConnections: maximumConnections), backgroundLogger: driverLogger)
  }

  /// Runs `body` with the connection pool running beside it, then closes the pool, waiting at
  /// most `closeTimeout` for it: after the database crashed mid-query the pool may never report
  /// itself closed, and a server that has drained its requests must still exit.
  public func withRunningPool<T: Sendable>(closeTimeout: Duration = .seconds(2), _ body: () async throws -> T)
    async rethrows -> T
  {
    let pool = Task { await client.run() }
    // Closed before any error or result leaves: the pool must not outlive its caller.
    func close() async {
      pool.cancel()
      _ = await withDatabaseTimeout(closeTimeout) { () throws(DatabaseError) in await pool.value }
    }
    do {
      let result = try await body()
      await close()
      return result
    } catch {
      await close()
      throw error
    }
  }

  /// ``Schema/migrate(_:database:logger:)`` on this store's database.
  @discardableResult
  public func migrate() async throws(DatabaseError) -> [Int] {
    try await Schema.migrate(client, database: url.database, logger: logger)
  }

  /// Whether the database answers (`SELECT 1`).
  public func ping() async -> Bool {
    (try? await client.query("SELECT 1", logger: logger)) != nil
  }

  // MARK: - Change feed

  /// The rows changed by transactions in `[from, horizon)`, where `horizon` is the oldest
  /// transaction still running when the statement began: every transaction before it has
  /// finished, so nothing committed below it can appear later. Start with `from = 0` (every row);
  /// pass the returned horizon next time. Rows come in no particular order.
  public func changes(from: Int64) async throws(DatabaseError) -> (rows: [AnnouncementRow], horizon: Int64) {
    do {
      let query: PostgresQuery = """
        WITH s AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS horizon)
        SELECT s.horizon::text::bigint, \(unescaped: AnnouncementRow.columns)
        FROM s LEFT JOIN announcements a
          ON a.change_xid >= \(String(from))::text::xid8 AND a.change_xid < s.horizon
        """
      var rows: [AnnouncementRow] = []
      var horizon = from
      for try await row in try await client.query(query, logger: logger) {
        let (h, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11) = try row.decode(
          (
            Int64, Int64?, String?, String?, String?, String?, String?, String?, String?, Double?, Double?, Int64?,
            String?
          ).self)
        horizon = h
        if let r = AnnouncementRow.decode((c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11)) { rows.append(r) }
      }
      return (rows, horizon)
    } catch {
      throw DatabaseError.wrapping(error)
    }
  }

  // MARK: - Writes

  /// What ``insert(_:idempotency:)`` did.
  public enum InsertOutcome: Sendable, Equatable {
    /// A new announcement with this id.
    case created(String)
    /// The key was used before with the same request: that announcement's id; nothing new.
    case replayed(String)
    /// The key was used before with a different request: nothing done.
    case keyConflict
  }

  /// Stores a validated found report as a new FOUND announcement with a server-made id (a random
  /// UUID), committed before returning. The finder's email and phone are stored; the caregiver's
  /// fields are not part of a payload at all.
  /// - Parameter idempotency: the `Idempotency-Key` and the request it came with (canonical JSON);
  ///   a second request with the same key waits for the first's transaction, then replays or
  ///   conflicts.
  public func insert(_ report: FoundReportPayload, idempotency: (key: String, request: String)?)
    async throws(DatabaseError) -> InsertOutcome
  {
    let id = UUID().uuidString.lowercased()
    do {
      return try await client.withTransaction(logger: logger) { connection -> InsertOutcome in
        if let idempotency {
          let claimed = try await connection.query(
            """
            INSERT INTO idempotency_keys (key, request, announcement_id)
            VALUES (\(idempotency.key), \(idempotency.request), \(id)) ON CONFLICT (key) DO NOTHING RETURNING key
            """, logger: logger
          ).collect()
          if claimed.isEmpty {
            for try await (request, existing) in try await connection.query(
              "SELECT request, announcement_id FROM idempotency_keys WHERE key = \(idempotency.key)", logger: logger
            ).decode((String, String).self) {
              return request == idempotency.request ? .replayed(existing) : .keyConflict
            }
            return .keyConflict
          }
        }
        try await connection.query(
          """
          INSERT INTO announcements (id, status, species, sex, breed, description, last_seen_date, latitude,
            longitude, position, microchip, finder_email, finder_phone)
          VALUES (\(id), 'FOUND', \(report.species), \(report.sex), \(report.breed), \(report.description),
            \(report.lastSeenDate), \(report.lastSeenLatitude), \(report.lastSeenLongitude),
            ST_SetSRID(ST_MakePoint(\(report.lastSeenLongitude), \(report.lastSeenLatitude)), 4326)::geography,
            \(report.microchipNumber), \(report.email), \(report.phone))
          """, logger: logger)
        return .created(id)
      }
    } catch {
      throw DatabaseError.wrapping(error)
    }
  }

  /// Sets an announcement's status (already normalised: MISSING, FOUND or CLOSED).
  /// - Returns: the row as it is now, or `nil` when no announcement has that id.
  public func setStatus(id: String, to status: String) async throws(DatabaseError) -> AnnouncementRow? {
    do {
      let rows = try await client.query(
        """
        UPDATE announcements AS a SET status = \(status), updated_at = now(), change_xid = pg_current_xact_id()
        WHERE a.id = \(id) RETURNING \(unescaped: AnnouncementRow.columns)
        """, logger: logger)
      for try await columns in rows.decode(AnnouncementRow.Columns.self) {
        return AnnouncementRow.decode(columns)
      }
      return nil
    } catch {
      throw DatabaseError.wrapping(error)
    }
  }

  /// Deletes idempotency keys older than `hours` (kept at least 24 h by the server's schedule).
  public func expireIdempotencyKeys(olderThanHours hours: Int) async throws(DatabaseError) {
    do {
      try await client.query(
        "DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => \(hours))", logger: logger)
    } catch {
      throw DatabaseError.wrapping(error)
    }
  }
}
