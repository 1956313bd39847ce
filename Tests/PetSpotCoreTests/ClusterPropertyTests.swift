import PetSpotCore
import PetSpotTestSupport
import RealModule
import Testing

/// The five invariants of the clustering contract, checked item by item against brute force.
@Suite("Clustering: tappable, nothing lost, local, separable, deterministic")
struct ClusterPropertyTests {
  /// Checks every invariant for one camera (``ClusterInvariants``); returns the result.
  @discardableResult
  static func check(_ index: ClusterIndex, camera: Camera, _ context: String = "") -> ClusterResult {
    let (result, problems) = ClusterInvariants.check(index, camera: camera)
    #expect(problems.isEmpty, "\(context) \(problems.joined(separator: "\n"))")
    return result
  }

  static func options(_ random: inout SeededRandom) -> ClusterOptions {
    ClusterOptions(
      minSeparation: [44, 60, 20, random.uniform(5...120)][Int(random.next() % 4)], maxZoom: Int(random.next() % 23))
  }

  @Test("thousands of random cameras of every kind over random pin sets", arguments: CameraKind.allCases)
  func randomCameras(kind: CameraKind) throws {
    var random = SeededRandom(seed: 0xC1_0057 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for round in 0..<5 {
      let pins = random.pinSet(count: 300 + 150 * round)
      for _ in 0..<3 {
        let index = try ClusterIndex(pins: pins, options: Self.options(&random))
        for _ in 0..<40 { Self.check(index, camera: random.camera(kind)) }
      }
    }
  }

  @Test("50 pins at one address: one cluster, then a spider that keeps them apart")
  func fiftyAtOneAddress() throws {
    var pins = PinSet()
    for i in 0..<50 {
      try pins.append(
        id: "shelter-\(i)", latitude: 48.8566, longitude: 2.3522, status: i % 3 == 0 ? .missing : .found, sourceRow: i)
    }
    try pins.append(id: "neighbour", latitude: 48.8567, longitude: 2.3522, status: .missing, sourceRow: 50)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 16))
    var random = SeededRandom(seed: 50)
    for zoom in stride(from: 1.0, through: 21, by: 0.37) {
      let scale = 256 * Double.pow(2, zoom)
      let camera = try Camera(
        center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 1e-9,
        longitudeDelta: 360 * 900 / scale, width: 900, height: 844, heading: random.uniform(0...360))
      let result = Self.check(index, camera: camera, "zoom \(zoom)")
      if zoom < 16 {
        #expect(
          result.items.count == 1 && result.items[0].cluster?.count == 51, "zoom \(zoom): \(result.items.map(\.kind))")
        #expect(result.items.first?.cluster?.expansionZoom == 16)
      } else {
        #expect(result.items.count == 51 && result.items.filter { $0.kind == .spider }.count >= 50, "zoom \(zoom)")
        // The viewport has room for the spiral: every leg is on screen.
        #expect(
          result.items.allSatisfy { (0...900).contains($0.point.x) && (0...844).contains($0.point.y) }, "zoom \(zoom)")
      }
    }
  }

  @Test("the camera showing a cluster splits it at its expansion zoom")
  func zoomToCluster() throws {
    var random = SeededRandom(seed: 7)
    let pins = random.pinSet(count: 2000)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 18))
    var checked = 0
    for _ in 0..<40 {
      guard let camera = random.camera(onPinOf: pins, zooms: 0...17) else { continue }
      let result = index.items(in: VisibleRectangle(camera: camera))
      for item in result.items {
        guard let cluster = item.cluster else { continue }
        // A cluster merged at query time (a fragment joined it: invariant 6) lives in the result.
        #expect((cluster.isMerged ? result.cluster(id: cluster.id) : index.cluster(id: cluster.id)) == cluster)
        let camera = try index.camera(showing: cluster, width: 1280, height: 800)
        let zoomed = Self.check(index, camera: camera, "zoom to \(cluster.id)")
        #expect(zoomed.level <= cluster.expansionZoom)
        if zoomed.level == cluster.expansionZoom {
          #expect(!zoomed.items.contains { $0.cluster?.idHash == cluster.idHash }, "it splits")
        }
        let reference = VisibilityReference(camera: camera, padding: 0)
        for leaf in index.leaves(of: cluster) {
          #expect(
            reference.isVisible(latitude: pins.latitudes[leaf], longitude: pins.longitudes[leaf]), "every leaf in view")
        }
        let children = index.children(of: cluster)
        #expect(children.count >= 2 && children.reduce(0) { $0 + ($1.cluster?.count ?? 1) } == cluster.count)
        // Pages of leaves add up to all of them.
        let all = index.leaves(of: cluster)
        let paged = stride(from: 0, to: all.count, by: 3).flatMap { index.leaves(of: cluster, offset: $0, limit: 3) }
        #expect(paged == all)
        checked += 1
      }
    }
    #expect(checked > 20)
  }

  @Test("same pins, same items; ids depend on members only")
  func deterministic() throws {
    var random = SeededRandom(seed: 99)
    let pins = random.pinSet(count: 1500)
    let options = ClusterOptions(minSeparation: 60, maxZoom: 16)
    let a = try ClusterIndex(pins: pins, options: options)
    let b = try ClusterIndex(pins: pins, options: options)
    for _ in 0..<100 {
      let rect = VisibleRectangle(camera: random.camera(CameraKind.allCases[Int(random.next() % 8)]))
      #expect(a.items(in: rect) == b.items(in: rect))
    }
  }

  @Test("spider layouts keep every two legs apart", arguments: [2, 3, 5, 8, 9, 10, 17, 50, 120, 333, 1000, 2000])
  func spiderLayout(count: Int) {
    for d in [44.0, 60, 7.5] {
      for compact in [false, true] {
        Self.checkLayout(count: count, separation: d, compact: compact)
      }
    }
  }

  static func checkLayout(count: Int, separation d: Double, compact: Bool) {
    let offsets =
      compact
      ? SpiderLayout.compactOffsets(count: count, separation: d) : SpiderLayout.offsets(count: count, separation: d)
    #expect(offsets.count == count)
    var closest = Double.infinity
    for i in offsets.indices {
      for j in offsets.indices where j > i {
        let dx = offsets[i].dx - offsets[j].dx
        let dy = offsets[i].dy - offsets[j].dy
        closest = min(closest, (dx * dx + dy * dy).squareRoot())
      }
    }
    #expect(closest >= d * (1 - 1e-12), "n \(count), d \(d), compact \(compact): closest \(closest)")
    let radius =
      compact
      ? SpiderLayout.compactRadius(count: count, separation: d) : SpiderLayout.radius(count: count, separation: d)
    #expect(offsets.allSatisfy { ($0.dx * $0.dx + $0.dy * $0.dy).squareRoot() <= radius * (1 + 1e-12) })
    if compact && count >= 20 {
      // The compact layout is the narrower one where it is used.
      #expect(radius < 0.9 * SpiderLayout.radius(count: count, separation: d), "n \(count)")
    }
  }

  @Test("invalid options are named")
  func invalidOptions() {
    for (options, field) in [
      (ClusterOptions(minSeparation: .nan), "minSeparation"), (ClusterOptions(minSeparation: 0), "minSeparation"),
      (ClusterOptions(minSeparation: -3), "minSeparation"), (ClusterOptions(minSeparation: 1001), "minSeparation"),
      (ClusterOptions(maxZoom: -1), "maxZoom"), (ClusterOptions(maxZoom: 23), "maxZoom"),
    ] {
      #expect(throws: InvalidInput.self) { try ClusterIndex(pins: PinSet(), options: options) }
      do { try options.validate() } catch { #expect(error.field == field) }
    }
  }

  @Test("empty and all-invalid pin sets give no items")
  func empty() throws {
    var random = SeededRandom(seed: 3)
    var pins = PinSet()
    try pins.append(id: "pole", latitude: 90, longitude: 0, status: nil, sourceRow: 0)
    for p in [PinSet(), pins] {
      let index = try ClusterIndex(pins: p, options: ClusterOptions())
      for kind in CameraKind.allCases {
        #expect(index.items(in: VisibleRectangle(camera: random.camera(kind))).items.isEmpty)
      }
    }
  }
}
