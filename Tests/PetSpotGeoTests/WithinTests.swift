import PetSpotGeo
import PetSpotPROJ
import PetSpotTestSupport
import Testing

@Suite("Pins within a geodesic distance (the server's query)")
struct WithinTests {
  @Test("equals a brute-force geod_inverse scan, nearest first, with status filters and limits")
  func bruteForce() {
    let geodesic = Geodesic()
    var random = SeededRandom(seed: 404)
    let pins = random.pinSet(count: 3_000)
    let layer = IndexedPins(pins: pins)
    for round in 0..<300 {
      let center = GeoCoordinate(latitude: random.uniform(-89...89), longitude: random.uniform(-180...180))
      let range = [0, 10, 5_000, 300_000, 2_000_000, 15_000_000, 25_000_000][round % 7] * random.uniform(0.5...1.5)
      let filter: StatusFilter? = round % 3 == 0 ? StatusFilter([.found]) : nil
      let limit: Int? = round % 2 == 0 ? Int(random.next() % 50) : nil
      var expected: [(Int, Double)] = []
      for i in 0..<pins.count {
        if let filter, !(pins.status(at: i).map(filter.statuses.contains) ?? false) { continue }
        let d = geodesic.distance(center, pins.coordinate(at: i))
        if d <= range { expected.append((i, d)) }
      }
      expected.sort { ($0.1, $0.0) < ($1.1, $1.0) }
      if let limit { expected = Array(expected.prefix(limit)) }
      let got = layer.within(metres: range, of: center, statuses: filter, limit: limit)
      #expect(
        got.map(\.position) == expected.map(\.0), "center \(center) range \(range) limit \(String(describing: limit))")
      let positions = layer.positions(withinMetres: range, of: center, statuses: filter, limit: limit)
      #expect(positions == expected.map(\.0), "positions: center \(center) range \(range)")
    }
    // The pin right at the centre, range 0.
    let exact = layer.within(metres: 0, of: pins.coordinate(at: 0))
    #expect(exact.contains { $0.position == 0 })
  }

  @Test("nearest first with a limit: dense clusters and identical coordinates, include predicates, every limit")
  func nearestFirstDense() throws {
    let geodesic = Geodesic()
    var random = SeededRandom(seed: 505)
    var pins = PinSet()
    // 40 places with 50 pins each within ~30 km, a fifth of them on the place itself (ties).
    for place in 0..<40 {
      let lat = random.uniform(-70...70)
      let lng = random.uniform(-180...180)
      for k in 0..<50 {
        let jitter = k % 5 == 0 ? 0 : 0.3
        try pins.append(
          id: "p\(place)-\(k)", latitude: lat + random.uniform(-jitter...jitter),
          longitude: min(180, max(-180, lng + random.uniform(-jitter...jitter))),
          status: k % 2 == 0 ? .missing : .found, sourceRow: pins.count)
      }
    }
    let layer = IndexedPins(pins: pins)
    for round in 0..<400 {
      let near = Int(random.next() % UInt64(pins.count))
      let center =
        round % 4 == 0
        ? pins.coordinate(at: near)
        : GeoCoordinate(
          latitude: pins.latitudes[near] + random.uniform(-0.5...0.5), longitude: pins.longitudes[near])
      let range = [1_000, 30_000, 300_000, 3_000_000, 20_000_000][round % 5] * random.uniform(0.5...1.5)
      let limit = [1, 5, 10, 49, 50, 51, 200, 3_000][round % 8]
      let include: ((Int) -> Bool)? = round % 3 == 0 ? { $0 % 3 != 0 } : nil
      var expected: [(Int, Double)] = []
      for i in 0..<pins.count where include?(i) ?? true {
        let d = geodesic.distance(center, pins.coordinate(at: i))
        if d <= range { expected.append((i, d)) }
      }
      expected.sort { ($0.1, $0.0) < ($1.1, $1.0) }
      let got = layer.within(metres: range, of: center, limit: limit, where: include)
      #expect(
        got.map(\.position) == expected.prefix(limit).map(\.0), "center \(center) range \(range) limit \(limit)")
      let positions = layer.positions(withinMetres: range, of: center, limit: limit, where: include)
      #expect(positions == expected.prefix(limit).map(\.0), "positions: center \(center) range \(range)")
    }
  }

  @Test("positions without distances: pins at nearly equal distances (mm apart), on the range, every limit")
  func positionsNearTies() throws {
    let geodesic = Geodesic()
    var random = SeededRandom(seed: 606)
    for round in 0..<60 {
      let center = GeoCoordinate(
        latitude: round % 10 == 0 ? random.uniform(-89.9...89.9) : random.uniform(-80...80),
        longitude: round % 7 == 0 ? 179.99 : random.uniform(-180...180))
      let range: Double = [2_000, 55_000, 300_000, 1_900_000][round % 4]
      var pins = PinSet()
      // Shells at a few distances, each holding pins whose geodesics differ by 0 to a few metres,
      // in every direction: chord bounds overlap there, so runs must be measured.
      for shell in 0..<6 {
        let base = range * [0.1, 0.5, 0.9, 0.999_999, 1.0, 1.000_001][shell]
        for k in 0..<40 {
          let metres = base + [0, 0.001, 0.01, 0.2, 1, 5][k % 6] * (k % 12 < 6 ? 1 : -1)
          let point = geodesic.destination(from: center, azimuth: random.uniform(-180...180), metres: metres)
          try pins.append(
            id: "s\(shell)-\(k)", latitude: point.latitude, longitude: point.longitude, status: .missing,
            sourceRow: pins.count)
        }
      }
      let layer = IndexedPins(pins: pins)
      for limit in [nil, 1, 39, 40, 41, 120, 239, 240] as [Int?] {
        let expected = layer.within(metres: range, of: center, limit: limit).map(\.position)
        var brute: [(Int, Double)] = []
        for i in 0..<pins.count {
          let d = geodesic.distance(center, pins.coordinate(at: i))
          if d <= range { brute.append((i, d)) }
        }
        brute.sort { ($0.1, $0.0) < ($1.1, $1.0) }
        #expect(expected == brute.prefix(limit ?? .max).map(\.0), "within: center \(center) range \(range)")
        #expect(
          layer.positions(withinMetres: range, of: center, limit: limit) == expected,
          "center \(center) range \(range) limit \(String(describing: limit))")
      }
    }
  }
}
