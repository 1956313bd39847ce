import PetSpotGeo
import PetSpotTestSupport
import Testing

/// Cameras drawn across the whole double range (subnormals, 1e308, infinities, NaN, spans of
/// thousands of worlds, huge and tiny viewports) through every operation a camera feeds: each
/// either refuses the camera with an error naming a field, or answers with finite numbers only —
/// and the index agrees with the scan. Before the accepted ranges (docs/camera-model.md) several
/// of these trapped (Double → Int conversions), returned NaN/±infinity or walked every world copy.
@Suite("Extreme inputs: never a trap, never a non-finite number")
struct ExtremeInputTests {
  let engine = try! GeoEngine()

  /// Values that break naive arithmetic, then random magnitudes from 1e-330 to 1e308.
  static let specials: [Double] = [
    0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1e-300, 1e-12, 1e-9, 0.999e-9, 1e-3, 0.01, 0.00999, 1, 44,
    390,
    1e4, 999_999, 1e6, 1.000001e6, 1e9, 1e20, 1e300, 1.7976931348623157e308, .infinity, -.infinity, .nan, -1, -1e-300,
  ]

  static func extreme(_ random: inout SeededRandom) -> Double {
    if random.next() % 2 == 0 { return specials[Int(random.next() % UInt64(specials.count))] }
    let magnitude = Double.pow(10, random.uniform(-330...308))
    return random.next() % 8 == 0 ? -magnitude : magnitude
  }

  /// One field: an extreme value one time in four, else a value within `usual`.
  static func field(_ random: inout SeededRandom, _ usual: ClosedRange<Double>) -> Double {
    random.next() % 4 == 0 ? extreme(&random) : random.uniform(usual)
  }

  static func camera(_ random: inout SeededRandom) -> Result<Camera, InvalidInput> {
    let lat = field(&random, -90...90)
    let lng = field(&random, -180...180)
    do throws(InvalidInput) {
      return .success(
        try Camera(
          center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: field(&random, 1e-9...1e6),
          longitudeDelta: field(&random, 1e-9...1e6), width: field(&random, 0.01...1e6),
          height: field(&random, 0.01...1e6), heading: field(&random, 0...360),
          pitch: random.next() % 2 == 0 ? 0 : field(&random, 0...89), fieldOfView: field(&random, 1...150)))
    } catch {
      return .failure(error)
    }
  }

  static let fields: Set<String> = [
    "lat", "lng", "latDelta", "lngDelta", "width", "height", "heading", "pitch", "fov", "padding",
  ]

