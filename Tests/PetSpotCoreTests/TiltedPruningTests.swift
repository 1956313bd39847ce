import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Pruning tilted views: scan and index against the spec's formula")
struct TiltedPruningTests {
  /// Random pins plus pins under random screen points of the view (beyond its edges too) and on
  /// its edges, so that every part of Q and its boundary is populated.
  static func pins(for camera: Camera, random: inout SeededRandom) -> PinSet {
    var pins = random.pinSet(count: 300)
    let reference = TiltedReference(camera: camera)
    var n = pins.count
    func add(_ screen: ScreenPoint) {
      guard let p = reference.mercatorPoint(at: screen), let c = WebMercator.unproject(p) else { return }
      try? pins.append(id: "v\(n)", latitude: c.latitude, longitude: c.longitude, status: .missing, sourceRow: n)
      n += 1
    }
    let (w, h) = (camera.width, camera.height)
    for _ in 0..<300 { add(ScreenPoint(x: random.uniform(-0.3 * w...1.3 * w), y: random.uniform(-0.3 * h...1.3 * h))) }
    for _ in 0..<40 {
      let t = random.unit()
      add(ScreenPoint(x: t * w, y: 0))
      add(ScreenPoint(x: t * w, y: h))
      add(ScreenPoint(x: 0, y: t * h))
      add(ScreenPoint(x: w, y: t * h))
    }
    return pins
  }

  static func check(pins: PinSet, camera: Camera, padding: Double) {
    let view = CameraView(camera)
    guard let window = try? VisibilityWindow(view: view, padding: padding) else {
      // Only a padding reaching the horizon may be refused.
      #expect(padding > 0, "padding \(padding) refused for \(camera)")
      return
    }
    let reference = TiltedReference(camera: camera)
    let tolerance = reference.tolerance(padding: padding)
    let scan = pins.scanVisible(in: window)
    let indexed = PinIndex(pins: pins).visible(in: window)
    #expect(scan == scan.sorted() && Set(scan).count == scan.count, "scan in input order, no repeats")
    #expect(indexed == indexed.sorted() && Set(indexed).count == indexed.count, "index in input order")
    let (scanSet, indexSet) = (Set(scan), Set(indexed))
    for i in 0..<pins.count {
      let (lat, lng) = (pins.latitudes[i], pins.longitudes[i])
      let distance = reference.signedEdgeDistance(latitude: lat, longitude: lng, padding: padding)
      let expected = (distance ?? 1) <= 0
      if scanSet.contains(UInt32(i)) != expected || indexSet.contains(UInt32(i)) != expected {
        #expect(
          abs(distance ?? .infinity) <= tolerance,
          "pin \(i) (\(lat), \(lng)): reference \(expected), scan \(scanSet.contains(UInt32(i))), index \(indexSet.contains(UInt32(i))), \(distance ?? .nan) pt from the edge (tolerance \(tolerance)), \(camera), padding \(padding)"
        )
      }
    }
  }

  @Test("random tilted cameras of every kind, with and without padding", arguments: CameraKind.allCases)
  func randomCameras(kind: CameraKind) {
    var random = SeededRandom(seed: 0x7170 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for _ in 0..<40 {
      let camera = random.tiltedCamera(kind)
      let pins = Self.pins(for: camera, random: &random)
      Self.check(pins: pins, camera: camera, padding: 0)
      Self.check(pins: pins, camera: camera, padding: random.uniform(0...60))
    }
  }

  @Test("corner-form cameras decide as their pitch form (away from the edges)")
  func cornerForm() {
    var random = SeededRandom(seed: 0xC047)
    var compared = 0
    for kind in CameraKind.allCases {
      for _ in 0..<30 {
        let camera = random.tiltedCamera(kind)
        guard let corners = PetSpotTestSupport.cornerForm(of: camera) else { continue }
        compared += 1
        let pins = Self.pins(for: camera, random: &random)
        let reference = TiltedReference(camera: camera)
        let visible = Set(pins.scanVisible(in: VisibilityWindow(view: CameraView(corners))))
        let indexed = Set(PinIndex(pins: pins).visible(in: VisibilityWindow(view: CameraView(corners))))
        for i in 0..<pins.count {
          guard
            let distance = reference.signedEdgeDistance(
              latitude: pins.latitudes[i], longitude: pins.longitudes[i], padding: 0),
            abs(distance) > 1e-4 * (camera.width + camera.height)
          else { continue }
          #expect(visible.contains(UInt32(i)) == (distance < 0), "scan: pin \(i), \(distance) pt, \(camera)")
          #expect(indexed.contains(UInt32(i)) == (distance < 0), "index: pin \(i), \(distance) pt, \(camera)")
        }
      }
    }
    #expect(compared > 60)
  }

  @Test("a pin behind the camera is never visible")
  func behindTheCamera() throws {
    let camera = try TiltedCameraTests.pitched(lat: 0, lng: 0, span: 40, pitch: 70, fov: 30)
    var pins = PinSet()
    // Due south of a north-facing tilted camera, far beyond the near edge: behind it.
    try pins.append(id: "behind", latitude: -60, longitude: 0, status: nil, sourceRow: 0)
    try pins.append(id: "ahead", latitude: 5, longitude: 0, status: nil, sourceRow: 1)
    let window = VisibilityWindow(view: CameraView(camera))
    #expect(pins.scanVisible(in: window) == [1])
    #expect(PinIndex(pins: pins).visible(in: window) == [1])
  }
}
