import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Visible rectangle, screen points and zoom")
struct VisibleRectangleTests {
  func camera(
    lat: Double = 0, lng: Double = 0, latDelta: Double, lngDelta: Double, width: Double = 512,
    height: Double = 512, heading: Double = 0
  ) throws -> Camera {
    try Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: latDelta, longitudeDelta: lngDelta,
      width: width, height: height, heading: heading)
  }

  @Test("the whole world in 512 points is zoom 1, the centre maps to the screen centre")
  func worldAtZoomOne() throws {
    let rect = VisibleRectangle(camera: try camera(latDelta: 1, lngDelta: 360))
    #expect(rect.halfWidth == 0.5)
    #expect(rect.halfHeight == 0.5, "aspect fit widens the narrower side")
    #expect(rect.scale == 512)
    #expect(rect.zoom == 1)
    #expect(rect.screenPoint(of: GeoCoordinate(latitude: 0, longitude: 0)) == ScreenPoint(x: 256, y: 256))
    let topLeft = rect.screenPoint(of: GeoCoordinate(latitude: WebMercator.latitudeLimit, longitude: -180))
    #expect(abs(topLeft.x - 0) < 1e-9 && abs(topLeft.y - 0) < 1e-9)
  }

  @Test("aspect fit widens the narrower side")
  func aspectFit() throws {
    // Portrait phone in Warsaw: the longitude span binds, the latitude extent grows.
    let portrait = VisibleRectangle(
      camera: try camera(lat: 52.2297, lng: 21.0122, latDelta: 0.05, lngDelta: 0.08, width: 390, height: 844))
    let hyFromSpan = max(
      WebMercator.y(latitude: 52.2297) - WebMercator.y(latitude: 52.2297 + 0.025),
      WebMercator.y(latitude: 52.2297 - 0.025) - WebMercator.y(latitude: 52.2297))
    #expect(portrait.halfWidth == 0.08 / 720)
    #expect(portrait.halfHeight == 0.08 / 720 * 844 / 390)
    #expect(portrait.halfHeight > hyFromSpan, "the requested span stays fully visible")
    // Landscape: the latitude span binds, the longitude extent grows.
    let landscape = VisibleRectangle(
      camera: try camera(lat: 52.2297, lng: 21.0122, latDelta: 0.05, lngDelta: 0.08, width: 844, height: 390))
    #expect(landscape.halfHeight == hyFromSpan)
    #expect(landscape.halfWidth == hyFromSpan * 844 / 390)
    // A centre beyond the Mercator limit has hy = 0 before the fit; the fit still works.
    let polar = VisibleRectangle(camera: try camera(lat: 89, latDelta: 1, lngDelta: 1, width: 100, height: 50))
    #expect(polar.halfWidth == 1.0 / 720 && polar.halfHeight == 1.0 / 720 / 2)
  }

  @Test("heading 90: east is up on screen; heading 180: north is down")
  func headings() throws {
    let east = GeoCoordinate(latitude: 0, longitude: 1)
    let north = GeoCoordinate(latitude: 1, longitude: 0)
    let r90 = VisibleRectangle(camera: try camera(latDelta: 10, lngDelta: 10, heading: 90))
    #expect(r90.screenPoint(of: east).x == 256)
    #expect(r90.screenPoint(of: east).y < 256)
    #expect(r90.screenPoint(of: north).x < 256, "north is on the left when facing east")
    let r180 = VisibleRectangle(camera: try camera(latDelta: 10, lngDelta: 10, heading: -180))
    #expect(r180.screenPoint(of: north).y > 256)
    #expect(r180.screenPoint(of: north).x == 256)
  }

  @Test("screen point → coordinate inverts coordinate → screen point (random cameras, 1e-9°)")
  func inverse() {
    var random = SeededRandom(seed: 42)
    for _ in 0..<2_000 {
      let c = random.camera(.rotated)
      let rect = VisibleRectangle(camera: c)
      let screen = ScreenPoint(x: random.uniform(0...c.width), y: random.uniform(0...c.height))
      guard let coordinate = rect.coordinate(at: screen) else {
        #expect(rect.mercatorPoint(at: screen).y < 0 || rect.mercatorPoint(at: screen).y > 1)
        continue
      }
      #expect(coordinate.isValid)
      // Views wider than the world show several copies; screenPoint(of:) draws the nearest one.
      let dx = rect.mercatorPoint(at: screen).x - rect.center.x
      guard dx >= -0.5 && dx < 0.5 else { continue }
      let back = rect.screenPoint(of: coordinate)
      // Round trips are exact up to rounding in points relative to the world's size on screen.
      let tolerance = 1e-9 * max(1, rect.scale)
      #expect(abs(back.x - screen.x) < tolerance && abs(back.y - screen.y) < tolerance, "\(c) \(screen) → \(back)")
    }
  }

  @Test("screen points use the world copy nearest the centre (antimeridian)")
  func nearestWorldCopy() throws {
    let rect = VisibleRectangle(camera: try camera(lat: 0, lng: 179, latDelta: 10, lngDelta: 10))
    let acrossTheLine = rect.screenPoint(of: GeoCoordinate(latitude: 0, longitude: -179))
    #expect(acrossTheLine.x > 256, "drawn east of the centre, not a world away")
    #expect(abs(acrossTheLine.x - (256 + 2.0 / 360 * rect.scale)) < 1e-9)
  }

  @Test("xInterval agrees with the view-coordinate test")
  func xInterval() {
    var random = SeededRandom(seed: 7)
    for _ in 0..<2_000 {
      let rect = VisibleRectangle(camera: random.camera(.rotated))
      let y = random.uniform(-0.2...1.2)
      let interval = rect.xInterval(atY: y)
      for _ in 0..<20 {
        let x = rect.center.x + random.uniform(-2...2) * (rect.halfWidth + rect.halfHeight)
        let (a, b) = rect.viewCoordinates(dx: x - rect.center.x, dy: y - rect.center.y)
        let inside = abs(a) <= rect.halfWidth && abs(b) <= rect.halfHeight
        let margin = 1e-12 * max(1, rect.halfWidth + rect.halfHeight)
        if abs(abs(a) - rect.halfWidth) < margin || abs(abs(b) - rect.halfHeight) < margin { continue }
        #expect((interval?.contains(x) ?? false) == inside)
      }
    }
  }

  @Test("visible region boxes: antimeridian, whole world, polar")
  func regionBoxes() throws {
    let across = VisibleRectangle(camera: try camera(lat: 0, lng: 179.9, latDelta: 2, lngDelta: 3)).regionBoundingBox
    #expect(across.west > across.east)
    #expect(abs(across.west - 178.4) < 1e-9 && abs(across.east - -178.6) < 1e-9)
    let world = VisibleRectangle(camera: try camera(lat: 10, lng: 10, latDelta: 10, lngDelta: 400)).regionBoundingBox
    #expect(world.west == -180 && world.east == 180)
    let polar = VisibleRectangle(camera: try camera(lat: 89, lng: 0, latDelta: 2, lngDelta: 2)).regionBoundingBox
    #expect(polar.north == WebMercator.latitude(y: 0))
    #expect(polar.south < WebMercator.latitudeLimit)
  }
}
