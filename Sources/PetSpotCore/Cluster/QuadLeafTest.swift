/// The classification of clusters' leaf boxes (``LeafExtent``) against a tilted view's
/// quadrilateral (``QuadWindow``), in every world copy the quadrilateral reaches. Boxes that meet
/// more than three copies (views over a world wide) are partial unless outside.
struct QuadLeafTest: LeafRegionTest {
  let quad: QuadWindow

  @inline(__always)
  func classify(x: Double, y: Double, extent e: LeafExtent) -> Overlap {
    let y0 = y + e.minY - quad.centerY
    let y1 = y + e.maxY - quad.centerY
    let dx = WorldCopy.nearestOffset(x - quad.centerX)
    let (minX, maxX) = (dx + e.minX, dx + e.maxX)
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
      switch quad.classify(x0: minX + k, y0: y0, x1: maxX + k, y1: y1) {
      case .inside: return .inside
      case .partial: result = .partial
      case .outside: continue
      }
    }
    return result
  }
}
