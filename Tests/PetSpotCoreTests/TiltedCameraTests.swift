import PetSpotCore
import PetSpotTestSupport
import RealModule
import Testing

@Suite("Tilted and corner-form cameras: the view as a projective map")
struct TiltedCameraTests {
  static func pitched(
    lat: Double = 52.23, lng: Double = 21.01, span: Double = 0.05, heading: Double = 0, pitch: Double = 60,
    fov: Double = Camera.defaultFieldOfView, width: Double = 390, height: Double = 844
  ) throws -> Camera {
    try Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: span, longitudeDelta: span,
      width: width, height: height, heading: heading, pitch: pitch, fieldOfView: fov)
  }

  @Test("H matches the spec's pitch formula and its inverse, on random cameras of every kind")
  func projectionMatchesFormula() {
    var random = SeededRandom(seed: 0x7117)
    for kind in CameraKind.allCases {
      for _ in 0..<200 {
        let camera = random.tiltedCamera(kind)
        let view = CameraView(camera)
        let reference = TiltedReference(camera: camera)
        let projection = view.projection!
        #expect(view.zoom == VisibleRectangle(camera: camera).zoom, "the pitch form keeps the flat zoom")
        for _ in 0..<20 {
          let screen = ScreenPoint(
            x: random.uniform(0...camera.width), y: random.uniform(0...camera.height))
          guard let ground = reference.mercatorPoint(at: screen), let mine = view.mercatorPoint(at: screen) else {
            Issue.record("no ground under \(screen) for \(camera)")
            continue
          }
          let span = max(abs(ground.x - projection.origin.x), abs(ground.y - projection.origin.y), 1e-300)
          #expect(
            abs(mine.x - ground.x) <= 1e-9 * span + 1e-15 && abs(mine.y - ground.y) <= 1e-9 * span + 1e-15,
            "inverse at \(screen): \(mine) vs \(ground), \(camera)")
          let back = projection.screenPoint(dx: ground.x - projection.origin.x, dy: ground.y - projection.origin.y)
          let size = camera.width + camera.height
          #expect(
            abs(back.x - screen.x) <= 1e-6 * size && abs(back.y - screen.y) <= 1e-6 * size,
            "forward: \(back) vs \(screen), \(camera)")
        }
      }
    }
  }

  @Test("pitch 0 is the flat camera, bit for bit")
  func pitchZeroIsFlat() throws {
    let flat = try Camera(
      center: GeoCoordinate(latitude: 10, longitude: 20), latitudeDelta: 1, longitudeDelta: 2, width: 300, height: 600,
      heading: 33)
    let zero = try Camera(
      center: GeoCoordinate(latitude: 10, longitude: 20), latitudeDelta: 1, longitudeDelta: 2, width: 300, height: 600,
      heading: 33, pitch: 0, fieldOfView: 50)
    #expect(CameraView(zero).projection == nil)
    #expect(CameraView(zero).rectangle == CameraView(flat).rectangle)
    #expect(VisibilityWindow(view: CameraView(zero)) == VisibilityWindow(view: CameraView(flat)))
  }

  @Test("the pitch form equals its own corner form")
  func cornerFormEquivalence() {
    var random = SeededRandom(seed: 0xC0C0)
    var compared = 0
    for kind in CameraKind.allCases {
      for _ in 0..<150 {
        let camera = random.tiltedCamera(kind)
        guard let corners = cornerForm(of: camera) else { continue }
        compared += 1
        let (a, b) = (CameraView(camera), CameraView(corners))
        let (pa, pb) = (a.projection!, b.projection!)
        let scale = pa.localScales(dx: 0, dy: 0).largest
        #expect(abs(b.zoom - a.zoom) <= 1e-6, "zoom \(b.zoom) vs \(a.zoom): \(camera)")
        for _ in 0..<10 {
          let screen = ScreenPoint(x: random.uniform(0...camera.width), y: random.uniform(0...camera.height))
          let ga = a.mercatorPoint(at: screen)!
          let gb = b.mercatorPoint(at: screen)!
          let dx = WorldCopy.nearestOffset(gb.x - ga.x)
          // Compared on screen at the centre's scale: the corners were rounded through degrees.
          let local = pa.localScales(dx: ga.x - pa.origin.x, dy: ga.y - pa.origin.y).largest
          #expect(
            (abs(dx) + abs(gb.y - ga.y)) * max(local, scale) <= 1e-5 * (camera.width + camera.height),
            "ground under \(screen): \(gb) vs \(ga), \(camera)")
          _ = pb
        }
      }
    }
    #expect(compared > 300)
  }

  @Test("validation: horizon, fov, corners and padding name their field")
  func validation() throws {
    func field(_ build: () throws -> Any) -> String? {
      do {
        _ = try build()
        return nil
      } catch let error as InvalidInput { return error.field } catch { return "?" }
    }
    #expect(field { try Self.pitched(pitch: 50, fov: 80) } == "pitch")
    #expect(field { try Self.pitched(pitch: 49.999, fov: 80) } == nil)
    #expect(field { try Self.pitched(pitch: 89, fov: .nan) } == "fov")
    #expect(field { try Self.pitched(pitch: -1) } == "pitch")
    let square = [
      GeoCoordinate(latitude: 1, longitude: 0), GeoCoordinate(latitude: 1, longitude: 1),
      GeoCoordinate(latitude: 0, longitude: 1), GeoCoordinate(latitude: 0, longitude: 0),
    ]
    #expect(field { try Camera(corners: square, width: 100, height: 100) } == nil)
    #expect(field { try Camera(corners: square.reversed(), width: 100, height: 100) } == "corners")
    #expect(field { try Camera(corners: Array(square.prefix(3)), width: 100, height: 100) } == "corners")
    var bowtie = square
    bowtie.swapAt(2, 3)
    #expect(field { try Camera(corners: bowtie, width: 100, height: 100) } == "corners")
    var polar = square
    polar[0].latitude = 85.1
    #expect(field { try Camera(corners: polar, width: 100, height: 100) } == "corners")
    var unwrapped = square
    unwrapped[1].longitude = 361  // one world east: the same point
    #expect(field { try Camera(corners: unwrapped, width: 100, height: 100) } == nil)
    #expect(
      field { try Camera(corners: square, width: 100, height: 100, center: GeoCoordinate(latitude: 91, longitude: 0)) }
        == "lat")
    // Padding reaching the horizon.
    let steep = CameraView(try Self.pitched(pitch: 70, fov: 36))
    #expect(field { try VisibilityWindow(view: steep, padding: 10) } == nil)
    #expect(field { try VisibilityWindow(view: steep, padding: 5000) } == "padding")
  }

  @Test("a centre longitude outside [-180, 180] is wrapped; pins keep the strict rule")
  func longitudeWrapping() throws {
    for (given, wrapped) in [(-445.0, -85.0), (540, -180), (180, 180), (-180, -180), (725.5, 5.5)] {
      let camera = try Self.pitched(lng: given, pitch: 0)
      #expect(camera.center.longitude == wrapped, "\(given)")
    }
    let tilted = try Self.pitched(lng: 381.01)
    #expect(abs(tilted.center.longitude - 21.01) < 1e-12)
    #expect(!PinSet.isValidCoordinate(latitude: 0, longitude: 181))
  }

  @Test("the corner form without a centre takes the ground point under the screen centre")
  func cornerCentre() throws {
    let camera = try Self.pitched(heading: 30)
    let corners = try #require(cornerForm(of: camera))
    let centreless = try Camera(corners: try #require(corners.corners), width: camera.width, height: camera.height)
    let ground = try #require(CameraView(camera).coordinate(at: ScreenPoint(x: camera.width / 2, y: camera.height / 2)))
    #expect(abs(centreless.center.latitude - ground.latitude) < 1e-9)
    #expect(abs(centreless.center.longitude - ground.longitude) < 1e-9)
  }

  @Test("far edge wider than the near edge; Q is the trapezoid of the corner rays")
  func trapezoid() throws {
    let view = CameraView(try Self.pitched(pitch: 60))
    let q = try #require(view.region).vertices
    let top = abs(q[1].x - q[0].x)
    let bottom = abs(q[2].x - q[3].x)
    #expect(top > 2 * bottom)
    #expect(q[0].y < q[3].y, "north up: the far edge is north")
  }
}
