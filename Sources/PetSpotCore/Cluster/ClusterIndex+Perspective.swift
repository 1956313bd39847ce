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
  /// 2. **Repair.** The other items are merged greedily on screen (Z order of their drawn pins: a
  ///    seed takes every later item closer than minSeparation), so every two are minSeparation
  ///    apart and a merged cluster's leaves stay within d + 3d = 4 × minSeparation of it.
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
  /// Per node reached: its leaf box against the quadrilateral (half-planes, one world copy for
  /// narrow views), then — when it is in front of the camera — its screen point and local scale
  /// from one evaluation of H, its leaf box's corners only when its level is fine enough there.
  private func perspectiveCut(
    view: CameraView, projection: ViewProjection, window: VisibilityWindow, test: QuadLeafTest
  ) -> [CutNode] {
    let d = options.minSeparation
    // Leaf boxes compared on screen by squared radius.
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
    var stack: [(ref: UInt32, inside: Bool)] = []
    stack.reserveCapacity(roots.count + 128)
    for root in roots.reversed() { stack.append((heads[Int(root)], false)) }
    var scratch: [UInt32] = []
    while let (ref, inside) = stack.popLast() {
      guard Self.isCluster(ref) else {
        let p = point(ref)
        guard inside || window.contains(x: p.x, y: p.y), isShown(ref) else { continue }
        let (dx, dy) = offset(of: p)
        let frame = projection.frame(dx: dx, dy: dy)
        out.append(CutNode(ref: ref, point: frame.point, isFine: levels.reachesMaxZoom(at: frame), pin: ref))
        continue
      }
      let c = cluster(ref)
      let extent = c.extent  // (decoded once)
      let overlap = inside ? .inside : test.classify(x: c.x, y: c.y, extent: extent)
      if overlap == .outside || !holdsShown(ref) { continue }
      let (dx, dy) = offset(of: c.point)
      if projection.depth(dx: dx, dy: dy) > 0 {
        let frame = projection.frame(dx: dx, dy: dy)
        if levels.isFineEnough(level: Int(c.level), at: frame),
          let radius2 = Self.squaredScreenRadius(
            of: extent, dx: dx, dy: dy, projection: projection, around: frame.point),
          radius2 <= maxRadius2
        {
          if (overlap == .inside || window.contains(x: c.x, y: c.y)) && isShown(c.seed) {
            out.append(CutNode(ref: ref, point: frame.point, isFine: false, pin: c.seed))
            continue
          }
          // Drawn out of view (invariant 6) or at a pin the filter hides: at a shown visible leaf
          // when its leaves lie within 1.5 × minSeparation (then within 3 × minSeparation of that
          // leaf) and its level is fine enough there too, else its children.
          // Under a filter, a node wholly in view may also be drawn at its category run's shown
          // leaf when every corner of its leaf box lies within 3 × minSeparation of it.
          let representative = overlap == .inside ? shownLeafInside(ref, test: nil) : nil
          let compact = radius2 <= compactRadius2
          if compact || representative != nil {
            guard let pin = representative ?? visibleLeaf(of: ref, in: window, test: test, stack: &scratch)
            else { continue }
            let (px, py) = offset(of: point(pin))
            let leaf = projection.frame(dx: px, dy: py)
            if levels.isFineEnough(level: Int(c.level), at: leaf),
              compact
                || (Self.squaredScreenRadius(of: extent, dx: dx, dy: dy, projection: projection, around: leaf.point)
                  ?? .infinity) <= maxRadius2
            {
              out.append(CutNode(ref: ref, point: leaf.point, isFine: false, pin: pin))
              continue
            }
          }
        }
      }
      // Too coarse here, too wide on screen, or drawn out of view: its children.
      let start = Int(c.memberStart)
      for k in stride(from: start + Int(c.memberCount) - 1, through: start, by: -1) {
        stack.append((heads[Int(members[k])], overlap == .inside))
      }
      stack.append((c.up, overlap == .inside))
    }
    return out
  }

  /// The square of the largest screen distance from `centre` to a corner of the leaf box `e` of a
  /// cluster drawn at offset (dx, dy) from the origin (the image of the box is the convex hull of
  /// its corners' images), or `nil` when part of the box is not in front of the camera.
  @inline(__always)
  private static func squaredScreenRadius(
    of e: LeafExtent, dx: Double, dy: Double, projection: ViewProjection, around centre: ScreenPoint
  ) -> Double? {
    var farthest = 0.0
    @inline(__always)
    func reaches(_ ex: Double, _ ey: Double) -> Bool {
      let (cx, cy) = (dx + ex, dy + ey)
      let w = projection.depth(dx: cx, dy: cy)
      guard w > 0 else { return false }
      // One division: the corner's image need not round as ``ViewProjection/screenPoint(dx:dy:)``.
      let inverse = 1 / w
      let (x, y) = projection.homogeneousPoint(dx: cx, dy: cy)
      farthest = max(farthest, squaredDistance(ScreenPoint(x: x * inverse, y: y * inverse), centre))
      return true
    }
    guard reaches(e.minX, e.minY), reaches(e.maxX, e.minY), reaches(e.maxX, e.maxY), reaches(e.minX, e.maxY)
    else { return nil }
    return farthest.isFinite ? farthest : nil
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
