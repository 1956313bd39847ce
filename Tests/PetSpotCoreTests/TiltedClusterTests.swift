import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Clustering under perspective: the invariants on screen")
struct TiltedClusterTests {
  @Test("random tilted cameras of every kind over random pin sets", arguments: CameraKind.allCases)
  func randomCameras(kind: CameraKind) throws {
    var random = SeededRandom(seed: 0xC1A7 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for round in 0..<3 {
      var pins = random.pinSet(count: 1500)
      // Dense pins under a tilted camera, so that every part of the view clusters.
      let camera = random.tiltedCamera(kind)
      let reference = TiltedReference(camera: camera)
      for n in 0..<1500 {
        let screen = ScreenPoint(x: random.uniform(0...camera.width), y: random.uniform(0...camera.height))
        guard let p = reference.mercatorPoint(at: screen), let c = WebMercator.unproject(p) else { continue }
        try pins.append(id: "t\(n)", latitude: c.latitude, longitude: c.longitude, status: .found, sourceRow: 0)
      }
      let options = ClusterOptions(minSeparation: [44.0, 20, 60][round], maxZoom: [16, 12, 20][round])
      let index = try ClusterIndex(pins: pins, options: options)
      for _ in 0..<12 {
        let camera = random.next() % 3 == 0 ? camera : random.tiltedCamera(kind)
        let (_, problems) = TiltedClusterInvariants.check(index, camera: camera)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
      }
    }
  }

  @Test("a 60° city camera: far items coarser, near ones at least the flat level, counts whole")
  func cityCamera() throws {
    var random = SeededRandom(seed: 60)
    let pins = try random.town(count: 20_000, center: (52.23, 21.01), radius: (0.2, 0.3), prefix: "c")
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let camera = try TiltedCameraTests.pitched(span: 0.05, pitch: 60)
    let (result, problems) = TiltedClusterInvariants.check(index, camera: camera)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    let flat = index.items(in: CameraView(try TiltedCameraTests.pitched(span: 0.05, pitch: 0)))
    let shown = result.items.reduce(0) { $0 + ($1.cluster?.count ?? 1) }
    #expect(shown > flat.items.reduce(0) { $0 + ($1.cluster?.count ?? 1) }, "the tilted view shows more ground")
  }
}

@Suite("Tap-to-zoom from a tilted camera")
struct TiltedTapToZoomTests {
  @Test("the camera keeps heading, pitch and fov, and shows every leaf inside the viewport")
  func keepsTheTilt() throws {
    var random = SeededRandom(seed: 0x7A9)
    let pins = try random.town(count: 5_000, center: (48.85, 2.35), radius: (0.1, 0.15), prefix: "z")
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let camera = try TiltedCameraTests.pitched(lat: 48.85, lng: 2.35, span: 0.2, heading: 40, pitch: 55, fov: 50)
    let clusters = index.items(in: CameraView(camera)).items.compactMap(\.cluster)
    #expect(clusters.count > 5)
    for cluster in clusters.prefix(20) {
      let zoomed = try index.camera(
        showing: cluster, width: camera.width, height: camera.height, heading: camera.heading, pitch: camera.pitch,
        fieldOfView: camera.fieldOfView)
      #expect(zoomed.heading == 40 && zoomed.pitch == 55 && zoomed.fieldOfView == 50)
      let view = CameraView(zoomed)
      for leaf in index.leaves(of: cluster) {
        let c = pins.coordinate(at: leaf)
        let p = view.screenPoint(of: c)
        #expect(
          view.isInFront(c) && p.x >= -1e-6 && p.x <= camera.width + 1e-6 && p.y >= -1e-6
            && p.y <= camera.height + 1e-6,
          "leaf \(leaf) of \(cluster.id) at \(p)")
      }
    }
  }
}
