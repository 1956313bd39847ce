/// Clustering under perspective (docs/clustering.md, "Tilted cameras"): the far part of a tilted
/// view shows more ground per point, so no single hierarchy level keeps the separation everywhere.
extension ClusterIndex {
  /// The display items of a tilted or corner-form view.
  ///
  /// 1. **Cut.** From the roots down, a cluster is drawn when the level its drawn point asks for
  ///    (``LocalLevels``: floor of log2(σ/256), σ the smaller singular value of H's Jacobian there,
  ///    and in the near half of the screen at least the flat camera's level) is not above its own
  ///    level and its leaf box spans at most 3 × minSeparation on screen around its drawn point;
  ///    otherwise its children are looked at. One drawn out of view (invariant 6) is drawn at a
  ///    visible leaf when its leaf box spans at most minSeparation, else its children are looked
  ///    at. Pins whose local level reaches maxZoom are "fine".
  /// 2. **Repair.** The other items are merged greedily on screen (in the cut's order: a seed
  ///    takes every later item closer than minSeparation), so every two are minSeparation apart
  ///    and a merged cluster's leaves stay within d + 3d = 4 × minSeparation of it.
  /// 3. **Fine pins** within minSeparation of a cluster join it; the rest are spiderfied on screen
  ///    as at maxZoom (``SpiderGroups/settle(width:height:)``: groups merged until their layouts
  ///    keep the separation, slid inside the viewport, stacked when they cannot be), and a spider
  ///    group whose layout comes closer than minSeparation to a cluster joins that cluster.
  func perspectiveItems(in view: CameraView) -> ClusterResult {
    let zoom = view.zoom
    let level = Int(clamping: zoom, to: 0...options.maxZoom, rounding: .down) ?? 0
    var result = ClusterResult(zoom: zoom, level: level, minSeparation: options.minSeparation, items: [])
    let window = VisibilityWindow(view: view)
    guard let quad = window.quad, let projection = view.projection else { return result }
    let cut = perspectiveCut(view: view, projection: projection, window: window, test: QuadLeafTest(quad: quad))
    result.items = repaired(cut, view: view)
    return result
  }

  /// A node of the cut: what it is, where it is drawn (at `pin`: its drawn pin, or a visible leaf
  /// when its drawn pin is out of view) and whether it is a fine pin.
  struct CutNode {
    var ref: UInt32
    var point: ScreenPoint
    var isFine: Bool
    var pin: UInt32
  }

