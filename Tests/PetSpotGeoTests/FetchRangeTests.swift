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

@Suite("Fetch range of tilted and corner-form cameras")
struct TiltedFetchRangeTests {
  let engine = try! GeoEngine()

  @Test("agrees with a dense search through the spec's pitch formula", arguments: CameraKind.allCases)
  func denseSearch(kind: CameraKind) {
    var random = SeededRandom(seed: 0x7177 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    let reference = DenseRangeReference(metric: Geodesic())
    for _ in 0..<(Int(env("PETSPOT_RANGE_CAMERAS") ?? "") ?? 50) {
      let camera = random.tiltedCamera(kind)
      FetchRangeTests.check(
        engine.fetchQuery(for: camera).range, reference: reference.largestDistance(forTilted: camera), camera: camera)
    }
  }

  @Test("the corner form gives its pitch form's range (within the corners' rounding)")
  func cornerForm() {
    var random = SeededRandom(seed: 0xC0C1)
    for kind in CameraKind.allCases {
      for _ in 0..<40 {
        let camera = random.tiltedCamera(kind)
        guard let corners = PetSpotTestSupport.cornerForm(of: camera) else { continue }
        let (a, b) = (engine.fetchQuery(for: camera), engine.fetchQuery(for: corners))
        #expect(abs(a.range - b.range) <= 1 + a.range / 1_000_000, "\(a.range) vs \(b.range): \(camera)")
        #expect(b.center == camera.center)
      }
    }
  }

  @Test("a 60° city view reaches farther north than the flat one, and the query echoes the wrapped longitude")
  func city() throws {
    let flat = try Camera(
      center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122 + 720), latitudeDelta: 0.05, longitudeDelta: 0.08,
      width: 390, height: 844)
    let tilted = try Camera(
      center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122), latitudeDelta: 0.05, longitudeDelta: 0.08,
      width: 390, height: 844, pitch: 60)
    let (f, t) = (engine.fetchQuery(for: flat), engine.fetchQuery(for: tilted))
    #expect(abs(f.center.longitude - 21.0122) < 1e-9)
    #expect(t.range > 3 * f.range)
    #expect(t.visibleRegion.north > f.visibleRegion.north + 0.1)
    #expect(t.zoom == f.zoom)
  }
}
