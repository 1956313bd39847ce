import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Screen cell grid: the nearest item within a radius, as brute force finds it")
struct ScreenCellGridTests {
  /// The nearest of `points` strictly closer than `radius` to `p`, the lower index on a tie.
  private func bruteNearest(_ points: [ScreenPoint], to p: ScreenPoint, within radius: Double) -> Int? {
    var best: (index: Int, d2: Double)?
    for (i, q) in points.enumerated() {
      let d2 = (q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)
      guard d2 < radius * radius else { continue }
      if let b = best, d2 >= b.d2 { continue }
      best = (i, d2)
    }
    return best?.index
  }

  @Test(
    "random points and queries: every size, reach and viewport shape, radii to 2.5 × the reach, points just outside, duplicates, NaN",
    arguments: [0, 1, 2, 7, 60, 300, 2_000])
  func matchesBruteForce(count: Int) {
    var random = SeededRandom(seed: UInt64(count) &+ 41)
    for (width, height, reach) in [
      (390.0, 844.0, 44.0), (1280.0, 800.0, 60.0), (1280.0, 800.0, 0.5), (5.0, 3.0, 60.0), (100_000.0, 2.0, 1.0),
      (1.0, 1.0, 1e-9),
    ] {
      var points = (0..<count).map { _ in
        ScreenPoint(x: random.uniform(-1e-9...(width + 1e-9)), y: random.uniform(-1e-9...(height + 1e-9)))
      }
      // Duplicates (the tie rule) and a point with a NaN coordinate (never anyone's nearest).
      if count > 2 {
        points[count - 1] = points[0]
        points[count / 2] = ScreenPoint(x: .nan, y: random.uniform(0...height))
      }
      // Half the points first, queries, then the rest one by one with a query after each:
      // every answer is among the points added so far. Capacity below the count too.
      var grid = ScreenCellGrid(viewport: (width, height), reach: reach, capacity: count / 2 + 1)
      for p in points[..<(count / 2)] { grid.add(p) }
      for k in 0..<(400 + count - count / 2) {
        if k >= 400 { grid.add(points[count / 2 + k - 400]) }
        let added = Array(points[..<grid.count])
        let p =
          k < added.count && k % 3 == 0
          ? added[k] : ScreenPoint(x: random.uniform(0...width), y: random.uniform(0...height))
        let radius = reach * [1, 0.5, 1e-3, 2, 2.5][k % 5]
        let found = grid.nearest(to: p, within: radius)
        let expected = bruteNearest(added, to: p, within: radius)
        #expect(found?.index == expected, "count \(count), viewport \(width) × \(height), reach \(reach), query \(k)")
        if let found, let expected {
          let (dx, dy) = (added[expected].x - p.x, added[expected].y - p.y)
          #expect(found.d2 == dx * dx + dy * dy)
          #expect(grid.point(found.index) == added[found.index])
        }
      }
    }
  }

  @Test(
    "a grid on the stack, points added in bulk then one by one: past the stack's room, past the capacity and threaded, as brute force",
    arguments: [0, 1, 20, 32, 33, 70])
  func stackGridAndBulkAdd(count: Int) {
    var random = SeededRandom(seed: UInt64(count) &+ 613)
    let (width, height, reach) = (1280.0, 800.0, 120.0)
    let points = (0..<count).map { _ in ScreenPoint(x: random.uniform(0...width), y: random.uniform(0...height)) }
    for capacity in [1, count, 100] {
      for bulk in Set([0, count / 2, count]) {
        ScreenCellGrid.withGrid(viewport: (width, height), reach: reach, capacity: capacity) { grid in
          grid.add(bulk) { points[$0] }
          #expect(grid.count == bulk)
          for k in bulk..<count {
            grid.add(points[k])
            let p = ScreenPoint(x: random.uniform(0...width), y: random.uniform(0...height))
            let added = Array(points[..<grid.count])
            #expect(
              grid.nearest(to: p, within: reach / 2)?.index == bruteNearest(added, to: p, within: reach / 2),
              "count \(count), capacity \(capacity), bulk \(bulk), after \(k + 1)")
          }
          #expect(
            (0..<grid.count).map { grid.point($0) } == points, "count \(count), capacity \(capacity), bulk \(bulk)")
          // Bulk again once threaded (or past the room): one by one, same answers.
          grid.add(count) { points[$0] }
          #expect(grid.count == 2 * count)
          for p in points.prefix(10) {
            #expect(grid.nearest(to: p, within: 1)?.index == bruteNearest(points, to: p, within: 1))
          }
        }
      }
    }
  }

  @Test(
    "the greedy pass: each point taken by the first earlier seed closer than the radius, as brute force",
    arguments: [0, 1, 2, 9, 191, 1_500])
  func greedySeeds(count: Int) {
    var random = SeededRandom(seed: UInt64(count) &+ 907)
    for (width, height, reach) in [(1280.0, 800.0, 60.0), (390.0, 844.0, 44.0), (50.0, 50.0, 60.0)] {
      var points = (0..<count).map { _ in ScreenPoint(x: random.uniform(0...width), y: random.uniform(0...height)) }
      if count > 3 { points[count - 1] = points[1] }  // coincident: taken by the earlier
      var grid = ScreenCellGrid(viewport: (width, height), reach: reach, capacity: count)
      for p in points { grid.add(p) }
      // Brute force: seeds in order, each taking every later untaken point closer than the reach.
      var expected = [Int32](repeating: -1, count: count)
      for i in 0..<count where expected[i] < 0 {
        expected[i] = Int32(i)
        for j in (i + 1)..<max(count, i + 1) where expected[j] < 0 {
          let (dx, dy) = (points[j].x - points[i].x, points[j].y - points[i].y)
          if dx * dx + dy * dy < reach * reach { expected[j] = Int32(i) }
        }
      }
      #expect(grid.greedySeeds(closerThan: reach) == expected, "count \(count), viewport \(width) × \(height)")
    }
  }
}
