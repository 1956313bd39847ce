/// The classification of clusters' leaf boxes (``LeafExtent``) against one view, with everything
/// that depends only on the view computed once per query.
///
/// Separating axes: the Mercator axes, then (for a rotated view) screen right and up, in the world
/// copies near the centre. A view whose rotation is a multiple of 90° is a Mercator-aligned box,
/// for which the screen axes repeat the Mercator ones; that case skips them (the decisions are
/// the same, bit for bit: the products are by 0 and ±1). Views wider than a world are partial
/// unless inside.
package struct LeafBoxTest: LeafRegionTest {
  /// The view centre, Mercator units.
  let centerX: Double, centerY: Double
  /// Half the view's extents along the Mercator axes, world widths.
  let extentX: Double, extentY: Double
  /// The rotation's cosine and sine, and the view's half width and height (world widths).
  let cos: Double, sin: Double, halfWidth: Double, halfHeight: Double
  /// Whether the rotation is a multiple of 90° (the fast path; tests turn it off to compare the
  /// two paths).
  package var isAxisAligned: Bool

  package init(window: VisibilityWindow) {
    centerX = window.centerX
    centerY = window.centerY
    cos = window.rotation.cos
    sin = window.rotation.sin
    halfWidth = window.halfWidth
    halfHeight = window.halfHeight
    extentX = window.halfExtentX
    extentY = halfWidth * abs(sin) + halfHeight * abs(cos)
    isAxisAligned = window.rotation.isAxisAligned
  }

  /// Classifies the leaf box `extent` of a cluster drawn at Mercator (x, y).
  @inline(__always)
  package func classify(x: Double, y: Double, extent e: LeafExtent) -> Overlap {
    let y0 = y + e.minY - centerY
    let y1 = y + e.maxY - centerY
    if y1 < -extentY || y0 > extentY { return .outside }
    let dx = WorldCopy.nearestOffset(nearby: x - centerX)
    let minX = e.minX
    let maxX = e.maxX
    // Beyond three copies (a view over a world wide) stay conservative.
    let wide = extentX + (e.maxX - e.minX) >= 1
    if isAxisAligned {
      let yInside = y0 >= -extentY && y1 <= extentY
      var result = Overlap.outside
      for shift in copies(dx: dx, minX: minX, maxX: maxX) {
        let x0 = dx + Double(shift) + minX
        let x1 = dx + Double(shift) + maxX
        if x1 < -extentX || x0 > extentX { continue }
        if yInside && x0 >= -extentX && x1 <= extentX { return .inside }
        result = .partial
      }
      return wide ? .partial : result
    }
    let c = cos
    let s = sin
    let h1 = halfWidth
    let h2 = halfHeight
    let ay0 = y0 * s
    let ay1 = y1 * s
    let by0 = -y0 * c
    let by1 = -y1 * c
    let minAY = min(ay0, ay1)
    let maxAY = max(ay0, ay1)
    let minBY = min(by0, by1)
    let maxBY = max(by0, by1)
    var result = Overlap.outside
    for shift in copies(dx: dx, minX: minX, maxX: maxX) {
      let x0 = dx + Double(shift) + minX
      let x1 = dx + Double(shift) + maxX
      if x1 < -extentX || x0 > extentX { continue }
      let ax0 = x0 * c
      let ax1 = x1 * c
      let bx0 = x0 * s
      let bx1 = x1 * s
      let minA = min(ax0, ax1) + minAY
      let maxA = max(ax0, ax1) + maxAY
      let minB = min(bx0, bx1) + minBY
      let maxB = max(bx0, bx1) + maxBY
      if maxA < -h1 || minA > h1 || maxB < -h2 || minB > h2 { continue }
      if minA >= -h1 && maxA <= h1 && minB >= -h2 && maxB <= h2 { return .inside }
      result = .partial
    }
    return wide ? .partial : result
  }

  /// The world copies worth testing: the one nearest the centre, and the one east (+1) or west
  /// (−1) only when the box reaches near the seam.
  @inline(__always)
  private func copies(dx: Double, minX: Double, maxX: Double) -> ClosedRange<Int> {
    let east = dx + minX + 1 <= extentX
    let west = dx + maxX - 1 >= -extentX
    return (west ? -1 : 0)...(east ? 1 : 0)
  }
}

/// A view's test of clusters' leaf boxes: where a cluster drawn at Mercator (x, y) with leaf box
/// `extent` lies against the view.
protocol LeafRegionTest {
  func classify(x: Double, y: Double, extent: LeafExtent) -> Overlap
}
