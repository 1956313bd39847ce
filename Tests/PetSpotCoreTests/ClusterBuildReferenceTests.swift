import PetSpotCore
import PetSpotTestSupport
import RealModule
import Testing

/// The fast build (Morton cells, galloping neighbour search) against a brute-force greedy pass
/// over all pairs, level by level.
@Suite("Clustering: the build equals a brute-force greedy pass")
struct ClusterBuildReferenceTests {
  /// Leaf sets of every item at every level, by brute force: items in Z order of their drawn pin
  /// (Morton key, then input order); a seed takes every later untaken item closer than d_L.
  static func referenceLevels(pins: PinSet, options: ClusterOptions) -> [[Set<Int>]] {
    let onMap = (0..<pins.count).filter { !pins.mercatorY[$0].isNaN }
    let key = { (i: Int) in (ReferenceMorton.key(x: pins.mercatorX[i], y: pins.mercatorY[i]), i) }
    var items: [(rep: Int, leaves: Set<Int>)] = onMap.sorted { key($0) < key($1) }.map { ($0, [$0]) }
    var levels = [[Set<Int>]](repeating: [], count: options.maxZoom + 1)
    levels[options.maxZoom] = items.map(\.leaves)
    for level in stride(from: options.maxZoom - 1, through: 0, by: -1) {
      let d = options.separation(atLevel: level)
      var taken = [Bool](repeating: false, count: items.count)
      var next: [(rep: Int, leaves: Set<Int>)] = []
      for i in items.indices where !taken[i] {
        var leaves = items[i].leaves
        for j in items.indices where j > i && !taken[j] {
          var dx = abs(pins.mercatorX[items[j].rep] - pins.mercatorX[items[i].rep])
          if dx > 0.5 { dx = 1 - dx }
          let dy = pins.mercatorY[items[j].rep] - pins.mercatorY[items[i].rep]
          if (dx * dx + dy * dy).squareRoot() < d {
            taken[j] = true
            leaves.formUnion(items[j].leaves)
          }
        }
        next.append((items[i].rep, leaves))
      }
      items = next
      levels[level] = items.map(\.leaves)
    }
    return levels
  }

