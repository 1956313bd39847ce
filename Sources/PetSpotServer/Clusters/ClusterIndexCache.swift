import PetSpotGeo

/// The cluster indexes a server on a pins file answers `/clusters` from: the one for its own
/// options, built at start, and up to ``capacity`` − 1 more for other `minSeparation`/`maxZoom`
/// pairs, built on first request (2–3 s at a million pins: every index is filterable) and dropped least
/// recently used first (``BuiltOnDemand``: builds run one at a time, so a burst of new option pairs
/// costs CPU one index after another and memory for at most ``capacity`` indexes). A build runs on
/// the server's ``ClusterBuildQueue``: the request that asked for it, and any other waiting for a
/// build, takes the build's time; other requests do not.
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
  /// The other indexes.
  private let others = BuiltOnDemand<ClusterOptions, ClusterIndex>(capacity: capacity - 1)

  /// Builds the index for `options` (made filterable).
  /// - Throws: ``InvalidInput`` for invalid options.
  init(pins: PinSet, options: ClusterOptions) throws(InvalidInput) {
    var pins = pins
    Species.prepare(&pins)
    self.pins = pins
    defaults = Species.served(options)
    standing = try ClusterIndex(pins: pins, options: defaults)
  }

  /// The index for `options` if it is made (the server's own, or a kept one), else `nil`: never
  /// builds, so a request's own thread may call it.
  func keptIndex(for options: ClusterOptions) -> ClusterIndex? {
    let wanted = Species.served(options)
    return wanted == defaults ? standing : others.keptValue(for: wanted)
  }

  /// The index for `options` (validated; made filterable, species counted), built when not kept
  /// (seconds at a million pins: call it on a ``ClusterBuildQueue``).
  func index(for options: ClusterOptions) throws(InvalidInput) -> ClusterIndex {
    let wanted = Species.served(options)
    if wanted == defaults { return standing }
    return try others.value(for: wanted) { () throws(InvalidInput) -> ClusterIndex in
      try ClusterIndex(pins: pins, options: wanted)
    }
  }
}
