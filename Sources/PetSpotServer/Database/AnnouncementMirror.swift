import PetSpotDatabase
import PetSpotGeo
import Synchronization

/// The announcements table followed in memory: the latest ``MirrorSnapshot`` and when it was
/// last confirmed current. Thread-safe (`Sendable`): one follower applies changes, any number of
/// requests read.
///
/// Changed rows sit beside the base (an index of their own, rebuilt with every change: O(changed))
/// until they reach ``rebuildThreshold``; then a new base is built in a background task while the
/// follower keeps applying and confirming changes, so a rebuild never makes the mirror stale.
final class AnnouncementMirror: Sendable {
  /// Changed rows kept beside the base before a new base is built with them.
  let rebuildThreshold: Int
  private let state: Mutex<State>

  private struct State {
    var snapshot: MirrorSnapshot
    /// Rows changed or added since the current base was built, by id.
    var changed: [String: AnnouncementRow] = [:]
    /// Whether a new base is being built.
    var rebuilding = false
    /// When the follower last read the change feed successfully (`ContinuousClock` instant).
    var confirmedAt: ContinuousClock.Instant?
  }

  init(rebuildThreshold: Int = 4096) {
    self.rebuildThreshold = rebuildThreshold
    state = Mutex(State(snapshot: MirrorSnapshot(base: MirrorBase(rows: []), deltaRows: [], version: 0)))
  }

  /// The current snapshot, or `nil` when it was not confirmed within `maximumAge` (the database is
  /// unreachable, or the follower has not loaded yet).
  func snapshot(maximumAge: Duration) -> MirrorSnapshot? {
    state.withLock { state in
      guard let at = state.confirmedAt, ContinuousClock.now - at <= maximumAge else { return nil }
      return state.snapshot
    }
  }

  /// Applies rows read from the change feed by a read that began at `readAt` and publishes the
  /// next snapshot. The first rows (the initial load) become the base at once; later ones sit
  /// beside it, and a background rebuild starts when they reach ``rebuildThreshold``. Call from
  /// one follower task at a time.
  func apply(_ changes: [AnnouncementRow], readAt: ContinuousClock.Instant) {
    let initial = state.withLock { $0.snapshot.base.rows.isEmpty && $0.changed.isEmpty && !changes.isEmpty }
    if initial {
      let base = MirrorBase(rows: changes.sorted { $0.seq < $1.seq })
      state.withLock { state in
        state.snapshot = MirrorSnapshot(base: base, deltaRows: [], version: state.snapshot.version + 1)
        state.confirmedAt = readAt
      }
      return
    }
    let rebuild = state.withLock { state -> (base: MirrorBase, frozen: [AnnouncementRow])? in
      state.confirmedAt = readAt
      guard !changes.isEmpty else { return nil }
      for row in changes { state.changed[row.id] = row }
      publish(&state)
      guard !state.rebuilding, state.changed.count >= rebuildThreshold else { return nil }
      state.rebuilding = true
      return (state.snapshot.base, Array(state.changed.values))
    }
    guard let rebuild else { return }
    Task.detached(priority: .utility) {
      let base = MirrorBase(rows: rebuild.base.merged(with: rebuild.frozen))
      self.state.withLock { state in
        // Rows changed again during the rebuild stay beside the new base.
        for row in rebuild.frozen where state.changed[row.id] == row { state.changed[row.id] = nil }
        state.rebuilding = false
        state.snapshot = MirrorSnapshot(
          base: base, deltaRows: state.changed.values.sorted { $0.seq < $1.seq },
          version: state.snapshot.version + 1)
      }
    }
  }

  /// Publishes the current base with the changed rows beside it (O(changed), under the lock so
  /// that a finishing rebuild and the follower never publish over each other).
  private func publish(_ state: inout State) {
    state.snapshot = MirrorSnapshot(
      base: state.snapshot.base, deltaRows: state.changed.values.sorted { $0.seq < $1.seq },
      version: state.snapshot.version + 1)
  }
}
