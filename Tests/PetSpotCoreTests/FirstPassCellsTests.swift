import PetSpotCore
import PetSpotTestSupport
import Testing

/// The first greedy pass chooses its cells' depth from how many pins share an average pin's cell
/// (``CellSizes``), measured in passes over the sorted keys: the measure must be the cells'
/// sizes counted one by one, the choice the coarsest depth within the bound, and the hierarchy
/// the same whatever the choice (coarse cells also widen the pass's reach).
@Suite("Clustering: the first pass's cells")
struct FirstPassCellsTests {
  /// Sorted 62-bit keys: spread over the whole map, in a few small spots (shared high bits), and
  /// repeated.
  private func keys(_ random: inout SeededRandom, count: Int) -> [UInt64] {
    let spots = (0..<4).map { _ in random.next() & ((1 << 62) - 1) }
    return (0..<count).map { k -> UInt64 in
      switch k % 3 {
      case 0: return random.next() & ((1 << 62) - 1)
      case 1: return spots[k % 4] & ~((1 << 24) - 1) | random.next() % (1 << 24)
      default: return spots[k % 4]
      }
    }.sorted()
  }

  /// Σ (keys in a cell)² at `depth`, written plainly.
  private func squaredSizes(_ keys: ArraySlice<UInt64>, depth: Int) -> Int {
    Dictionary(grouping: keys) { $0 >> UInt64(2 * (31 - depth)) }.values.reduce(0) { $0 + $1.count * $1.count }
  }

  @Test("Σ (keys in a cell)² equals the cells' sizes counted one by one, at every depth")
  func squaredSizesAsCounted() {
    var random = SeededRandom(seed: 0xCE7C)
    for count in [0, 1, 2, 7, 1_000, 20_000] {
      let keys = keys(&random, count: count)
      for depth in 0...31 {
        #expect(
          CellSizes.squaredSizes(sortedKeys: keys[...], depth: depth) == squaredSizes(keys[...], depth: depth),
          "\(count) keys, depth \(depth)")
      }
    }
    // A slice counts only its own keys.
    let keys = keys(&random, count: 3_000)
    #expect(
      CellSizes.squaredSizes(sortedKeys: keys[1_000..<2_500], depth: 20) == squaredSizes(keys[1_000..<2_500], depth: 20)
    )
  }

  @Test("the chosen depth is the coarsest within the bound and the levels, down from the start")
  func coarsestWithinTheAverage() {
    var random = SeededRandom(seed: 0xC0A5)
    for count in [0, 1, 500, 20_000] {
      let keys = keys(&random, count: count)[...]
      for start in [0, 1, 6, 12, 14, 31] {
        for levels in [0, 3, 8, 40] {
          for average in [0, 1, 2, 24, 100, 1 << 40, Int.max] {
            // Written plainly: up while the next coarser depth's key-weighted size is at most
            // `average`, Σ n² / keys ≤ average (in Doubles: no product to overflow).
            var expected = start
            while expected > max(start - levels, 0)
              && Double(squaredSizes(keys, depth: expected - 1)) <= Double(average) * Double(count)
            {
              expected -= 1
            }
            #expect(
              CellSizes.coarsestDepth(sortedKeys: keys, from: start, levels: levels, averageAtMost: average)
                == expected,
              "\(count) keys from depth \(start), \(levels) levels, average \(average)")
          }
        }
      }
    }
  }

  @Test("the hierarchy does not depend on the first pass's cells", arguments: 0..<4)
  func sameHierarchyForAnyCells(round: Int) throws {
    var random = SeededRandom(seed: 0xF1C5 + UInt64(round))
    // Rounds 0 and 1: pins spread over the world (a seventh on the antimeridian, some at the
    // Mercator limit), which get coarser cells. Rounds 2 and 3: the awkward mix (a tight cluster,
    // duplicates, poles, off the map) and dense spots, which keep the reach's cells.
    var pins = PinSet()
    if round < 2 {
      for k in 0..<(3_000 + 2_000 * round) {
        let longitude = k % 7 == 0 ? (k % 2 == 0 ? 1 : -1) * random.uniform(179.99...180) : random.uniform(-180...180)
        let latitude = k % 50 == 0 ? random.uniform(85.05...85.0511) : random.uniform(-85...85)
        try pins.append(id: "w\(k)", latitude: latitude, longitude: longitude, status: .missing, sourceRow: k)
      }
    } else {
      pins = random.pinSet(count: 1_500 + 1_000 * round)
      for k in 0..<(800 * round) {
        let place = [(48.85, 2.35), (0.0, 179.999), (-0.01, -179.999), (85.0, 10.0), (-33.9, 151.2)][k % 5]
        try pins.append(
          id: "s\(k)", latitude: place.0 + random.uniform(-0.02...0.02),
          longitude: max(-180, min(180, place.1 + random.uniform(-0.02...0.02))), status: .found,
          sourceRow: pins.count)
      }
    }
    let keys = (0..<pins.count).filter { !pins.mercatorY[$0].isNaN }
      .map { ReferenceMorton.key(x: pins.mercatorX[$0], y: pins.mercatorY[$0]) }.sorted()
    let chosen = CellSizes.coarsestDepth(sortedKeys: keys[...], from: 14, levels: 8, averageAtMost: 24)
    #expect((chosen < 14) == (round < 2), "depth \(chosen) chosen")
    let options = ClusterOptions(minSeparation: [44, 60, 7, 300][round], maxZoom: [20, 16, 12, 9][round])
    // 0: the cells the reach needs (and its reach); 1 << 40: eight depths coarser (or the whole
    // map), and a reach widened to an eighth of their width.
    let reference = try ClusterIndex(pins: pins, options: options, parts: 1, firstPassCellItems: 0)
      .structureDescription()
    #expect(!reference.contains { $0.hasPrefix("BROKEN") })
    for items in [1, 24, 1 << 40] {
      for parts in [1, 2] {
        let built = try ClusterIndex(pins: pins, options: options, parts: parts, firstPassCellItems: items)
          .structureDescription()
        #expect(
          built == reference,
          "average \(items), \(parts) parts: \(Set(built).symmetricDifference(reference).sorted().prefix(6))")
      }
    }
  }
}
