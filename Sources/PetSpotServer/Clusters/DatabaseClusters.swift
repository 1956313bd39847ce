import PetSpotGeo
import Synchronization

/// The cluster indexes a server on a database answers `/clusters` from. Per mirror base (the rows
/// as of the last rebuild), a ``ClusterIndexCache`` over its rows, built on the first request after
/// the base was built; per snapshot, that index with the snapshot's changed and new rows applied
/// through the engine's `update` and `insert` (O(changed rows), no rebuild: the answer equals a
/// fresh index's), kept for the latest snapshot version and the last four option pairs asked for.
///
/// Thread-safe: builds run one at a time; a request for an index already made only takes a lock
/// around a lookup.
final class DatabaseClusters: Sendable {
  /// The server's own options (filterable).
  let defaults: ClusterOptions

  private struct State {
    /// The base the cache was built over.
    var base: MirrorBase?
    var cache: ClusterIndexCache?
    /// The snapshot version `current` holds indexes for.
    var version = -1
    var current: [(options: ClusterOptions, index: ClusterIndex)] = []
  }

  private let state = Mutex(State())
  /// Held while building, so that builds never overlap.
  private let building = Mutex<Void>(())

  init(defaults: ClusterOptions) {
    self.defaults = Species.served(defaults)
  }

  /// The index for `options` over `snapshot`'s rows.
  /// - Throws: ``InvalidInput`` for invalid options.
  func index(for options: ClusterOptions, in snapshot: MirrorSnapshot) throws(InvalidInput) -> ClusterIndex {
    let wanted = Species.served(options)
    if let made = lookUp(wanted, version: snapshot.version) { return made }
    return try building.withLock { _ throws(InvalidInput) -> ClusterIndex in
      if let made = lookUp(wanted, version: snapshot.version) { return made }
      let cache: ClusterIndexCache
      if let known = state.withLock({ $0.base === snapshot.base ? $0.cache : nil }) {
        cache = known
      } else {
        cache = try ClusterIndexCache(pins: snapshot.base.index.pins, options: defaults)
      }
      var index = try cache.index(for: wanted)
      Self.apply(snapshot.delta, to: &index)
      state.withLock { state in
        if state.base !== snapshot.base { (state.base, state.cache) = (snapshot.base, cache) }
        if state.version != snapshot.version { (state.version, state.current) = (snapshot.version, []) }
        state.current.append((wanted, index))
        // As many as the base's cache keeps: each may be a full copy once the changed rows are applied.
        if state.current.count > ClusterIndexCache.capacity { state.current.removeFirst() }
      }
      return index
    }
  }

  /// An index already made for this snapshot version.
  private func lookUp(_ options: ClusterOptions, version: Int) -> ClusterIndex? {
    state.withLock { state in
      state.version == version ? state.current.first { $0.options == options }?.index : nil
    }
  }

  /// The changed and new rows of a snapshot applied to the index of its base: a row whose id the
  /// base has moves there and takes its status; another is inserted (after the base's rows, in
  /// `seq` order, as the mirror's answers order them).
  static func apply(_ delta: MirrorBase, to index: inout ClusterIndex) {
    let rows = delta.index.pins
    let species = rows.property(named: Species.property)
    for p in 0..<rows.count {
      let id = rows.ids[p]
      let (latitude, longitude, status) = (rows.latitudes[p], rows.longitudes[p], rows.status(at: p))
      // The mirror's rows are valid pins (the database's constraints), so no call refuses one.
      var at = index.pins.ids.position(of: id)
      if let at {
        try? index.update(at: at, latitude: latitude, longitude: longitude, status: status)
      } else {
        at = try? index.insert(
          id: id, latitude: latitude, longitude: longitude, status: status, sourceRow: index.pins.count)
      }
      if let at { try? index.setProperty(Species.property, to: species?.value(at: p), at: at) }
    }
  }
}
