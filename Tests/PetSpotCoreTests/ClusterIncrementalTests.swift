import PetSpotCore
import PetSpotTestSupport
import Testing

/// Incremental insert / remove / update against a fresh build over the surviving pins.
@Suite("Clustering: incremental changes equal a fresh build")
struct ClusterIncrementalTests {
  /// A random coordinate of the awkward kinds: anywhere, near one dense spot, on one exact spot,
  /// by the antimeridian, near a pole (sometimes beyond the Mercator limit).
  static func coordinate(_ random: inout SeededRandom, spot: (Double, Double)) -> (Double, Double) {
    switch random.next() % 6 {
    case 0: return (random.uniform(-85...85), random.uniform(-180...180))
    case 1, 2: return (spot.0 + random.uniform(-0.02...0.02), spot.1 + random.uniform(-0.02...0.02))
    case 3: return spot
    case 4:
      return (
        random.uniform(-50...50), random.next() % 2 == 0 ? random.uniform(179.9...180) : random.uniform(-180...(-179.9))
      )
    default:
      return (
        random.next() % 2 == 0 ? random.uniform(84...90) : random.uniform(-90...(-84)), random.uniform(-180...180)
      )
    }
  }

  /// Compares the hierarchy with a fresh build, structure line by line and one query per kind.
  static func expectFresh(_ index: ClusterIndex, _ random: inout SeededRandom, _ context: @autoclosure () -> String)
    throws
  {
    let fresh = try ClusterIndex(pins: index.pins.withoutRetired(), options: index.options)
    let mine = index.structureDescription()
    let theirs = fresh.structureDescription()
    #expect(!mine.contains { $0.hasPrefix("BROKEN") }, "\(context()): \(mine.filter { $0.hasPrefix("BROKEN") })")
    guard mine == theirs else {
      let diff = Set(mine).symmetricDifference(theirs).sorted().prefix(8)
      Issue.record("\(context()): hierarchy differs from a fresh build: \(diff)")
      return
    }
    for kind in [CameraKind.city, .continent, .wholeWorld] {
      let rect = VisibleRectangle(camera: random.camera(kind))
      let a = index.items(in: rect).items
      let b = fresh.items(in: rect).items
      let describe = { (i: ClusterIndex, item: ClusterItem) in
        "\(item.kind) \(item.point) \(item.position >= 0 ? i.pins.ids[item.position] : "") \(item.cluster.map { "\($0.id) \($0.count) \(i.leaves(of: $0).map { i.pins.ids[$0] })" } ?? "")"
      }
      #expect(a.map { describe(index, $0) } == b.map { describe(fresh, $0) }, "\(context()): \(kind) query")
    }
  }

  @Test("random inserts, removes and updates, checked after every change", arguments: 0..<8)
  func randomChanges(round: Int) throws {
    var random = SeededRandom(seed: 0x1C4E + UInt64(round))
    let options = ClusterOptions(
      minSeparation: [44, 60, 20, 900, 5, 44, 120, 0.5][round], maxZoom: [16, 12, 20, 6, 22, 0, 1, 18][round])
    let spot = (random.uniform(-60...60), random.uniform(-180...180))
    var pins = PinSet()
    for i in 0..<(200 + 50 * round) {
      let (lat, lng) = Self.coordinate(&random, spot: spot)
      try pins.append(
        id: "p\(i)", latitude: lat, longitude: lng, status: [.missing, .found, .closed, nil][i % 4], sourceRow: i)
    }
    var index = try ClusterIndex(pins: pins, options: options)
    var serial = pins.count
    for step in 0..<150 {
      let live = (0..<index.pins.count).filter { !index.pins.isRetired($0) }
      switch random.next() % 3 {
      case 0 where !live.isEmpty:
        index.remove(at: live[Int(random.next() % UInt64(live.count))])
      case 1 where !live.isEmpty:
        let (lat, lng) = Self.coordinate(&random, spot: spot)
        try index.update(
          at: live[Int(random.next() % UInt64(live.count))], latitude: lat, longitude: lng, status: .found)
      default:
        let (lat, lng) = Self.coordinate(&random, spot: spot)
        try index.insert(id: "n\(serial)", latitude: lat, longitude: lng, status: .missing, sourceRow: serial)
        serial += 1
      }
      try Self.expectFresh(index, &random, "round \(round) step \(step)")
    }
  }

