import Foundation
import PetSpotCore
import PetSpotGeo
import PetSpotTestSupport
import Testing

/// Invariant 6 (docs/clustering.md): every pin in view is shown by an item drawn inside the
/// viewport — no cluster holding visible pins drawn off screen, no spider leg outside.
@Suite("Clustering: every pin in view reachable on screen")
struct OnScreenClusterTests {
  /// Visible pins (brute force) whose item is drawn outside the viewport, and the items holding
  /// no visible pin.
  static func unreachable(_ index: ClusterIndex, camera: Camera) -> (hidden: Int, visible: Int, idle: Int) {
    let result = index.items(in: CameraView(camera))
    let reference = VisibilityReference(camera: camera, padding: 0)
    let pins = index.pins
    var hidden = 0
    var visible = 0
    var idle = 0
    for item in result.items {
      let inside = (0...camera.width).contains(item.point.x) && (0...camera.height).contains(item.point.y)
      let leaves = item.cluster.map { index.leaves(of: $0) } ?? [item.position]
      let shown = leaves.filter { reference.isVisible(latitude: pins.latitudes[$0], longitude: pins.longitudes[$0]) }
      visible += shown.count
      if !inside { hidden += shown.count }
      if shown.isEmpty { idle += 1 }
    }
    return (hidden, visible, idle)
  }

  @Test("16 cameras (phones, tablets, desktops; city to world) over 20,000 pins: no visible pin hidden")
  func sixteenCameras() throws {
    let places = try PinGenerator.Place.load(path: ClusteredPinsTests.placesPath)
    let pins = PinGenerator(kind: .skewed(places: places), seed: 24).pinSet(count: 20_000, shelters: 8)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let viewports: [(Double, Double)] = [(390, 844), (820, 1180), (1440, 900), (2560, 1440)]
    let centres = [(48.8566, 2.3522), (40.7128, -74.006), (-33.87, 151.21), (35.68, 139.69)]
    var totalVisible = 0
    var fragments = 0
    for (k, (width, height)) in viewports.enumerated() {
      for (z, zoom) in [11.3, 6.6, 3.2, 0.7].enumerated() {
        let (lat, lng) = centres[(k + z) % centres.count]
        let camera = try Camera(
          center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: 1e-9,
          longitudeDelta: 360 * width / (256 * pow(2, zoom)), width: width, height: height, heading: Double(z) * 17)
        let problems = ClusterInvariants.check(index, camera: camera).problems
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        let counts = Self.unreachable(index, camera: camera)
        #expect(counts.hidden == 0 && counts.idle == 0, "\(width)×\(height) zoom \(zoom): \(counts)")
        totalVisible += counts.visible
        let result = index.items(in: CameraView(camera))
        fragments +=
          result.items.filter { ($0.cluster?.isMerged ?? false) || ($0.cluster?.expansionZoom ?? 0) > result.level + 1 }
          .count
      }
    }
    #expect(totalVisible > 20_000, "the cameras see the pins: \(totalVisible)")
    #expect(fragments > 0, "clusters drawn off screen were split or merged at query time")
  }

