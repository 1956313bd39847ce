import Dispatch
import PetSpotDatabase
import PetSpotGeo
import Synchronization

/// The announcements table followed in memory: the latest ``MirrorSnapshot`` and when it was
/// last confirmed current. Thread-safe (`Sendable`): one follower applies changes, any number of
/// requests read.
///
/// Changed rows sit beside the base (a small base of their own, rebuilt with every change:
/// O(changed)) until they reach ``rebuildThreshold``; then a new base is built in a background
/// task while the follower keeps applying and confirming changes, so a rebuild never makes the
/// mirror stale; rows changed during a rebuild that reach the threshold again start the next one
/// as it ends. Two locks: snapshots are built under the writers' lock (the follower and a
/// finishing rebuild never publish over each other), and readers take only the lock around the
/// published snapshot, held for a pointer swap — a read never waits for a build.
final class AnnouncementMirror: Sendable {
  /// Changed rows kept beside the base before a new base is built with them.
  let rebuildThreshold: Int
  private let published: Mutex<Published>
  private let writers: Mutex<Changes>
  /// Where rebuilds run (one at a time).
  private let rebuilds = DispatchQueue(label: "PetSpotServer.AnnouncementMirror.rebuilds", qos: .utility)

  /// What readers see.
  private struct Published {
    var snapshot: MirrorSnapshot
    /// When the follower last read the change feed successfully (`ContinuousClock` instant).
    var confirmedAt: ContinuousClock.Instant?
  }

  /// What the writers keep.
  private struct Changes {
    var base: MirrorBase
    /// Rows changed or added since `base` was built, by id.
    var changed: [String: AnnouncementRow] = [:]
    /// Whether a new base is being built.
    var rebuilding = false
    var version = 0
  }

  init(rebuildThreshold: Int = 4096) {
    self.rebuildThreshold = rebuildThreshold
    let empty = MirrorBase(rows: [])
    published = Mutex(Published(snapshot: MirrorSnapshot(base: empty, deltaRows: [], version: 0)))
    writers = Mutex(Changes(base: empty))
  }

  /// The current snapshot, or `nil` when it was not confirmed within `maximumAge` (the database is
  /// unreachable, or the follower has not loaded yet).
  func snapshot(maximumAge: Duration) -> MirrorSnapshot? {
    published.withLock { published in
      guard let at = published.confirmedAt, ContinuousClock.now - at <= maximumAge else { return nil }
      return published.snapshot
    }
  }

  /// Applies rows read from the change feed by a read that began at `readAt` and publishes the
  /// next snapshot. The first rows (the initial load) become the base at once; later ones sit
  /// beside it, and a background rebuild starts when they reach ``rebuildThreshold``. Call from
  /// one follower task at a time.
  func apply(_ changes: [AnnouncementRow], readAt: ContinuousClock.Instant) {
    let rebuild = writers.withLock { writers -> (base: MirrorBase, frozen: [AnnouncementRow])? in
      defer { published.withLock { $0.confirmedAt = readAt } }
      guard !changes.isEmpty else { return nil }
      if writers.base.count == 0 && writers.changed.isEmpty {
        writers.base = MirrorBase(rows: changes.sorted { $0.seq < $1.seq })
        publish(&writers)
        AllocatorTuning.releaseFreed()  // the rows as read, now in the base's columns
        return nil
      }
      for row in changes { writers.changed[row.id] = row }
      publish(&writers)
      return rebuildIfDue(&writers)
    }
    if let rebuild { startRebuild(rebuild) }
  }

  /// The base and rows of a rebuild when the changed rows reached the threshold and none runs.
  private func rebuildIfDue(_ writers: inout Changes) -> (base: MirrorBase, frozen: [AnnouncementRow])? {
    guard !writers.rebuilding, writers.changed.count >= rebuildThreshold else { return nil }
    writers.rebuilding = true
    return (writers.base, Array(writers.changed.values))
  }

  /// Builds a new base in the background, on a thread of its own (not Swift's cooperative pool,
  /// which the follower and the requests need meanwhile); when rows changed during it reach the
  /// threshold again, the next rebuild follows at once (a burst of writes never leaves a long
  /// delta behind).
  private func startRebuild(_ rebuild: (base: MirrorBase, frozen: [AnnouncementRow])) {
    rebuilds.async {
      let base = MirrorBase(merging: rebuild.frozen, into: rebuild.base)
      let next = self.writers.withLock { writers in
        // Rows changed again during the rebuild stay beside the new base.
        for row in rebuild.frozen where writers.changed[row.id] == row { writers.changed[row.id] = nil }
        writers.rebuilding = false
        writers.base = base
        self.publish(&writers)
        return self.rebuildIfDue(&writers)
      }
      AllocatorTuning.releaseFreed()  // the previous base, unless a request still reads it
      if let next { self.startRebuild(next) }
    }
  }

  /// Builds the snapshot of the writers' base and changed rows (O(changed), plus O(n / 64) when
  /// changed rows replace base rows) and publishes it.
  private func publish(_ writers: inout Changes) {
    writers.version += 1
    let snapshot = MirrorSnapshot(
      base: writers.base, deltaRows: writers.changed.values.sorted { $0.seq < $1.seq }, version: writers.version)
    let previous = published.withLock { published in
      defer { published.snapshot = snapshot }
      return published.snapshot
    }
    withExtendedLifetime(previous) {}  // freed here, outside the readers' lock, if unused
  }
}
