import PetSpotCore
import PetSpotTestSupport
import Testing

/// Every cluster a query shows can be navigated: by id below zoom 0, with a viewport no larger than
/// minSeparation, and with a tap-to-zoom camera safely at or above the expansion zoom.
@Suite("Cluster navigation at every zoom and viewport size")
struct ClusterNavigationTests {
  static func pins(_ coordinates: [(Double, Double)]) throws -> PinSet {
    var pins = PinSet()
    for (i, (lat, lng)) in coordinates.enumerated() {
      try pins.append(id: "p\(i)", latitude: lat, longitude: lng, status: .missing, sourceRow: i)
    }
    return pins
  }

  @Test("a cluster merged below zoom 0 is found by id in its result and navigated from there")
  func mergedBelowZoomZero() throws {
    let index = try ClusterIndex(pins: try Self.pins([(0, 0), (0, 90)]), options: ClusterOptions())
    let camera = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 80, longitudeDelta: 360, width: 100,
      height: 100)
    let result = index.items(in: CameraView(camera))
    #expect(result.zoom < 0 && result.items.count == 1)
    let merged = try #require(result.items.first?.cluster)
    #expect(merged.isMerged && merged.count == 2 && merged.expansionZoom == 0)
    #expect(index.cluster(id: merged.id) == nil, "not in the index")
    #expect(result.cluster(id: merged.id) == merged && result.mergedClusters == [merged])
    #expect(Set(index.leaves(of: merged)) == [0, 1])
    #expect(index.children(of: merged).count == 2)
    let zoomed = try index.camera(showing: merged, width: 100, height: 100)
    let after = index.items(in: CameraView(zoomed))
    #expect(!after.items.contains { $0.cluster?.idHash == merged.idHash }, "tap-to-zoom splits it")
  }

  @Test("on a 20,000-pin world view below zoom 0, every cluster shown resolves by id in its result")
  func worldThumbnail() throws {
    var random = SeededRandom(seed: 25)
    let pins = random.pinSet(count: 20_000)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let camera = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 170, longitudeDelta: 360, width: 200,
      height: 200)
    let result = index.items(in: CameraView(camera))
    for cluster in result.items.compactMap(\.cluster) {
      let found = try #require(result.cluster(id: cluster.id) ?? index.cluster(id: cluster.id))
      #expect(index.leaves(of: found).count == cluster.count)
      _ = try index.camera(showing: found, width: 200, height: 200)
    }
  }

  @Test("tap-to-zoom with a viewport no larger than minSeparation gives the best camera, not an error")
  func tinyViewports() throws {
    // Two pins 11 m apart; default 44 pt separation.
    let index = try ClusterIndex(
      pins: try Self.pins([(52.2297, 21.0122), (52.2297, 21.01236)]), options: ClusterOptions())
    let cluster = try #require(
      index.items(
        in: CameraView(
          try Camera(
            center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122), latitudeDelta: 0.5, longitudeDelta: 0.5,
            width: 390, height: 844))
      ).items.first?.cluster)
    for (width, height) in [(44.0, 44.0), (500, 40), (40, 500), (10, 10), (0.01, 0.01), (45, 45)] {
      let camera = try index.camera(showing: cluster, width: width, height: height)
      #expect(camera.width == width && camera.height == height)
      let view = CameraView(camera)
      for leaf in index.leaves(of: cluster) {
        let p = view.screenPoint(of: index.pins.coordinate(at: leaf))
        #expect(p.x >= -1e-6 && p.x <= width + 1e-6 && p.y >= -1e-6 && p.y <= height + 1e-6, "\(width)x\(height)")
      }
    }
    #expect(throws: InvalidInput.self) { try index.camera(showing: cluster, width: 0, height: 100) }
    do { _ = try index.camera(showing: cluster, width: 100, height: .nan) } catch {
      #expect(error.field == "height")
    }
  }

  @Test("the tap-to-zoom camera's zoom is at least E + 1e-10 whenever the leaves fit at E")
  func zoomSafelyAboveExpansion() throws {
    var random = SeededRandom(seed: 225)
    let pins = random.pinSet(count: 3_000)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 18))
    var checked = 0
    for _ in 0..<60 {
      guard let camera = random.camera(onPinOf: pins, zooms: 0...17) else { continue }
      for cluster in index.items(in: CameraView(camera)).items.compactMap(\.cluster) {
        let zoomed = try index.camera(showing: cluster, width: 390, height: 844)
        let zoom = CameraView(zoomed).zoom
        #expect(zoom <= Double(cluster.expansionZoom) + 2e-9)
        if zoom >= Double(cluster.expansionZoom) - 1e-6 {
          #expect(zoom >= Double(cluster.expansionZoom) + 1e-10, "\(cluster.id): zoom \(zoom)")
          checked += 1
        }
      }
    }
    #expect(checked > 50)
  }
}
