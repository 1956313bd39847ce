import PetSpotCore
import PetSpotPROJ
import PetSpotTestSupport
import Testing

@Suite("PROJ as the reference")
struct PROJReferenceTests {
  @Test("closed-form Web Mercator equals PROJ's EPSG:4326 → EPSG:3857 within 1e-12 (unit square)")
  func mercatorAgainstPROJ() throws {
    let context = try PROJContext()
    let transformer = try MercatorTransformer(context: context)
    var random = SeededRandom(seed: 11)
    var coordinates = (0..<20_000).map { _ in
      GeoCoordinate(latitude: random.uniform(-90...90), longitude: random.uniform(-180...180))
    }
    coordinates += [
      GeoCoordinate(latitude: 0, longitude: 0), GeoCoordinate(latitude: WebMercator.latitudeLimit, longitude: 180),
      GeoCoordinate(latitude: -WebMercator.latitudeLimit, longitude: -180),
      GeoCoordinate(latitude: 1e-10, longitude: 1e-10),
      GeoCoordinate(latitude: 85, longitude: 179.999999),
    ]
    let reference = try transformer.project(coordinates)
    for (coordinate, expected) in zip(coordinates, reference) {
      let ours = WebMercator.project(coordinate)
      #expect(abs(ours.x - expected.x) <= 1e-12 && abs(ours.y - expected.y) <= 1e-12, "\(coordinate)")
    }
  }

  @Test("geod_inverse: the WGS84 quarter meridian is 10 001 965.729 m; antipodes are half a meridian")
  func geodesic() {
    let g = Geodesic()
    let quarter = g.distance(GeoCoordinate(latitude: 0, longitude: 0), GeoCoordinate(latitude: 90, longitude: 0))
    #expect(abs(quarter - 10_001_965.729) < 0.001)
    let antipodal = g.distance(
      GeoCoordinate(latitude: 30, longitude: 10), GeoCoordinate(latitude: -30, longitude: -170))
    #expect(abs(antipodal - 2 * quarter) < 0.001)
  }

  @Test("a context with no proj.db reports PROJ's error instead of crashing")
  func missingDatabase() throws {
    let context = try PROJContext(searchPaths: ["/nonexistent"])
    #expect(throws: PROJError.self) { try MercatorTransformer(context: context) }
  }
}