  /// `count` pins at one address, a phone over them at `zoom` (maxZoom 18), the address at
  /// `screen` (points from the top-left corner).
  static func shelter(count: Int, screen: ScreenPoint, zoom: Double = 19) throws -> (ClusterIndex, Camera) {
    var pins = PinSet()
    let address = GeoCoordinate(latitude: 51.9338, longitude: 5.2313)
    for i in 0..<count {
      try pins.append(
        id: "s\(i)", latitude: address.latitude, longitude: address.longitude, status: .found, sourceRow: i)
    }
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 18))
    let scale = 256 * pow(2, zoom)
    let p = WebMercator.project(address)
    let centre = MercatorPoint(x: p.x + (195 - screen.x) / scale, y: p.y + (422 - screen.y) / scale)
    let camera = try Camera(
      center: WebMercator.unproject(centre)!, latitudeDelta: 1e-9, longitudeDelta: 360 * 390 / scale, width: 390,
      height: 844)
    return (index, camera)
  }

  @Test("a shelter's spider stays inside a phone: slid from the edge, re-laid compactly, or stacked")
  func shelterSpiders() throws {
    // 30 pins at the right edge: the spiral fits and slides inside.
    var (index, camera) = try Self.shelter(count: 30, screen: ScreenPoint(x: 385, y: 420))
    var (result, problems) = ClusterInvariants.check(index, camera: camera)
    #expect(problems.isEmpty, "\(problems)")
    #expect(result.items.count == 30 && result.items.allSatisfy { $0.kind == .spider })
    #expect(result.items.allSatisfy { $0.point.x >= 22 && $0.point.x <= 390 - 22 }, "legs drawn whole")
    // 45 pins: the spiral needs 427 points, the compact layout 360: re-laid.
    (index, camera) = try Self.shelter(count: 45, screen: ScreenPoint(x: 195, y: 422))
    (result, problems) = ClusterInvariants.check(index, camera: camera)
    #expect(problems.isEmpty, "\(problems)")
    #expect(result.items.count == 45 && result.items.allSatisfy { $0.kind == .spider })
    let reach = result.items.map {
      (($0.point.x - 195) * ($0.point.x - 195) + ($0.point.y - 422) * ($0.point.y - 422)).squareRoot()
    }
    #expect(abs(reach.max()! - SpiderLayout.compactRadius(count: 45, separation: 44)) < 1e-9)
    // 400 pins cannot be held apart on a phone: one stack, navigable from the result.
    (index, camera) = try Self.shelter(count: 400, screen: ScreenPoint(x: 100, y: 700))
    (result, problems) = ClusterInvariants.check(index, camera: camera)
    #expect(problems.isEmpty, "\(problems)")
    #expect(result.items.count == 1)
    let stack = try #require(result.items.first?.cluster)
    #expect(stack.count == 400 && stack.isMerged && stack.expansionZoom == 18)
    #expect(result.cluster(id: stack.id) == stack && index.leaves(of: stack).count == 400)
    #expect(abs(result.items[0].point.x - 100) < 1e-6 && abs(result.items[0].point.y - 700) < 1e-6, "at the address")
  }

  @Test("a rotated view wider than the world draws each visible pin in the copy that shows it")
  func rotatedWideView() throws {
    let camera = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 1e-9, longitudeDelta: 900, width: 1400,
      height: 200, heading: 40)
    let rectangle = VisibleRectangle(camera: camera)
    let reference = VisibilityReference(camera: camera, padding: 0)
    var random = SeededRandom(seed: 0x51DE)
    var farCopies = 0
    for _ in 0..<20_000 {
      let (lat, lng) = (random.uniform(-84...84), random.uniform(-180...180))
      guard reference.isVisible(latitude: lat, longitude: lng), !reference.isBorderline(latitude: lat, longitude: lng)
      else { continue }
      let p = WebMercator.project(GeoCoordinate(latitude: lat, longitude: lng))
      let screen = rectangle.screenPoint(of: p)
      #expect((0...1400).contains(screen.x) && (0...200).contains(screen.y), "(\(lat), \(lng)) drawn at \(screen)")
      if abs(rectangle.drawnOffset(of: p)) > 0.5 { farCopies += 1 }
    }
    #expect(farCopies > 100, "pins shown only in a farther copy: \(farCopies)")
  }

  @Test("a heading of 1e-321°: the view is unrotated, far pins stay out (a camera fuzzer finding)")
  func denormalHeading() throws {
    var pins = PinSet()
    for (i, (lat, lng)) in [(0.0, 0.0), (85.05, 10), (-85.05, -10), (-84, -180), (-84, 179.99)].enumerated() {
      try pins.append(id: "p\(i)", latitude: lat, longitude: lng, status: .missing, sourceRow: i)
    }
    let index = try ClusterIndex(pins: pins, options: ClusterOptions())
    let camera = try Camera(
      center: GeoCoordinate(latitude: -84, longitude: -180), latitudeDelta: 0.01, longitudeDelta: 2e-9, width: 1e6,
      height: 5.01, heading: Double(bitPattern: 179))  // 885e-324, a subnormal
    let problems = ClusterInvariants.check(index, camera: camera).problems
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    let visible = try IndexedPins(pins: pins).visible(in: CameraView(camera))
    #expect(visible.map { pins.ids[Int($0)] }.sorted() == ["p3", "p4"], "\(visible)")
  }
}