  @Test("member runs moved by many changes, then packed again, still equal a fresh build")
  func memberRunsPacked() throws {
    #expect(ClusterIndex.clusterRecordBytes == 56)
    var random = SeededRandom(seed: 0x5A7)
    var pins = PinSet()
    for i in 0..<3000 {
      try pins.append(
        id: "p\(i)", latitude: 48.85 + random.uniform(-0.05...0.05), longitude: 2.35 + random.uniform(-0.05...0.05),
        status: [.missing, .found, .closed][i % 3], sourceRow: i)
    }
    var index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 60, maxZoom: 16))
    var packed = 0
    for step in 0..<3000 {
      let before = index.unusedMemberSlots
      try index.update(
        at: Int(random.next() % 3000), latitude: 48.85 + random.uniform(-0.05...0.05),
        longitude: 2.35 + random.uniform(-0.05...0.05), status: [.missing, .found][step % 2])
      if index.unusedMemberSlots < before { packed += 1 }
    }
    #expect(packed > 0, "the runs were never packed again")
    try Self.expectFresh(index, &random, "after 3,000 moves")
  }

  @Test("the seed of a dense spot removed again and again: its successor found past chunks without seeds")
  func denseSeedRemoved() throws {
    var random = SeededRandom(seed: 0xD5F)
    var pins = PinSet()
    for k in 0..<24_000 {  // 63 chunks of the Z-ordered list, one cluster at level 3
      try pins.append(
        id: "d\(k)", latitude: random.uniform(-0.1...0.1), longitude: 30 + random.uniform(-0.1...0.1),
        status: .missing, sourceRow: k)
    }
    var index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 60, maxZoom: 4))
    let width = ClusterOptions.levelScale(3) * (1 + 1e-12)
    let camera = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 30), latitudeDelta: 170, longitudeDelta: 360, width: width,
      height: width)
    for round in 0..<3 {
      let items = index.items(in: VisibleRectangle(camera: camera)).items
      guard items.count == 1, let drawn = items.first?.coordinate else {
        Issue.record("round \(round): \(items.count) items at level 3")
        return
      }
      // The seed: the live pin the cluster is drawn at.
      let seed = (0..<index.pins.count).filter { !index.pins.isRetired($0) }.min { a, b in
        let (p, q) = (index.pins.coordinate(at: a), index.pins.coordinate(at: b))
        return abs(p.latitude - drawn.latitude) + abs(p.longitude - drawn.longitude)
          < abs(q.latitude - drawn.latitude) + abs(q.longitude - drawn.longitude)
      }!
      index.remove(at: seed)
      try Self.expectFresh(index, &random, "round \(round)")
    }
  }

  /// Where the dense spot of ``zOrderListSearch(spot:)`` lies: on the antimeridian (late in the Z
  /// order), or in the north-west corner of the map (first in the Z order: its chunks' splits move
  /// every later chunk into the next group of chunks).
  enum DenseSpot: CaseIterable, Sendable {
    case antimeridian, zOrderStart
  }

  @Test(
    "the Z-ordered list's search against every pin, through random lowered, raised, removed and inserted tops",
    arguments: DenseSpot.allCases)
  func zOrderListSearch(spot: DenseSpot) throws {
    var random = SeededRandom(seed: 0x2011)
    var pins = PinSet()
    // Odd positions anywhere, even ones in a dense spot. The list starts with the odd positions and
    // a quarter of the others (those of positions divisible by 8); the rest are put in by the
    // changes, where the spot's chunks split. On the antimeridian: 15,000 pins, 25 chunks, two
    // groups of chunks. At the start of the Z order, the pins the list starts with lie anywhere (64
    // chunks, four full groups: the first split adds a fifth) and the spot's are all put in by the
    // changes, so its chunk splits again and again and every later chunk moves up one place each
    // time (into the next group at the groups' ends), with coarser tops in about one chunk in sixteen.
    let count = spot == .antimeridian ? 15_000 : 39_000
    for k in 0..<count {
      let (lat, lng) =
        switch spot {
        case .antimeridian where k % 2 == 0:
          (random.uniform(-0.2...0.2), 179.9 + random.uniform(-0.2...0.1))
        case .zOrderStart where k % 2 == 0 && k % 8 != 0:
          (84 + random.uniform(-0.2...0.2), -179.8 + random.uniform(-0.1...0.1))
        default:
          (random.uniform(-80...80), random.uniform(-180...180))
        }
      try pins.append(id: "z\(k)", latitude: lat, longitude: lng, status: nil, sourceRow: k)
    }
    let problems = ClusterIndex.zOrderListMismatches(
      pins: pins, operations: spot == .antimeridian ? 3_000 : 2_000, seed: 7,
      lowTopOneIn: spot == .antimeridian ? 3000 : 6000)
    #expect(problems.isEmpty, "\(problems)")
  }

  @Test("emptied completely, then refilled; a retired id can come back")
  func emptyAndRefill() throws {
    var random = SeededRandom(seed: 0xE7)
    var index = try ClusterIndex(
      pins: random.pinSet(count: 120), options: ClusterOptions(minSeparation: 60, maxZoom: 10))
    for position in (0..<index.pins.count).shuffled(using: &random) { index.remove(at: position) }
    #expect(index.pinCount == 0 && index.clusterCount == 0)
    try Self.expectFresh(index, &random, "emptied")
    try index.insert(id: "p3", latitude: 10, longitude: 20, status: .missing, sourceRow: 0)
    for k in 0..<60 {
      try index.insert(id: "q\(k)", latitude: 10 + Double(k % 7) * 1e-5, longitude: 20, status: .found, sourceRow: k)
    }
    try Self.expectFresh(index, &random, "refilled")
    #expect(
      index.compacted().pins.count == 61 && index.compacted().structureDescription() == index.structureDescription())
  }
}
