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
    }
    // The pin right at the centre, range 0.
    let exact = layer.within(metres: 0, of: pins.coordinate(at: 0))
    #expect(exact.contains { $0.position == 0 })
  }
}
