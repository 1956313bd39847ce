import PetSpotGeo
import PetSpotPROJ
import PetSpotTestSupport
import Testing

@Suite("Fetch range (camera → GET /announcements range)")
struct FetchRangeTests {
  let engine = try! GeoEngine()
  let geodesic = Geodesic()

  /// The spec's bound: never below the largest distance, at most 0.01 % + 1 m above it.
  static func check(_ range: Int, reference: Double, camera: Camera) {
    let r = Double(range)
    #expect(r >= reference, "range \(range) below a visible point at \(reference) m for \(camera)")
    #expect(r <= reference * 1.0001 + 1, "range \(range) over-fetches (reference \(reference) m) for \(camera)")
  }

  @Test("agrees with a dense PROJ geod_inverse search on random cameras of every kind", arguments: CameraKind.allCases)
  func denseSearch(kind: CameraKind) {
    var random = SeededRandom(seed: 0x5EED_0001 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    let reference = DenseRangeReference(metric: geodesic)
    for _ in 0..<(Int(env("PETSPOT_RANGE_CAMERAS") ?? "") ?? 250) {
      let camera = random.camera(kind)
      Self.check(
        engine.fetchQuery(for: camera).range, reference: reference.largestDistance(for: camera), camera: camera)
    }
  }

  @Test("a view holding the antipode fetches half a meridian")
  func antipode() throws {
    let camera = try Camera(
      center: GeoCoordinate(latitude: 30, longitude: 10), latitudeDelta: 170, longitudeDelta: 720, width: 400,
      height: 400)
    #expect(engine.fetchQuery(for: camera).range == 20_003_932)
  }

  @Test("a Warsaw phone camera: hand-checked corners")
  func warsaw() throws {
    let camera = try Camera(
      center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122), latitudeDelta: 0.05, longitudeDelta: 0.08,
      width: 390, height: 844)
    let query = engine.fetchQuery(for: camera)
    let rect = VisibleRectangle(camera: camera)
    // Unrotated: the farthest point is an eastern corner of the fitted box.
    let box = rect.regionBoundingBox
    let corner = max(
      geodesic.distance(camera.center, GeoCoordinate(latitude: box.north, longitude: box.east)),
      geodesic.distance(camera.center, GeoCoordinate(latitude: box.south, longitude: box.east)))
    #expect(query.range == Int(corner.rounded(.up)))
    #expect(query.queryString == "lat=52.2297&lng=21.0122&range=\(query.range)")
  }
}
