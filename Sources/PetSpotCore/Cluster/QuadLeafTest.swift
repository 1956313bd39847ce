/// The classification of clusters' leaf boxes (``LeafExtent``) against a tilted view's
/// quadrilateral (``QuadWindow``, as half-planes: ``HalfPlaneRegion``), in every world copy the
/// quadrilateral reaches. Boxes that meet more than three copies (views over a world wide) are
/// partial unless outside.
struct QuadLeafTest: LeafRegionTest {
  let quad: QuadWindow
  /// The quadrilateral in the world copy of its centre (offsets from the centre).
  let region: HalfPlaneRegion
  /// Whether the quadrilateral lies within half a world of its centre: a box within half a world
  /// of the centre then meets it in its nearest copy only.
  let isNarrow: Bool

  init(quad: QuadWindow) {
    self.quad = quad
    region = HalfPlaneRegion(quad: quad, shift: 0)
    isNarrow = quad.halfExtentX < 0.5
  }

  @inline(__always)
  func classify(x: Double, y: Double, extent e: LeafExtent) -> Overlap {
    classify(x: x, y: y, extent: e, crossing: 0b1111).overlap
  }

  /// ``classify(x:y:extent:)`` for a cluster whose leaves lie inside every edge's half-plane but
  /// those in `crossing` (bit i: edge i; its parent's ``classify(x:y:extent:crossing:)``
  /// answer, all four for a root), and the edges crossing its box in turn (all four when the box
  /// was not decided in copy 0 alone, none when it is inside). A child's leaves are among its
  /// parent's, so they are inside every edge the parent's box was inside — even where the child's
  /// rounded-out box pokes past one; the answer is exact for the leaves.
  @inline(__always)
  func classify(x: Double, y: Double, extent e: LeafExtent, crossing: UInt8) -> (overlap: Overlap, crossing: UInt8) {
    let y0 = y + e.minY - quad.centerY
    let y1 = y + e.maxY - quad.centerY
    let dx = WorldCopy.nearestOffset(x - quad.centerX)
    let (minX, maxX) = (dx + e.minX, dx + e.maxX)
    // Copy ±1 lies beyond ±½ of the centre, outside a narrow quadrilateral: copy 0 decides.
    if isNarrow && minX > -0.5 && maxX < 0.5 {
      return region.classify(offsets: minX, y0, maxX, y1, testing: crossing)
    }
    let overlap = classifyCopies(minX: minX, maxX: maxX, y0: y0, y1: y1)
    return (overlap, overlap == .partial ? 0b1111 : 0)
  }

  /// ``classify(x:y:extent:)`` in every copy the box can meet (a box reaching past ±½ of a narrow
  /// quadrilateral's centre, or any box of a wide one): out of line, so that the common case
  /// above stays small enough to inline.
  @inline(never)
  private func classifyCopies(minX: Double, maxX: Double, y0: Double, y1: Double) -> Overlap {
    let ext = quad.halfExtentX
    // Copies k with [minX + k, maxX + k] meeting [−ext, ext] (whole numbers, kept as Double).
    let first = (-ext - maxX).rounded(.up)
    let last = (ext - minX).rounded(.down)
    guard first <= last else { return first.isNaN || last.isNaN ? .partial : .outside }
    if last - first > 2 { return .partial }
    var result = Overlap.outside
    var k = first
    while k <= last {
      defer { k += 1 }
      switch region.classify(offsets: minX + k, y0, maxX + k, y1).overlap {
      case .inside: return .inside
      case .partial: result = .partial
      case .outside: continue
      }
    }
    return result
  }
}