  /// Step 1: the nodes to draw, each holding at least one visible pin.
  ///
  /// Depth first, children in Z order (the seed's node first). Per node reached: its leaf box
  /// against the quadrilateral's edges that crossed its parent's (half-planes, one world copy for
  /// narrow views; none below a node inside), then — when it is in front of the camera — its
  /// screen point and local scale from one evaluation of H, its leaf box's corners only when its
  /// level is fine enough there (compared without a division).
  private func perspectiveCut(
    view: CameraView, projection: ViewProjection, window: VisibilityWindow, test: QuadLeafTest
  ) -> [CutNode] {
    let d = options.minSeparation
    // Leaf boxes' reach compared on screen squared.
    let (maxRadius2, compactRadius2) = ((3 * d) * (3 * d), (1.5 * d) * (1.5 * d))
    let levels = LocalLevels(view: view, maxZoom: options.maxZoom)
    let oneCopy = view.showsOneCopy
    /// The offset of a Mercator point from the view's origin in the world copy it is drawn in.
    @inline(__always)
    func offset(of p: MercatorPoint) -> (Double, Double) {
      (
        oneCopy ? WorldCopy.nearestOffset(p.x - projection.origin.x) : view.drawnOffset(of: p),
        p.y - projection.origin.y
      )
    }
    var out: [CutNode] = []
    out.reserveCapacity(256)
    // Per node to look at, the quadrilateral's edges that may cross its leaves (0: inside).
    var stack: [(ref: UInt32, crossing: UInt8)] = []
    stack.reserveCapacity(roots.count + 128)
    for root in roots.reversed() { stack.append((heads[Int(root)], 0b1111)) }
    var scratch: [UInt32] = []
    // Without a filter every node holds a shown pin: tested once, not per node (the optional
    // filter is a reference: each look at it is a retain and a release).
    let filtered = activeFilter != nil
    while let (ref, parentCrossing) = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        guard parentCrossing == 0 || window.contains(x: p.x, y: p.y), !filtered || isShown(ref) else { continue }
        let (dx, dy) = offset(of: p)
        let frame = projection.frame(dx: dx, dy: dy)
        out.append(CutNode(ref: ref, point: frame.point, isFine: levels.reachesMaxZoom(at: frame), pin: ref))
        continue
      }
      let c = cluster(ref)
      let extent = c.extent  // (decoded once)
      let (overlap, crossing) =
        parentCrossing == 0
        ? (.inside, 0) : test.classify(x: c.x, y: c.y, extent: extent, crossing: parentCrossing)
      if overlap == .outside || (filtered && !holdsShown(ref)) { continue }
      let (dx, dy) = offset(of: c.point)
      if projection.depth(dx: dx, dy: dy) > 0 {
        let frame = projection.frame(dx: dx, dy: dy)
        let reach =
          levels.isFineEnough(level: Int(c.level), at: frame)
          ? Self.screenReach(
            of: extent, dx: dx, dy: dy, projection: projection, around: frame.point, compact: compactRadius2,
            within: maxRadius2) : .beyond
        if reach != .beyond {
          if (overlap == .inside || window.contains(x: c.x, y: c.y)) && (!filtered || isShown(c.seed)) {
            out.append(CutNode(ref: ref, point: frame.point, isFine: false, pin: c.seed))
            continue
          }
          // Drawn out of view (invariant 6) or at a pin the filter hides: at a shown visible leaf
          // when its leaves lie within 1.5 × minSeparation (then within 3 × minSeparation of that
          // leaf) and its level is fine enough there too, else its children.
          // Under a filter, a node wholly in view may also be drawn at its category run's shown
          // leaf when every corner of its leaf box lies within 3 × minSeparation of it.
          let representative = filtered && overlap == .inside ? shownLeafInside(ref) : nil
          let compact = reach == .compact
          if compact || representative != nil {
            guard let pin = representative ?? visibleLeaf(of: ref, in: window, test: test, stack: &scratch)
            else { continue }
            let (px, py) = offset(of: point(pin))
            let leaf = projection.frame(dx: px, dy: py)
            if levels.isFineEnough(level: Int(c.level), at: leaf),
              compact
                || Self.screenReach(
                  of: extent, dx: dx, dy: dy, projection: projection, around: leaf.point, compact: 0,
                  within: maxRadius2) != .beyond
            {
              out.append(CutNode(ref: ref, point: leaf.point, isFine: false, pin: pin))
              continue
            }
          }
        }
      }
      // Too coarse here, too wide on screen, or drawn out of view: its children.
      forEachChildLastFirst(of: c) { stack.append(($0, crossing)) }
    }
    return out
  }

  /// How far the image of a leaf box reaches on screen from a point: the box's image is the
  /// convex hull of its corners' images, so its farthest point is a corner.
  enum ScreenReach { case compact, within, beyond }

  /// How far the image of the leaf box `e` of a cluster drawn at offset (dx, dy) from the origin
  /// reaches from `centre`: every corner within √`compact` points (squared distances), within
  /// √`limit`, or `beyond` — also when part of the box is not in front of the camera.
  ///
  /// Without a division: a corner (X, Y, W) with W > 0 is within √t of c exactly when
  /// (X − c.x·W)² + (Y − c.y·W)² ≤ t·W² (the same comparison scaled by W², rounded once more).
  @inline(__always)
  private static func screenReach(
    of e: LeafExtent, dx: Double, dy: Double, projection: ViewProjection, around centre: ScreenPoint,
    compact: Double, within limit: Double
  ) -> ScreenReach {
    var isCompact = true
    @inline(__always)
    func reaches(_ ex: Double, _ ey: Double) -> Bool {
      let (cx, cy) = (dx + ex, dy + ey)
      let w = projection.depth(dx: cx, dy: cy)
      guard w > 0 else { return false }
      let (x, y) = projection.homogeneousPoint(dx: cx, dy: cy)
      let (ux, uy) = (x - centre.x * w, y - centre.y * w)
      let (q, w2) = (ux * ux + uy * uy, w * w)
      isCompact = isCompact && q <= compact * w2
      return q <= limit * w2  // (false for NaN)
    }
    guard reaches(e.minX, e.minY), reaches(e.maxX, e.minY), reaches(e.maxX, e.maxY), reaches(e.minX, e.maxY)
    else { return .beyond }
    return isCompact ? .compact : .within
  }
}

/// The level a tilted view asks for at a point: the level whose separation holds in every
/// direction there (⌊log2(σ/256)⌋, σ the smaller local scale), and in the near half of the screen
/// (y ≥ height/2) at least the flat camera's level, so that near the camera items are never
/// coarser than a flat camera of the same zoom would show them. Compared by scale, no logarithms
/// (and no square roots: ``ViewProjection/LocalFrame``).
struct LocalLevels {
  let flatLevel: Int
  let halfHeight: Double
  let maxZoom: Int

  init(view: CameraView, maxZoom: Int) {
    flatLevel = Int(clamping: view.zoom, to: 0...maxZoom, rounding: .down) ?? 0
    halfHeight = view.camera.height / 2
    self.maxZoom = maxZoom
  }

  /// Whether a cluster of `level` is fine enough at `frame`.
  @inline(__always)
  func isFineEnough(level: Int, at frame: ViewProjection.LocalFrame) -> Bool {
    if frame.point.y >= halfHeight && level < flatLevel { return false }
    return level >= maxZoom || frame.smallestScale(isBelow: Self.scale(ofLevel: level + 1))
  }

  /// Whether a pin at `frame` is shown at maxZoom or beyond (spiderfied, never clustered).
  @inline(__always)
  func reachesMaxZoom(at frame: ViewProjection.LocalFrame) -> Bool {
    (frame.point.y >= halfHeight && flatLevel >= maxZoom)
      || frame.smallestScale(isAtLeast: Self.scale(ofLevel: maxZoom))
  }

  /// ``ClusterOptions/levelScale(_:)`` (256 · 2^level), built from its bits: levels here lie in
  /// 0 ... maxZoom + 1.
  @inline(__always)
  static func scale(ofLevel level: Int) -> Double {
    Double(bitPattern: UInt64(truncatingIfNeeded: level + 8 + 1023) << 52)
  }
}