  /// The index's items at `level`: a whole-world camera at exactly that zoom.
  static func indexLevel(_ index: ClusterIndex, level: Int) throws -> [Set<Int>] {
    let width = ClusterOptions.levelScale(level) * (1 + 1e-12)
    let camera = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 170, longitudeDelta: 360, width: width,
      height: width)
    let result = index.items(in: VisibleRectangle(camera: camera))
    #expect(result.level == level)
    return result.items.map { Set($0.cluster.map { index.leaves(of: $0) } ?? [$0.position]) }
  }

  @Test("clusters of 2²¹ leaves or more (no status counts in their records) count statuses from their children")
  func widestClustersCountStatuses() throws {
    // Two spots of 1.1M pins 60° apart: one cluster each at level 1, one of 2.2M (over those two
    // clusters) at level 0; and one spot of 2.1M: a cluster of pins alone at level 1.
    let statuses: [PinStatus?] = [.missing, .found, .closed, nil, .other("ADOPTED")]
    var random = SeededRandom(seed: 0x21B)
    for spots in [[(longitude: 0.0, count: 1_100_000), (60, 1_100_000)], [(0, 2_100_000)]] {
      var pins = PinSet()
      var tally = [[Int]](repeating: [0, 0, 0], count: spots.count)
      pins.reserveCapacity(spots.map(\.1).reduce(0, +))
      for (spot, (longitude, count)) in spots.enumerated() {
        for _ in 0..<count {
          let code = Int(random.next() % 5)
          if code < 3 { tally[spot][code] += 1 }
          try pins.append(
            id: String(pins.count), latitude: random.uniform(-0.1...0.1),
            longitude: longitude + random.uniform(-0.1...0.1), status: statuses[code], sourceRow: pins.count)
        }
      }
      let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 60, maxZoom: 2), parts: 1)
      let whole = (0..<3).map { k in tally.reduce(0) { $0 + $1[k] } }
      for (level, wanted) in [(0, [whole]), (1, tally)] {
        let width = ClusterOptions.levelScale(level) * (1 + 1e-12)
        let camera = try Camera(
          center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 170, longitudeDelta: 360, width: width,
          height: width)
        let result = index.items(in: VisibleRectangle(camera: camera))
        let counts = result.items.compactMap { $0.cluster.map { [$0.missing, $0.found, $0.closed] } }
        #expect(
          result.level == level
            && counts.sorted { $0.lexicographicallyPrecedes($1) }
              == wanted.sorted { $0.lexicographicallyPrecedes($1) },
          "\(spots.count) spots, level \(level)")
      }
    }
  }

  @Test("random pin sets, random separations", arguments: 0..<6)
  func matchesBruteForce(round: Int) throws {
    var random = SeededRandom(seed: 0xB1D + UInt64(round))
    let pins = random.pinSet(count: 250 + 60 * round)
    let options = ClusterOptions(minSeparation: [44, 60, 7, random.uniform(1...400), 900, 0.5][round], maxZoom: 11)
    let reference = Self.referenceLevels(pins: pins, options: options)
    for parts in [1, 2] {
      let index = try ClusterIndex(pins: pins, options: options, parts: parts)
      for level in 0..<options.maxZoom {
        let built = try Self.indexLevel(index, level: level)
        #expect(Set(built) == Set(reference[level]), "level \(level), options \(options), \(parts) parts")
        #expect(built.count == reference[level].count)
      }
    }
  }

  @Test(
    "a cut through dense spots, each spread over many chunks of the Z-ordered list: the same hierarchy as in one part")
  func cutThroughDenseSpots() throws {
    var random = SeededRandom(seed: 0xD5E)
    var pins = PinSet()
    // 24,000 pins (63 chunks of the list) in three spots a few degrees apart: the cut falls inside one,
    // and its seeds take thousands of the other part's pins, whose decisions look past chunks
    // (and groups of chunks) holding no seed.
    for k in 0..<24_000 {
      let longitude = [0.0, 15, 60][k * 3 / 24_000]
      try pins.append(
        id: "d\(k)", latitude: random.uniform(-0.1...0.1), longitude: longitude + random.uniform(-0.1...0.1),
        status: .found, sourceRow: k)
    }
    for maxZoom in [4, 9] {
      let options = ClusterOptions(minSeparation: 60, maxZoom: maxZoom)
      let one = try ClusterIndex(pins: pins, options: options, parts: 1).structureDescription()
      let two = try ClusterIndex(pins: pins, options: options, parts: 2).structureDescription()
      #expect(!two.contains { $0.hasPrefix("BROKEN") })
      #expect(one == two, "maxZoom \(maxZoom): \(Set(one).symmetricDifference(two).sorted().prefix(6))")
    }
  }

  @Test("built in two parts on two cores: the same hierarchy as in one", arguments: 0..<6)
  func twoPartsEqualOne(round: Int) throws {
    var random = SeededRandom(seed: 0x2CA7 + UInt64(round))
    // Dense places straddling the equator and the Z order's middle, plus the awkward cases.
    var pins = random.pinSet(count: 600 + 400 * round)
    for k in 0..<(300 * round + 200) {
      let place = [(0.0, 109.3), (0.02, -51.1), (-0.01, 0.0), (0.0, 179.99), (45.0, -0.001)][k % 5]
      try pins.append(
        id: "e\(k)", latitude: place.0 + random.uniform(-0.05...0.05),
        longitude: max(-180, min(180, place.1 + random.uniform(-0.05...0.05))),
        status: .missing, sourceRow: pins.count)
    }
    let options = ClusterOptions(
      minSeparation: [44, 60, 20, 300, 5, 1000][round], maxZoom: [16, 12, 20, 8, 22, 3][round])
    let one = try ClusterIndex(pins: pins, options: options, parts: 1)
    let two = try ClusterIndex(pins: pins, options: options, parts: 2)
    let a = one.structureDescription()
    let b = two.structureDescription()
    #expect(!b.contains { $0.hasPrefix("BROKEN") })
    #expect(a == b, "\(Set(a).symmetricDifference(b).sorted().prefix(6))")
  }

  @Test("pins all in one cell of depth 6 (a region): cut near the middle, the same hierarchy as in one part")
  func regionalCut() throws {
    var random = SeededRandom(seed: 0x4E6)
    var pins = PinSet()
    // 6,000 pins over the Lyon region (one cell of depth 6), half of them in a few dense towns.
    let towns = [(45.76, 4.84), (45.43, 4.39), (45.52, 4.87), (45.99, 4.72)]
    for k in 0..<6_000 {
      let (lat, lng) =
        k % 2 == 0
        ? (random.uniform(45.3...46.2), random.uniform(4.0...5.5))
        : (towns[k % 4].0 + random.uniform(-0.03...0.03), towns[k % 4].1 + random.uniform(-0.03...0.03))
      try pins.append(id: "r\(k)", latitude: lat, longitude: lng, status: .found, sourceRow: k)
    }
    let keys = (0..<pins.count).map { ReferenceMorton.key(x: pins.mercatorX[$0], y: pins.mercatorY[$0]) }.sorted()
    #expect(Set(keys.map { $0 >> 50 }).count == 1, "one cell of depth 6")
    let cut = ClusterIndex.splitPoint(keys)
    #expect(abs(cut - keys.count / 2) <= keys.count / 32, "cut at \(cut) of \(keys.count)")
    for options in [ClusterOptions(minSeparation: 60, maxZoom: 16), ClusterOptions(minSeparation: 44, maxZoom: 20)] {
      let one = try ClusterIndex(pins: pins, options: options, parts: 1).structureDescription()
      let two = try ClusterIndex(pins: pins, options: options, parts: 2).structureDescription()
      #expect(!two.contains { $0.hasPrefix("BROKEN") })
      #expect(one == two, "\(options): \(Set(one).symmetricDifference(two).sorted().prefix(6))")
    }
  }

  @Test(
    "the cut: a depth-6 boundary near the middle when there is one (as always), else deeper; none when all keys are equal"
  )
  func splitPoints() {
    var random = SeededRandom(seed: 0x5B17)
    // The nearest boundary between cells of depth 6, searched outwards from the middle.
    let depthSixCut = { (keys: [UInt64]) -> Int in
      let middle = keys.count / 2
      for distance in 0..<middle where middle - distance > 0 {
        if keys[middle + distance] >> 50 != keys[middle + distance - 1] >> 50 { return middle + distance }
        if keys[middle - distance] >> 50 != keys[middle - distance - 1] >> 50 { return middle - distance }
      }
      return keys.count
    }
    for round in 0..<200 {
      let count = 2 + Int(random.next() % 5_000)
      // Spread over the world, or within one cell of depth 4 to 30, a few keys repeated.
      let depth = round % 3 == 0 ? 0 : 4 + Int(random.next() % 27)
      let shift = UInt64(62 - 2 * depth)
      let prefix = ((random.next() & ((1 << 62) - 1)) >> shift) << shift
      let span = UInt64(1) << shift
      var keys = (0..<count).map { _ in prefix + random.next() % span }
      for k in 0..<(count / 10) { keys[k] = keys[count - 1 - k] }
      keys.sort()
      let cut = ClusterIndex.splitPoint(keys)
      let middle = count / 2
      if keys.first == keys.last {
        #expect(cut == count)
        continue
      }
      #expect(cut > 0 && cut < count && keys[cut - 1] != keys[cut], "round \(round): cut \(cut)")
      let coarse = depthSixCut(keys)
      if coarse < count && abs(coarse - middle) <= count / 32 {
        #expect(cut == coarse, "round \(round): \(cut) against \(coarse)")
      } else {
        // No key boundary nearer the middle than the cut (the finest depth's nearest), or one within 1/32.
        let nearest = (1..<count).filter { keys[$0 - 1] != keys[$0] }.min { abs($0 - middle) < abs($1 - middle) }!
        #expect(
          abs(cut - middle) <= max(abs(nearest - middle), count / 32), "round \(round): \(cut), nearest \(nearest)")
      }
    }
    #expect(ClusterIndex.splitPoint([]) == 0)
    #expect(ClusterIndex.splitPoint([7]) == 1)
    #expect(ClusterIndex.splitPoint([7, 7, 7]) == 3)
    #expect(ClusterIndex.splitPoint([7, 7, 8, 8]) == 2)
  }

  @Test("a build large enough that its passes hand pages back (items shrunk in place, admitted pins released) is whole")
  func largeBuildReleasingPages() throws {
    // 300k pins spread over the world (set aside after the first pass and admitted in large
    // groups) and 300k packed into a few places (most taken in the first passes): the shrunk
    // item arrays, the admitted groups and the joined parts span megabytes, and arrays from 1 MiB
    // up hand their pages back here (32 MiB by default: 10M-pin builds).
    var random = SeededRandom(seed: 0x9A6E5)
    var pins = PinSet()
    let places = [(48.85, 2.35), (40.71, -74.0), (-33.86, 151.2), (0.0, 179.999), (35.68, 139.69)]
    for k in 0..<600_000 {
      let (lat, lng) =
        k % 2 == 0
        ? (random.uniform(-80...80), random.uniform(-180...180))
        : (places[k % 5].0 + random.uniform(-0.02...0.02), min(180, places[k % 5].1 + random.uniform(-0.02...0.02)))
      try pins.append(id: "q\(k)", latitude: lat, longitude: lng, status: .found, sourceRow: k)
    }
    let options = ClusterOptions(minSeparation: 44, maxZoom: 20)
    // One part releasing nothing, two parts releasing from 1 MiB: the same hierarchy.
    let one = try ClusterIndex(pins: pins, options: options, parts: 1, releasingPagesFrom: .max)
    let two = try ClusterIndex(pins: pins, options: options, parts: 2, releasingPagesFrom: 1 << 20)
    let a = one.structureDescription()
    let b = two.structureDescription()
    #expect(!a.contains { $0.hasPrefix("BROKEN") } && !b.contains { $0.hasPrefix("BROKEN") })
    #expect(a == b, "\(Set(a).symmetricDifference(b).sorted().prefix(6))")
    // Every pin is counted once among the roots' items.
    let world = try Self.indexLevel(one, level: 0)
    #expect(world.reduce(0) { $0 + $1.count } == pins.count)
    // The bytes reported count the records and member slots, not the room a build reserves behind
    // them (for every record there can be: address space, never written): per cluster its record
    // and table slots, per pin its top, absorber, head, list place and member slot, and a
    // megabyte for the rest. (Counting the room would add 56 bytes per pin without a cluster.)
    for (index, parts) in [(one, 1), (two, 2)] {
      let bound = index.clusterCount * 64 + pins.count * 20 + (1 << 20)
      #expect(index.memoryBytes <= bound, "\(parts) part(s): \(index.memoryBytes) bytes, bound \(bound)")
    }
  }

  @Test("neighbour cells found on the interleaved bits: the column and row formula, wrapping east–west")
  func neighbourCodes() {
    var random = SeededRandom(seed: 0x4E16)
    for _ in 0..<20_000 {
      let depth = Int(random.next() % 32)
      let side = UInt64(1) << UInt64(depth)
      // Edges and corners as often as the inside.
      let pick = { (r: inout SeededRandom) in [0, side - 1, r.next() % side][Int(r.next() % 3)] }
      let column = pick(&random)
      let row = pick(&random)
      for dx in -1...1 {
        for dy in -1...1 {
          let offRow = (dy < 0 && row == 0) || (dy > 0 && row == side - 1)
          let expected =
            offRow
            ? nil
            : ReferenceMorton.interleave(
              column: (column &+ side &+ UInt64(bitPattern: Int64(dx))) % side,
              row: row &+ UInt64(bitPattern: Int64(dy)))
          #expect(
            MortonKey.neighbourCode(
              of: ReferenceMorton.interleave(column: column, row: row), dx: dx, dy: dy, depth: depth) == expected,
            "depth \(depth) cell (\(column), \(row)) offset (\(dx), \(dy))")
        }
      }
    }
  }

  @Test("Z order of two cells decided on columns and rows equals the order of their interleaved codes")
  func zOrderWithoutInterleaving() {
    var random = SeededRandom(seed: 0x2DE7)
    for _ in 0..<50_000 {
      let depth = Int(random.next() % 32)
      let side = UInt64(1) << UInt64(depth)
      // Neighbours, shared high bits and equal cells as often as anything.
      let a = (column: random.next() % side, row: random.next() % side)
      let near = { (v: UInt64, r: inout SeededRandom) in
        [v, (v + 1) % side, v ^ (UInt64(1) << (r.next() % max(UInt64(depth), 1))) % side, r.next() % side][
          Int(r.next() % 4)]
      }
      let b = (column: near(a.column, &random), row: near(a.row, &random))
      let codes = (
        ReferenceMorton.interleave(column: a.column, row: a.row),
        ReferenceMorton.interleave(column: b.column, row: b.row)
      )
      #expect(MortonKey.zOrder(a, isBefore: b) == (codes.0 < codes.1), "depth \(depth) cells \(a) \(b)")
    }
  }
}

/// The 62-bit Morton key of the unit square of docs/camera-model.md at 31 bits per axis, written plainly.
enum ReferenceMorton {
  static func key(x: Double, y: Double) -> UInt64 {
    let qx = min(UInt64(max(x, 0) * 2_147_483_648), 2_147_483_647)
    let qy = min(UInt64(max(y, 0) * 2_147_483_648), 2_147_483_647)
    return interleave(column: qx, row: qy)
  }

  /// The code of the cell at (column, row), 31 bits each: column bits on the even positions, row
  /// bits on the odd.
  static func interleave(column: UInt64, row: UInt64) -> UInt64 {
    var code: UInt64 = 0
    for bit in 0..<31 {
      code |= ((column >> UInt64(bit)) & 1) << UInt64(2 * bit)
      code |= ((row >> UInt64(bit)) & 1) << UInt64(2 * bit + 1)
    }
    return code
  }
}