  @Test("every camera is refused with a named field or answered with finite numbers, index = scan")
  func extremeCameras() throws {
    var random = SeededRandom(seed: 0xE47)
    let pins = random.pinSet(count: 400)
    let layer = IndexedPins(pins: pins)
    let clusters = try ClusterIndex(pins: pins, options: ClusterOptions())
    var accepted = 0
    for _ in 0..<3_000 {
      switch Self.camera(&random) {
      case .failure(let error):
        #expect(error.field.map(Self.fields.contains) == true, "\(error)")
      case .success(let camera):
        accepted += 1
        let view = CameraView(camera)
        let query = engine.fetchQuery(for: view)
        let box = query.visibleRegion
        #expect(
          query.zoom.isFinite && [box.north, box.south, box.west, box.east].allSatisfy(\.isFinite)
            && (0...Int(FetchQuery.antipodalRange)).contains(query.range) && box.south <= box.north,
          "\(camera): \(query)")
        let padding = random.next() % 2 == 0 ? 0 : random.uniform(0...1e6)
        do throws(InvalidInput) {
          let indexed = try layer.visible(in: view, padding: padding)
          let scanned = try pins.visible(in: view, padding: padding)
          if indexed != scanned {
            let flat = VisibilityReference(camera: camera, padding: padding)
            let tilted = TiltedReference(camera: camera)
            for i in Set(indexed).symmetricDifference(scanned) {
              let (lat, lng) = (pins.latitudes[Int(i)], pins.longitudes[Int(i)])
              let borderline =
                camera.pitch == 0
                ? flat.isBorderline(latitude: lat, longitude: lng)
                : abs(tilted.signedEdgeDistance(latitude: lat, longitude: lng, padding: padding) ?? .infinity)
                  <= tilted.tolerance(padding: padding)
              #expect(borderline, "\(camera) padding \(padding): index and scan differ on pin \(i)")
            }
          }
        } catch {
          #expect(camera.pitch > 0 && error.field == "padding", "\(camera) padding \(padding): \(error)")
        }
        let result = clusters.items(in: view)
        #expect(result.zoom.isFinite)
        for item in result.items {
          #expect(item.point.x.isFinite && item.point.y.isFinite && item.anchor.x.isFinite, "\(camera): \(item)")
        }
        var layout = CalloutLayout(
          viewportWidth: camera.width, viewportHeight: camera.height, calloutWidth: Self.field(&random, 1...1e6),
          calloutHeight: Self.field(&random, 1...1e6))
        layout.margin = Self.field(&random, 0...100)
        let pin = GeoCoordinate(latitude: random.uniform(-90...90), longitude: random.uniform(-180...180))
        do {
          let placement = try engine.placeCallout(CalloutRequest(layout: layout, pin: .coordinate(pin, view: view)))
          let frame = placement.frame
          let numbers = [
            frame.x, frame.y, frame.width, frame.height, placement.arrowX, placement.pan.dx, placement.pan.dy,
          ]
          let finite = numbers.allSatisfy { $0.isFinite }
          #expect(finite, "\(camera), callout \(layout.calloutWidth)x\(layout.calloutHeight)")
        } catch {
          #expect(error.description.isEmpty == false)
        }
        let svg = try engine.mapPicture(index: clusters, view: view, fetchCircle: true).svg()
        let words = svg.lowercased().split { !($0.isLetter) }
        #expect(!words.contains("nan") && !words.contains("inf"), "\(camera)")
      }
    }
    #expect(accepted > 500, "enough cameras within the accepted ranges (\(accepted))")
  }

  @Test("views thousands of worlds wide answer like the scan, without walking the copies")
  func wideViews() throws {
    var random = SeededRandom(seed: 0x1DE)
    let pins = random.pinSet(count: 2_000)
    let layer = IndexedPins(pins: pins)
    for lngDelta in [720.0, 1_441, 36_000, 1e6] {
      for heading in [0.0, 33, 90, 271] {
        let camera = try Camera(
          center: GeoCoordinate(latitude: 10, longitude: 170), latitudeDelta: 1, longitudeDelta: lngDelta, width: 390,
          height: 844, heading: heading)
        for padding in [0.0, 1e6] {
          let view = CameraView(camera)
          #expect(try layer.visible(in: view, padding: padding) == pins.visible(in: view, padding: padding))
        }
      }
    }
  }

  @Test("the accepted ranges' ends are accepted and their neighbours refused, naming the field")
  func rangeEnds() throws {
    let c = GeoCoordinate(latitude: 0, longitude: 0)
    for (lat, lng, w, h) in [(1e-9, 1e6, 0.01, 1e6), (1e6, 1e-9, 1e6, 0.01)] {
      let view = CameraView(try Camera(center: c, latitudeDelta: lat, longitudeDelta: lng, width: w, height: h))
      #expect(view.zoom.isFinite && view.zoom > -60 && view.zoom < 70)
    }
    let refusals: [(String, () throws(InvalidInput) -> Camera)] = [
      (
        "latDelta",
        { () throws(InvalidInput) in try Camera(center: c, latitudeDelta: 9e-10, longitudeDelta: 1, width: 1, height: 1)
        }
      ),
      (
        "lngDelta",
        { () throws(InvalidInput) in
          try Camera(center: c, latitudeDelta: 1, longitudeDelta: 1.0001e6, width: 1, height: 1)
        }
      ),
      (
        "width",
        { () throws(InvalidInput) in
          try Camera(center: c, latitudeDelta: 1, longitudeDelta: 1, width: .leastNonzeroMagnitude, height: 844)
        }
      ),
      (
        "height",
        { () throws(InvalidInput) in
          try Camera(center: c, latitudeDelta: 1, longitudeDelta: 1, width: 390, height: 1e308)
        }
      ),
    ]
    for (field, make) in refusals {
      #expect(throws: InvalidInput.self) { try make() }
      do { _ = try make() } catch { #expect(error.field == field && error.code == .outOfRange, "\(error)") }
    }
    #expect(throws: InvalidInput.self) { try VisibilityWindow.validatePadding(1.5e6) }
  }

  @Test("checked conversions never trap")
  func checkedConversions() {
    #expect(Int(checked: .nan) == nil && Int(checked: .infinity) == nil && Int(checked: 1e19) == nil)
    #expect(Int(checked: -0x1p63) == Int.min && Int(checked: 0x1p63) == nil && Int(checked: 2.5, rounding: .up) == 3)
    #expect(Int(clamping: .infinity, to: 0...10, rounding: .down) == 10)
    #expect(
      Int(clamping: -1e300, to: 0...10, rounding: .down) == 0 && Int(clamping: .nan, to: 0...10, rounding: .down) == nil
    )
    #expect(Int(size: UInt.max) == Int.max && Int(size: 7) == 7)
  }
}
