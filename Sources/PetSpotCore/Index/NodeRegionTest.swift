/// A query region as the index traversal sees it, in one world copy: boxes classified, leaves tested.
protocol NodeRegionTest {
  /// How the box [x0, x1] × [y0, y1] (Mercator) lies against the region.
  func classify(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Overlap
  /// Whether the point (x, y) lies in the region (this copy only).
  func contains(_ x: Double, _ y: Double) -> Bool
}

/// A flat view's rotated rectangle, shifted by −shift worlds.
struct RectangleNodeTest: NodeRegionTest {
  let c: Double, s: Double, h1: Double, h2: Double, cx: Double, cy: Double, extX: Double, extY: Double

  init(window: VisibilityWindow, shift: Double) {
    c = window.rotation.cos
    s = window.rotation.sin
    h1 = window.halfWidth
    h2 = window.halfHeight
    cx = window.centerX - shift
    cy = window.centerY
    extX = window.halfExtentX
    extY = h1 * abs(s) + h2 * abs(c)
  }

  @inline(__always)
  func classify(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Overlap {
    // Separating axes: the Mercator axes (bounding boxes), then screen right and screen up.
    if x1 < cx - extX || x0 > cx + extX || y1 < cy - extY || y0 > cy + extY { return .outside }
    // View coordinates are linear: the corners' extremes come from the x and y ends separately.
    let ax0 = (x0 - cx) * c
    let ax1 = (x1 - cx) * c
    let ay0 = (y0 - cy) * s
    let ay1 = (y1 - cy) * s
    let bx0 = (x0 - cx) * s
    let bx1 = (x1 - cx) * s
    let by0 = -(y0 - cy) * c
    let by1 = -(y1 - cy) * c
    let minA = min(ax0, ax1) + min(ay0, ay1)
    let maxA = max(ax0, ax1) + max(ay0, ay1)
    let minB = min(bx0, bx1) + min(by0, by1)
    let maxB = max(bx0, bx1) + max(by0, by1)
    if maxA < -h1 || minA > h1 || maxB < -h2 || minB > h2 { return .outside }
    if minA >= -h1 && maxA <= h1 && minB >= -h2 && maxB <= h2 { return .inside }
    return .partial
  }

  @inline(__always)
  func contains(_ x: Double, _ y: Double) -> Bool {
    let dx = x - cx
    let dy = y - cy
    return abs(dx * c + dy * s) <= h1 && abs(dx * s - dy * c) <= h2
  }
}

/// A tilted view's quadrilateral, shifted by −shift worlds.
struct QuadNodeTest: NodeRegionTest {
  let quad: QuadWindow
  let cx: Double

  init(quad: QuadWindow, shift: Double) {
    self.quad = quad
    cx = quad.centerX - shift
  }

  @inline(__always)
  func classify(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Overlap {
    quad.classify(x0: x0 - cx, y0: y0 - quad.centerY, x1: x1 - cx, y1: y1 - quad.centerY)
  }

  @inline(__always)
  func contains(_ x: Double, _ y: Double) -> Bool {
    guard y >= quad.minY && y <= quad.maxY else { return false }
    let (lo, hi) = quad.interval(dy: y - quad.centerY)
    let dx = x - cx
    return dx >= lo && dx <= hi
  }
}
