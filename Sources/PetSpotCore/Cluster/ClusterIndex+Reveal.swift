/// Where a pin is on the map now, and the camera that shows it on its own ("open this pin from a
/// notification").
public struct PinReveal: Hashable, Sendable {
  /// The index in the result of the item holding the pin — the pin itself, its spider leg or the
  /// cluster it is inside — or `nil` when the result does not show it (out of view).
  public var item: Int?
  /// The smallest zoom level at which the pin is an item of its own (a pin, or a spider leg at
  /// maxZoom): its finest cluster's expansion zoom, or the level where it stops being absorbed.
  public var level: Int
  /// A camera centred on the pin with the viewport, heading, pitch and field of view of the camera
  /// it was revealed from, at zoom ``level`` + ``ClusterIndex/tapZoomMargin`` (higher only when
  /// the query there still did not show the pin on its own: under a pitch, near the edge of a small
  /// viewport).
  public var camera: Camera
  /// Whether a query at ``camera`` shows the pin as its own item or spider leg (checked). `false`
  /// only when no zoom does: a viewport too small to hold its spider makes it a stack.
  public var isShownAlone: Bool
}

extension ClusterIndex {
  /// Where the pin at `position` (in ``pins``) is in `result` (a query of this index) and the
  /// camera that shows it on its own, keeping `camera`'s viewport, heading, pitch and field of
  /// view. `nil` for a pin that is not clustered (off the map, retired), hidden by the filter, or a
  /// position out of range.
  ///
  /// - Complexity: O(depth of the hierarchy + the result's items) to find the item (as
  ///   ``transitions(from:of:to:)`` does), plus at most a few queries to check the camera.
  public func reveal(position: Int, in result: ClusterResult, from camera: Camera) -> PinReveal? {
    guard position >= 0, position < tops.count, tops[position] != Self.notAnItem, isShown(UInt32(position)) else {
      return nil
    }
    let pin = UInt32(position)
    let item = holder(of: pin, among: ItemNodes(result, index: self))?.item
    let level = ownLevel(of: pin)
    var zoom = Double(level)
    var reveal: PinReveal?
    // The level is exact for flat cameras; under a pitch (or near the edge of a viewport smaller
    // than a few separations) the on-screen repair may still merge it: one level more each time.
    for _ in 0...(options.maxZoom - min(level, options.maxZoom) + 2) {
      guard
        let candidate = try? Self.camera(
          centeredOn: point(pin), scale: ClusterOptions.levelScale(0) * Double.exp2(zoom + Self.tapZoomMargin),
          like: camera)
      else { break }
      let shown = items(in: CameraView(candidate)).items.contains {
        $0.cluster == nil && $0.position == position
      }
      reveal = PinReveal(item: item, level: level, camera: candidate, isShownAlone: shown)
      if shown { break }
      zoom += 1
    }
    return reveal
  }

  /// The smallest level at which `pin` is an item of its own: above its finest cluster's level,
  /// and at or above the level where it stops being absorbed. Under a filter: above the finest
  /// cluster holding it and another shown pin.
  func ownLevel(of pin: UInt32) -> Int {
    if activeFilter != nil {
      let holder = clustersHolding(pin).first { shownCount($0 | Self.clusterFlag) >= 2 }
      return holder.map { min(Int(clusters[Int($0)].level) + 1, options.maxZoom) } ?? 0
    }
    var level = Int(tops[Int(pin)])
    var ref = heads[Int(pin)]
    while Self.isCluster(ref) {
      let c = cluster(ref)
      level = max(level, Int(c.level) + 1)
      ref = c.up
    }
    return min(level, options.maxZoom)
  }
}
