import PetSpotCore
import PetSpotTestSupport
import Testing

/// A pass groups its items into the cells of one depth by comparing each item with the previous
/// item's cell bounds: the groups must be those of each item's column and row worked out alone.
@Suite("Clustering: a level's items grouped into cells")
struct MortonCellsTests {
  /// The column (or row) of `v` at `depth`, written plainly: ⌊v · 2^depth⌋ within the grid.
  private func reference(_ v: Double, depth: Int) -> UInt64 {
    let side = Double(UInt64(1) << UInt64(depth))
    return UInt64(min(max((v * side).rounded(.down), 0), side - 1))
  }

  @Test("random points and points on cell edges, at every depth, equal the plain grouping")
  func groupsAsPlainCells() {
    var random = SeededRandom(seed: 0xCE11)
    for depth in 0...31 {
      let side = Double(UInt64(1) << UInt64(depth))
      // On an edge, just before it, inside; the map's edges (x = 1 is the antimeridian, in the
      // last column), below 0 (-0.0).
      let coordinate = { (r: inout SeededRandom) -> Double in
        let edge = (Double(r.next() % UInt64(side)) + Double(r.next() % 2)) / side
        switch r.next() % 5 {
        case 0: return edge
        case 1: return edge.nextDown
        case 2: return [0, 1, -0.0, (1 as Double).nextDown][Int(r.next() % 4)]
        default: return Double.random(in: 0...1, using: &r)
        }
      }
      let points = (0..<2_000).map { _ in (x: coordinate(&random), y: coordinate(&random)) }
      let code = { (p: (x: Double, y: Double)) in
        ReferenceMorton.interleave(column: reference(p.x, depth: depth), row: reference(p.y, depth: depth))
      }
      // In Z order at the depth (the cells' runs); ties in any order.
      let sorted = points.sorted { code($0) < code($1) }
      let items = sorted.enumerated().map { LevelItem(x: $1.x, y: $1.y, node: UInt32($0), slot: UInt32($0)) }
      let cells = items.withUnsafeBufferPointer { MortonCells(sortedPoints: $0, depth: depth) }
      var expectedCodes: [UInt64] = []
      var expectedStarts: [UInt32] = []
      for (i, point) in sorted.enumerated() where expectedCodes.last != code(point) {
        expectedCodes.append(code(point))
        expectedStarts.append(UInt32(i))
      }
      expectedStarts.append(UInt32(sorted.count))
      #expect(cells.codes == expectedCodes, "depth \(depth)")
      #expect(cells.starts == expectedStarts, "depth \(depth)")
    }
  }

  @Test("no items, one item")
  func smallLevels() {
    let none = [LevelItem]().withUnsafeBufferPointer { MortonCells(sortedPoints: $0, depth: 12) }
    #expect(none.codes.isEmpty && none.starts == [0])
    let one = [LevelItem(x: 1, y: 1, node: 0, slot: 0)].withUnsafeBufferPointer {
      MortonCells(sortedPoints: $0, depth: 3)
    }
    #expect(one.codes == [ReferenceMorton.interleave(column: 7, row: 7)] && one.starts == [0, 1])
  }
}
