import PetSpotGeo

/// The answer to `GET /clusters`: the cluster result for the camera as the `cluster` command
/// prints it (`zoom`, `level`, `items`), then `transitions` when `previous` was given, and the
/// request's `token`. `indexFor` gives the (unfiltered) index for a set of options, or `nil` when
/// it is not made yet (then the answer is `nil` too).
enum ClustersAnswer {
  static func body(
    _ query: ClustersQuery, defaults: ClusterOptions,
    indexFor: (ClusterOptions) throws(InvalidInput) -> ClusterIndex?
  ) throws(InvalidInput) -> [UInt8]? {
    guard let index = try indexFor(query.options)?.filtered(by: query.filter) else { return nil }
    let result = index.items(in: CameraView(query.camera))
    var transitions: [ClusterTransition]?
    if let previous = query.previous {
      let (camera, options, filter) = try ClustersQuery.read(previous.fields, defaults: defaults)
      guard let earlierIndex = try indexFor(options)?.filtered(by: filter) else { return nil }
      let earlier = earlierIndex.items(in: CameraView(camera))
      transitions = index.transitions(from: earlier, of: earlierIndex, to: result)
    }
    return ClusterOutput.jsonBytes(
      result, index: index, withLeaves: false, transitions: transitions, token: query.token.encoded
    ).bytes
  }
}
