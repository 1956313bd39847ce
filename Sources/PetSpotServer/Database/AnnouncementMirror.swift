import PetSpotDatabase
import PetSpotGeo
import Synchronization

/// The announcements table followed in memory: the latest ``MirrorSnapshot`` and when it was
/// last confirmed current. Thread-safe (`Sendable`): one follower applies changes, any number of
/// requests read.
final class AnnouncementMirror: Sendable {
  /// Changed rows kept beside the base before the base is rebuilt with them.
  let rebuildThreshold: Int
  private let state: Mutex<State>

  private struct State {
    var snapshot: MirrorSnapshot
    /// Rows changed or added since the base was built, by id.
    var changed: [String: AnnouncementRow] = [:]
    /// When the follower last read the change feed successfully (`ContinuousClock` instant).
    var confirmedAt: ContinuousClock.Instant?
  }

  init(rebuildThreshold: Int = 4096) {
    self.rebuildThreshold = rebuildThreshold
    state = Mutex(State(snapshot: MirrorSnapshot(baseRows: [], base: nil, deltaRows: [], version: 0)))
  }

  /// The current snapshot, or `nil` when it was not confirmed within `maximumAge` (the database is
  /// unreachable, or the follower has not loaded yet).
  func snapshot(maximumAge: Duration) -> MirrorSnapshot? {
    state.withLock { state in
      guard let at = state.confirmedAt, ContinuousClock.now - at <= maximumAge else { return nil }
      return state.snapshot
    }
  }

  /// The newest snapshot, however old.
  var latest: MirrorSnapshot { state.withLock { $0.snapshot } }

  /// Applies rows read from the change feed by a read that began at `readAt`, and publishes a new
  /// snapshot when anything changed: the changed rows beside the base, or a rebuilt base once
  /// they reach ``rebuildThreshold``. Building runs outside the lock (readers keep the previous
  /// snapshot meanwhile); call from one follower task at a time.
  func apply(_ changes: [AnnouncementRow], readAt: ContinuousClock.Instant) {
    let plan = state.withLock { state -> (current: MirrorSnapshot, changed: [AnnouncementRow], rebuild: Bool)? in
      for row in changes { state.changed[row.id] = row }
      guard !changes.isEmpty else {
        state.confirmedAt = readAt
        return nil
      }
      let rebuild = state.changed.count >= rebuildThreshold || state.snapshot.baseRows.isEmpty
      let changed = Array(state.changed.values)
      if rebuild { state.changed = [:] }
      return (state.snapshot, changed, rebuild)
    }
    guard let plan else { return }
    let next: MirrorSnapshot
    if plan.rebuild {
      next = MirrorSnapshot(
        baseRows: plan.current.merged(with: plan.changed), base: nil, deltaRows: [],
        version: plan.current.version + 1)
    } else {
      next = MirrorSnapshot(
        baseRows: plan.current.baseRows, base: plan.current.base,
        deltaRows: plan.changed.sorted { $0.seq < $1.seq }, version: plan.current.version + 1)
    }
    state.withLock { state in
      state.snapshot = next
      state.confirmedAt = readAt
    }
  }
}
