import PetSpotCore
import PetSpotTestSupport
import Testing

/// Revealing a pin: the item holding it, as brute force over the items' leaves finds it, and the
/// camera that shows it on its own — the smallest such zoom for flat cameras.
@Suite("Reveal a pin: the item holding it and the camera that shows it alone")
struct ClusterRevealTests {
  /// Random pins with dense towns (so that most pins sit inside clusters at most zooms).
  static func pins(seed: UInt64) throws -> PinSet {
    var random = SeededRandom(seed: seed)
    var pins = random.pinSet(count: 2_000)
    for (t, center) in [(48.8566, 2.3522), (-33.87, 151.21), (64.1, -179.9)].enumerated() {
      let town = try random.town(count: 300, center: center, radius: (0.05, 0.08), prefix: "t\(t)-")
      for k in 0..<town.count {
        let c = town.coordinate(at: k)
        try pins.append(
          id: town.ids[k], latitude: c.latitude, longitude: c.longitude, status: .found, sourceRow: pins.count)
      }
    }
    return pins
  }

  /// The index of the item of `result` showing `position`, by its leaves.
  static func holder(of position: Int, in result: ClusterResult, index: ClusterIndex) -> Int? {
    result.items.firstIndex { item in
      item.cluster.map { index.leaves(of: $0).contains(position) } ?? (item.position == position)
    }
  }

  @Test(
    "the item holding the pin is the one whose leaves hold it; the camera shows it alone",
    arguments: CameraKind.allCases)
  func matchesBruteForce(kind: CameraKind) throws {
    let pins = try Self.pins(seed: 61)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 16))
    var random = SeededRandom(seed: 62)
    for _ in 0..<12 {
      let camera = random.camera(kind)
      let result = index.items(in: CameraView(camera))
      // Pins the result shows (when any) and pins drawn at random (mostly out of view).
      let inView = result.items.flatMap { $0.cluster.map { index.leaves(of: $0) } ?? [$0.position] }
      let candidates =
        (0..<4).compactMap { _ in inView.isEmpty ? nil : inView[Int(random.next() % UInt64(inView.count))] }
        + (0..<2).map { _ in Int(random.next() % UInt64(pins.count)) }
      for position in candidates where abs(pins.latitudes[position]) < 85 {
        let reveal = try #require(index.reveal(position: position, in: result, from: camera))
        #expect(reveal.item == Self.holder(of: position, in: result, index: index), "pin \(position)")
        let c = reveal.camera
        let dLng = abs(c.center.longitude - pins.longitudes[position])  // 180 is -180
        #expect(
          abs(c.center.latitude - pins.latitudes[position]) < 1e-9 && min(dLng, 360 - dLng) < 1e-9
            && c.width == camera.width && c.height == camera.height && c.heading == camera.heading
            && c.pitch == camera.pitch,
          "the camera is centred on the pin \(pins.coordinate(at: position)), with the viewport and orientation of \(camera): \(c)"
        )
        #expect(reveal.level >= 0 && reveal.level <= 16)
        let after = index.items(in: CameraView(c))
        let alone = after.items.contains { $0.cluster == nil && $0.position == position }
        #expect(alone == reveal.isShownAlone, "pin \(position): checked as said")
        // Only a spider too wide for the viewport (a stack) keeps a pin from being shown alone.
        #expect(
          reveal.isShownAlone || after.items.contains { $0.cluster?.expansionZoom == 16 },
          "pin \(position) not shown alone at \(kind)")
      }
    }
  }

  @Test("flat desktop cameras: one level less and the pin is inside a cluster (the level is the smallest)")
  func smallest() throws {
    let pins = try Self.pins(seed: 63)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 16))
    var random = SeededRandom(seed: 64)
    var checked = 0
    for _ in 0..<60 {
      guard let camera = random.camera(onPinOf: pins, zooms: 0...14) else { continue }
      let position = Int(random.next() % UInt64(pins.count))
      guard abs(pins.latitudes[position]) < 80 else { continue }
      let result = index.items(in: CameraView(camera))
      let reveal = try #require(index.reveal(position: position, in: result, from: camera))
      #expect(reveal.isShownAlone && CameraView(reveal.camera).rectangle.zoom >= Double(reveal.level))
      guard reveal.level > 0 else { continue }
      guard
        let coarser = try? Camera(
          center: reveal.camera.center, latitudeDelta: reveal.camera.latitudeDelta * 2,
          longitudeDelta: reveal.camera.longitudeDelta * 2, width: 1280, height: 800)
      else { continue }
      let items = index.items(in: CameraView(coarser)).items
      #expect(!items.contains { $0.cluster == nil && $0.position == position }, "pin \(position) alone one level up")
      checked += 1
    }
    #expect(checked > 20)
  }

  @Test("tilted cameras keep their pitch and show the pin alone")
  func tilted() throws {
    let pins = try Self.pins(seed: 65)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 16))
    let camera = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 0.5, longitudeDelta: 0.5,
      width: 390, height: 844, heading: 30, pitch: 60)
    let result = index.items(in: CameraView(camera))
    for k in stride(from: 0, to: 300, by: 37) {
      let position = try #require(pins.ids.position(of: "t0-\(k)"))
      let reveal = try #require(index.reveal(position: position, in: result, from: camera))
      #expect(reveal.camera.pitch == 60 && reveal.camera.heading == 30 && reveal.isShownAlone)
      #expect(reveal.item == Self.holder(of: position, in: result, index: index))
    }
  }

  @Test("pins off the map, removed or out of range have nothing to reveal")
  func nothing() throws {
    var pins = PinSet()
    try pins.append(id: "pole", latitude: 89.9, longitude: 0, status: nil, sourceRow: 0)
    try pins.append(id: "a", latitude: 10, longitude: 10, status: nil, sourceRow: 1)
    var index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let camera = try Camera(
      center: GeoCoordinate(latitude: 10, longitude: 10), latitudeDelta: 1, longitudeDelta: 1, width: 390,
      height: 844)
    let result = index.items(in: CameraView(camera))
    #expect(index.reveal(position: 0, in: result, from: camera) == nil, "beyond the Mercator limit")
    #expect(
      index.reveal(position: 2, in: result, from: camera) == nil
        && index.reveal(position: -1, in: result, from: camera) == nil)
    #expect(index.reveal(position: 1, in: result, from: camera)?.item == 0)
    index.remove(at: 1)
    #expect(index.reveal(position: 1, in: index.items(in: CameraView(camera)), from: camera) == nil, "removed")
  }
}
