import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Pruning: scan and index against the brute-force reference")
struct PruningPropertyTests {
  /// Checks one camera: scan, index and reference agree except on borderline pins; ids in input order.
  static func check(pins: PinSet, index: PinIndex, camera: Camera, padding: Double, filter: StatusFilter?) {
    let reference = VisibilityReference(camera: camera, padding: padding)
    let window = VisibilityWindow(rectangle: VisibleRectangle(camera: camera), padding: padding)
    let scan = pins.scanVisible(in: window, statusFilter: filter)
    let table = filter?.codeTable(for: pins)
    let indexed = index.visible(in: window, statusCodes: table == nil ? nil : pins.statusCodes, allowed: table)
    #expect(scan == scan.sorted() && Set(scan).count == scan.count, "scan in input order, no repeats")
    #expect(indexed == indexed.sorted() && Set(indexed).count == indexed.count, "index in input order, no repeats")
    let scanSet = Set(scan)
    let indexSet = Set(indexed)
    for i in 0..<pins.count {
      let lat = pins.latitudes[i]
      let lng = pins.longitudes[i]
      let passes = filter.map { f in pins.status(at: i).map(f.statuses.contains) ?? false } ?? true
      let expected = passes && reference.isVisible(latitude: lat, longitude: lng)
      if scanSet.contains(UInt32(i)) != expected || indexSet.contains(UInt32(i)) != expected {
        #expect(
          reference.isBorderline(latitude: lat, longitude: lng),
          "pin \(i) (\(lat), \(lng)): reference \(expected), scan \(scanSet.contains(UInt32(i))), index \(indexSet.contains(UInt32(i))), edge distance \(reference.signedEdgeDistance(latitude: lat, longitude: lng) ?? .nan) pt, camera \(camera), padding \(padding)"
        )
      }
    }
  }

  @Test("thousands of random cameras of every kind over random pin sets", arguments: CameraKind.allCases)
  func randomCameras(kind: CameraKind) {
    var random = SeededRandom(seed: 0xB0B0 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for round in 0..<6 {
      let pins = random.pinSet(count: 300 + 100 * round)
      let index = PinIndex(pins: pins)
      for _ in 0..<60 {
        let camera = random.camera(kind)
        let padding = Bool.random(using: &random) ? 0 : random.uniform(0...80)
        let filter: StatusFilter? = random.next() % 4 == 0 ? StatusFilter([.missing, .other("ADOPTED")]) : nil
        Self.check(pins: pins, index: index, camera: camera, padding: padding, filter: filter)
      }
    }
  }

  @Test("pins on the edges of the camera's rectangle", arguments: CameraKind.allCases)
  func edges(kind: CameraKind) {
    var random = SeededRandom(seed: 0xED6E &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for _ in 0..<40 {
      let camera = random.camera(kind)
      let pins = random.pinSet(count: 200, edgesOf: camera)
      Self.check(pins: pins, index: PinIndex(pins: pins), camera: camera, padding: 0, filter: nil)
    }
  }

  @Test("exact boundaries are inclusive")
  func inclusiveBoundaries() throws {
    // Centre (0, 0); lngDelta 90 → hx = 1/8 exactly; a wide viewport keeps hx binding.
    let camera = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 1, longitudeDelta: 90, width: 800, height: 10)
    var pins = PinSet()
    for (i, lng) in [45.0, -45.0, 45.000001, -45.000001, 0].enumerated() {
      try pins.append(id: "e\(i)", latitude: 0, longitude: lng, status: nil, sourceRow: i)
    }
    let window = VisibilityWindow(rectangle: VisibleRectangle(camera: camera))
    #expect(pins.scanVisible(in: window) == [0, 1, 4])
    #expect(PinIndex(pins: pins).visible(in: window) == [0, 1, 4])
    // Padding of 1 point = 1/s Mercator units: 45.000001° is inside it.
    let padded = VisibilityWindow(rectangle: VisibleRectangle(camera: camera), padding: 1)
    #expect(pins.scanVisible(in: padded) == [0, 1, 2, 3, 4])
  }

  @Test("empty pin set, poles and invalid rows")
  func emptyAndInvalid() throws {
    let empty = PinSet()
    let camera = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 170, longitudeDelta: 720, width: 100, height: 100
    )
    let window = VisibilityWindow(rectangle: VisibleRectangle(camera: camera))
    #expect(empty.scanVisible(in: window).isEmpty)
    #expect(PinIndex(pins: empty).visible(in: window).isEmpty)
    var pins = PinSet()
    try pins.append(id: "north-pole", latitude: 90, longitude: 0, status: nil, sourceRow: 0)
    try pins.append(id: "limit", latitude: WebMercator.latitudeLimit, longitude: 0, status: nil, sourceRow: 1)
    pins.countInvalidRow()
    #expect(pins.invalidCount == 1)
    #expect(pins.scanVisible(in: window) == [1], "beyond the limit is never visible; on it is")
    #expect(PinIndex(pins: pins).visible(in: window) == [1])
  }

  @Test("a hundred thousand pins, a few hundred cameras: index equals scan")
  func large() {
    var random = SeededRandom(seed: 99)
    var pins = PinSet()
    for i in 0..<100_000 {
      let lat = random.uniform(-60...70)
      let lng = random.uniform(-180...180)
      try! pins.append(id: "L\(i)", latitude: lat, longitude: lng, status: .missing, sourceRow: i)
    }
    let index = PinIndex(pins: pins)
    for _ in 0..<300 {
      let camera = random.camera(CameraKind.allCases[Int(random.next() % 8)])
      let window = VisibilityWindow(rectangle: VisibleRectangle(camera: camera))
      let scan = pins.scanVisible(in: window)
      let indexed = index.visible(in: window)
      if scan != indexed {
        let reference = VisibilityReference(camera: camera, padding: 0)
        for i in Set(scan).symmetricDifference(indexed) {
          #expect(reference.isBorderline(latitude: pins.latitudes[Int(i)], longitude: pins.longitudes[Int(i)]))
        }
      }
    }
  }
}
