import PetSpotGeo
import Synchronization

/// The cluster indexes a server on a pins file answers `/clusters` from: the one for its own
/// options, built at start, and up to ``capacity`` − 1 more for other `minSeparation`/`maxZoom`
/// pairs, built on first request (about half a second at a million pins) and dropped least
/// recently used first. Builds run one at a time, so a burst of new option pairs costs CPU one
/// index after another and memory for at most ``capacity`` indexes.
///
/// Every index is filterable and counts species per cluster (``Species``), so neither `status` nor
/// `species` ever rebuilds.
/// Thread-safe: queries read an immutable index value.
final class ClusterIndexCache: Sendable {
  /// The most indexes kept (the server's own included).
  static let capacity = 4

  private let pins: PinSet
  /// The server's own options (filterable), never evicted.
  let defaults: ClusterOptions
  private let standing: ClusterIndex
  /// The other indexes, most recently used last.
  private let others = Mutex<[(options: ClusterOptions, index: ClusterIndex)]>([])
  /// Held while building, so that builds never overlap.
  private let building = Mutex<Void>(())

  /// Builds the index for `options` (made filterable).
  /// - Throws: ``InvalidInput`` for invalid options.
  init(pins: PinSet, options: ClusterOptions) throws(InvalidInput) {
    var pins = pins
    Species.prepare(&pins)
    self.pins = pins
    defaults = Species.served(options)
    standing = try ClusterIndex(pins: pins, options: defaults)
  }

  /// The index for `options` (validated; made filterable, species counted), built when not kept.
  func index(for options: ClusterOptions) throws(InvalidInput) -> ClusterIndex {
    let wanted = Species.served(options)
    if wanted == defaults { return standing }
    if let kept = lookUp(wanted) { return kept }
    return try building.withLock { _ throws(InvalidInput) -> ClusterIndex in
      if let kept = lookUp(wanted) { return kept }  // built while this request waited
      let index = try ClusterIndex(pins: pins, options: wanted)
      others.withLock { list in
        list.append((wanted, index))
        if list.count >= Self.capacity { list.removeFirst() }
      }
      return index
    }
  }

  /// A kept index, marked most recently used.
  private func lookUp(_ options: ClusterOptions) -> ClusterIndex? {
    others.withLock { list in
      guard let at = list.firstIndex(where: { $0.options == options }) else { return nil }
      let entry = list.remove(at: at)
      list.append(entry)
      return entry.index
    }
  }
}
