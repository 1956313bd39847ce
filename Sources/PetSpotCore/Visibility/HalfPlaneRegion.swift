/// A convex view region as the index traversal sees it, in one world copy: four half-planes
/// a·dx + b·dy ≤ c in offsets (dx, dy) from a centre, and the region's bounding box. A flat
/// view's rotated rectangle and a tilted view's quadrilateral take the same form.
///
/// A box is classified by each edge's extremes over its corners, and a box on the region's
/// border also says which edges cross it: its pins are tested against those edges only. Rounding
/// is monotone, so a box wholly inside an edge's half-plane has each of its points inside too as
/// that point's own test computes it: the traversal and the pin tests never disagree.
package struct HalfPlaneRegion {
  /// One edge: inside when a·dx + b·dy ≤ c.
  package struct Edge {
    var a: Double, b: Double, c: Double

    @inline(__always)
    package func holds(_ dx: Double, _ dy: Double) -> Bool { a * dx + b * dy <= c }
  }

  /// The centre the offsets are taken from, Mercator units (shifted by −k for world copy k).
  package let centerX: Double, centerY: Double
  package let edges: (Edge, Edge, Edge, Edge)
  /// The region's bounding box, offsets from the centre.
  let minDX: Double, maxDX: Double, minDY: Double, maxDY: Double

  /// A flat view's rectangle (grown by the window's padding), shifted by −shift worlds:
  /// |dx·cos θ + dy·sin θ| ≤ H₁ and |dx·sin θ − dy·cos θ| ≤ H₂.
  package init(window: VisibilityWindow, shift: Double) {
    let (c, s) = (window.rotation.cos, window.rotation.sin)
    let (h1, h2) = (window.halfWidth, window.halfHeight)
    centerX = window.centerX - shift
    centerY = window.centerY
    edges = (Edge(a: c, b: s, c: h1), Edge(a: -c, b: -s, c: h1), Edge(a: s, b: -c, c: h2), Edge(a: -s, b: c, c: h2))
    let extY = h1 * abs(s) + h2 * abs(c)
    (minDX, maxDX, minDY, maxDY) = (-window.halfExtentX, window.halfExtentX, -extY, extY)
  }

  /// A tilted view's quadrilateral, shifted by −shift worlds: inside every edge p → q (screen
  /// order), ex·(dy − py) − ey·(dx − px) ≥ 0, that is ey·dx − ex·dy ≤ ey·px − ex·py.
  package init(quad: QuadWindow, shift: Double) {
    centerX = quad.centerX - shift
    centerY = quad.centerY
    let (vx, vy) = (quad.vx, quad.vy)
    func edge(_ i: Int) -> Edge {
      let j = (i + 1) & 3
      let (ex, ey) = (vx[j] - vx[i], vy[j] - vy[i])
      return Edge(a: ey, b: -ex, c: ey * vx[i] - ex * vy[i])
    }
    edges = (edge(0), edge(1), edge(2), edge(3))
    (minDX, maxDX) = (vx.min(), vx.max())
    (minDY, maxDY) = (vy.min(), vy.max())
  }

  /// How the box [x0, x1] × [y0, y1] (Mercator) lies against the region, and for a partial box
  /// the edges crossing it (bit i: edge i; 0 when inside or outside).
  @inline(__always)
  package func classify(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (overlap: Overlap, crossing: UInt8) {
    classify(offsets: x0 - centerX, y0 - centerY, x1 - centerX, y1 - centerY)
  }

  /// The same for a box given by its offsets from the centre, [dx0, dx1] × [dy0, dy1].
  @inline(__always)
  func classify(offsets dx0: Double, _ dy0: Double, _ dx1: Double, _ dy1: Double) -> (
    overlap: Overlap, crossing: UInt8
  ) {
    classify(offsets: dx0, dy0, dx1, dy1, testing: 0b1111)
  }

  /// The same, testing only the edges in `mask` (bit i: edge i): for a box whose points are
  /// known to lie inside the other edges' half-planes (a traversal's child, inside every edge its
  /// parent's box was inside), so the other edges could only report what is already known. The
  /// bounding box is still tested (it finds boxes off a corner that no single edge excludes).
  @inline(__always)
  package func classify(offsets dx0: Double, _ dy0: Double, _ dx1: Double, _ dy1: Double, testing mask: UInt8) -> (
    overlap: Overlap, crossing: UInt8
  ) {
    if dx1 < minDX || dx0 > maxDX || dy1 < minDY || dy0 > maxDY { return (.outside, 0) }
    var crossing: UInt8 = 0
    var outside = false
    @inline(__always)
    func check(_ e: Edge, _ bit: UInt8) {
      guard mask & bit != 0 else { return }
      let (ax0, ax1) = (e.a * dx0, e.a * dx1)
      let (by0, by1) = (e.b * dy0, e.b * dy1)
      // The edge function's least and greatest values over the box's corners.
      outside = outside || min(ax0, ax1) + min(by0, by1) > e.c
      if max(ax0, ax1) + max(by0, by1) > e.c { crossing |= bit }
    }
    check(edges.0, 1)
    check(edges.1, 2)
    check(edges.2, 4)
    check(edges.3, 8)
    if outside { return (.outside, 0) }
    return crossing == 0 ? (.inside, 0) : (.partial, crossing)
  }

  /// Whether the point (x, y) lies in the region (this copy only).
  @inline(__always)
  package func contains(_ x: Double, _ y: Double) -> Bool {
    let (dx, dy) = (x - centerX, y - centerY)
    return edges.0.holds(dx, dy) && edges.1.holds(dx, dy) && edges.2.holds(dx, dy) && edges.3.holds(dx, dy)
  }

  /// Appends to `out` (from `count` on) the positions of the pins in `slots` that lie in the
  /// region, given the edges crossing their box: one compare per crossed edge and no branch per
  /// pin (a position is written, then kept or overwritten). `out` must have room for every slot.
  @inline(__always)
  func select(
    _ slots: Range<Int>, crossing: UInt8, points: UnsafeBufferPointer<MercatorPoint>,
    positions: UnsafeBufferPointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: inout Int
  ) {
    var n = count
    if crossing.nonzeroBitCount == 1 {
      let e =
        crossing == 1 ? edges.0 : crossing == 2 ? edges.1 : crossing == 4 ? edges.2 : edges.3
      for j in slots {
        out[n] = positions[j]
        n &+= e.holds(points[j].x - centerX, points[j].y - centerY) ? 1 : 0
      }
    } else {
      for j in slots {
        out[n] = positions[j]
        let (dx, dy) = (points[j].x - centerX, points[j].y - centerY)
        // Four compares combined without branches.
        n &+=
          (edges.0.holds(dx, dy) ? 1 : 0) & (edges.1.holds(dx, dy) ? 1 : 0) & (edges.2.holds(dx, dy) ? 1 : 0)
          & (edges.3.holds(dx, dy) ? 1 : 0)
      }
    }
    count = n
  }
}
