import PetSpotGeo
import Synchronization

/// The cluster indexes a server on a database answers `/clusters` from. Per mirror base (the rows
/// as of the last rebuild), a ``ClusterIndexCache`` over its rows, built on the first request after
/// the base was built; per snapshot, that index with the snapshot's changed and new rows applied
/// through the engine's `update` and `insert` (O(changed rows), no rebuild: the answer equals a
/// fresh index's), kept for the latest snapshot version and the last four option pairs asked for
/// (``BuiltOnDemand``).
///
/// Thread-safe: builds run one at a time, on the server's ``ClusterBuildQueue`` (the request that
/// asked takes the build's time); a request for an index already made only takes a lock around a
/// lookup.
final class DatabaseClusters: Sendable {
  /// The server's own options (filterable).
  let defaults: ClusterOptions

  /// The cache over the latest base the indexes were made from.
  private let bases = Mutex<(base: MirrorBase, cache: ClusterIndexCache)?>(nil)
  /// Per snapshot version and option pair, the base's index with the snapshot's changes applied
  /// (as many as the base's cache keeps: each may be a full copy once the changes are applied;
  /// those of older versions are dropped when one for a newer version is made).
  private let indexes = BuiltOnDemand<Key, ClusterIndex>(capacity: ClusterIndexCache.capacity)

  private struct Key: Equatable, Sendable {
    var version: Int
    var options: ClusterOptions
  }

  init(defaults: ClusterOptions) {
    self.defaults = Species.served(defaults)
  }

  /// The index for `options` over `snapshot`'s rows if it is made, else `nil`: never builds, so a
  /// request's own thread may call it.
  func keptIndex(for options: ClusterOptions, in snapshot: MirrorSnapshot) -> ClusterIndex? {
    indexes.keptValue(for: Key(version: snapshot.version, options: Species.served(options)))
  }

  /// The index for `options` over `snapshot`'s rows, made when not kept (seconds at a million
  /// rows when the base's index must be built: call it on a ``ClusterBuildQueue``).
  /// - Throws: ``InvalidInput`` for invalid options.
  func index(for options: ClusterOptions, in snapshot: MirrorSnapshot) throws(InvalidInput) -> ClusterIndex {
    let wanted = Species.served(options)
    return try indexes.value(for: Key(version: snapshot.version, options: wanted)) {
      () throws(InvalidInput) -> ClusterIndex in
      indexes.removeAll { $0.version < snapshot.version }
      var index = try cache(for: snapshot.base).index(for: wanted)
      Self.apply(snapshot.delta, to: &index)
      return index
    }
  }

  /// The index cache over `base`: the last one made when it is over the same base, else a new one
  /// (the server's own index built now), which replaces it. Called only while making an index
  /// (one at a time).
  private func cache(for base: MirrorBase) throws(InvalidInput) -> ClusterIndexCache {
    if let known = bases.withLock({ $0?.base === base ? $0?.cache : nil }) { return known }
    let cache = try ClusterIndexCache(pins: base.index.pins, options: defaults)
    bases.withLock { $0 = (base, cache) }
    return cache
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
