import Logging
import PetSpotDatabase
import PetSpotGeo
import Synchronization

/// The database mode's state: the store (writes) and the in-memory mirror that answers reads,
/// kept in step by a follower that reads the table's change feed every ``pollInterval``.
///
/// Reads never wait for the database: `GET /announcements` answers from the mirror with the exact
/// rule of the file mode, or `503` when the mirror was not confirmed current within ``maximumAge``
/// (so no instance serves an answer older than that). `Sendable`.
public final class DatabaseBackend: Sendable {
  public let store: AnnouncementStore
  let mirror: AnnouncementMirror
  let logger: Logger
  /// This process's tag in ETags: versions of different instances never compare equal.
  let instance: String

  /// How often the follower reads the change feed.
  public static var pollInterval: Duration { .milliseconds(100) }
  /// The oldest confirmation a read accepts.
  public static var maximumAge: Duration { .seconds(1) }
  /// Idempotency keys are kept at least this long (the sweep removes older ones hourly).
  public static var idempotencyHours: Int { 48 }

  public init(store: AnnouncementStore, logger: Logger, rebuildThreshold: Int = 4096) {
    self.store = store
    self.logger = logger
    mirror = AnnouncementMirror(rebuildThreshold: rebuildThreshold)
    instance = String(UInt32.random(in: 0...UInt32.max), radix: 36)
  }

  /// Migrates the schema and loads every row (the first read of the feed).
  /// - Returns: the number of announcements loaded.
  public func start() async throws(DatabaseError) -> Int {
    try await store.migrate()
    AllocatorTuning.mapLargeBlocks()
    let began = ContinuousClock.now
    let (rows, horizon) = try await store.changes(from: 0)
    mirror.apply(rows, readAt: began)
    startHorizon.withLock { $0 = horizon }
    return rows.count
  }

  private let startHorizon = Mutex<Int64>(0)

  /// Follows the change feed until the task is cancelled; logs when the database goes away and
  /// when it is back (the client reconnects by itself).
  public func follow() async {
    var horizon = startHorizon.withLock { $0 }
    var failing = false
    var lastSweep = ContinuousClock.now
    while !Task.isCancelled {
      let began = ContinuousClock.now
      let start = horizon
      let store = self.store
      do {
        let (rows, next) = try await withDatabaseTimeout(.seconds(2)) { () throws(DatabaseError) in
          try await store.changes(from: start)
        }.get()
        mirror.apply(rows, readAt: began)
        horizon = next
        if failing { logger.notice("database reachable again; following changes") }
        failing = false
        if began - lastSweep > .seconds(3600) {
          try await store.expireIdempotencyKeys(olderThanHours: Self.idempotencyHours)
          lastSweep = began
        }
      } catch {
        if !failing { logger.warning("cannot read the change feed: \(error)") }
        failing = true
      }
      try? await Task.sleep(for: Self.pollInterval)
    }
  }

  /// The current snapshot if confirmed within ``maximumAge``.
  func currentSnapshot() -> MirrorSnapshot? {
    mirror.snapshot(maximumAge: Self.maximumAge)
  }
}
