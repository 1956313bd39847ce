import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("Prune plans: all pins, a scan or the tree walk, chosen per view, one answer")
struct PrunePlanTests {
  /// The planned answer and every forced plan that applies agree with the brute-force reference
  /// (pins within rounding of an edge may go either way) and come in input order.
  static func check(_ layer: IndexedPins, camera: Camera, padding: Double, filter: StatusFilter?) throws {
    let pins = layer.pins
    let view = CameraView(camera)
    let window = try VisibilityWindow(view: view, padding: padding)
    let plan = layer.index.plan(for: window)
    let planned = try layer.visible(in: view, padding: padding, statuses: filter)
    #expect(planned == layer.visible(in: window, statuses: filter, plan: plan))
    let reference = VisibilityReference(camera: camera, padding: padding)
    let forced = PrunePlan.allCases.filter { $0 != .all || plan == .all }
    // Into a kept array: the same answers, whatever the array held before (longer, shorter, empty).
    var kept: [UInt32] = Array(repeating: 7, count: Int(camera.width) % 3 == 0 ? 0 : pins.count + 5)
    for forcedPlan in forced + [plan] {
      let fresh = layer.visible(in: window, statuses: filter, plan: forcedPlan)
      layer.visible(in: window, statuses: filter, plan: forcedPlan, into: &kept)
      #expect(kept == fresh, "\(forcedPlan) into a kept array, \(camera)")
    }
    for answer in [planned] + forced.map({ layer.visible(in: window, statuses: filter, plan: $0) }) {
      #expect(answer == answer.sorted() && Set(answer).count == answer.count, "input order, no repeats")
      let shown = Set(answer)
      for i in 0..<pins.count {
        let (lat, lng) = (pins.latitudes[i], pins.longitudes[i])
        let passes = filter.map { f in pins.status(at: i).map(f.statuses.contains) ?? false } ?? true
        let expected = passes && reference.isVisible(latitude: lat, longitude: lng)
        if shown.contains(UInt32(i)) != expected {
          #expect(
            reference.isBorderline(latitude: lat, longitude: lng),
            "pin \(i) (\(lat), \(lng)): reference \(expected), plan \(plan), \(camera), padding \(padding)")
        }
      }
    }
    // The plan follows the share of pins in view where the share is clear.
    let share = Double(pins.scanCount(in: window)) / Double(max(layer.index.count, 1))
    if share <= 0.02 { #expect(plan == .index, "share \(share), \(camera)") }
    if share >= 0.9 { #expect(plan != .index, "share \(share), \(camera)") }
  }

  @Test("random cameras of every kind, with filters and padding", arguments: CameraKind.allCases)
  func randomCameras(kind: CameraKind) throws {
    var random = SeededRandom(seed: 0x914A &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for round in 0..<4 {
      let layer = IndexedPins(pins: random.pinSet(count: 1_000 + 700 * round))
      for _ in 0..<40 {
        let camera = random.camera(kind)
        let padding = random.next() % 2 == 0 ? 0 : random.uniform(0...80)
        let filter: StatusFilter? = random.next() % 3 == 0 ? StatusFilter([.missing, .other("ADOPTED")]) : nil
        try Self.check(layer, camera: camera, padding: padding, filter: filter)
      }
    }
  }

  @Test(
    "the whole world is every indexed pin (not those beyond the Mercator limit); most of it a scan; half of it a scan with a vector kernel (axis-aligned or rotated), else the walk; a fifth, a sixth and a city the walk"
  )
  func chosenPlans() throws {
    var random = SeededRandom(seed: 0x914B)
    var pins = PinSet()
    for i in 0..<20_000 {
      // Uniform in longitude, within ±60° latitude; every 50th beyond the Mercator limit.
      let lat = i % 50 == 0 ? 88.0 : random.uniform(-60...60)
      try pins.append(
        id: "p\(i)", latitude: lat, longitude: random.uniform(-180...180), status: i % 3 == 0 ? .found : .missing,
        sourceRow: i)
    }
    let layer = IndexedPins(pins: pins)
    let world = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 10), latitudeDelta: 140, longitudeDelta: 400, width: 1600,
      height: 800)
    let window = VisibilityWindow(view: CameraView(world))
    #expect(pins.scanCount(in: window) == 20_000 - 400, "the premise: every pin within the Mercator limit in view")
    #expect(layer.index.plan(for: window) == .all)
    let all = try layer.visible(in: CameraView(world))
    #expect(all == (0..<20_000).filter { $0 % 50 != 0 }.map(UInt32.init))
    // Exactly one world wide: nodes along the view's side edges stay undecided to the last level
    // read; their pins are tested one by one.
    let oneWorld = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 140, longitudeDelta: 360, width: 1600,
      height: 800)
    let oneWorldWindow = VisibilityWindow(view: CameraView(oneWorld))
    #expect(pins.scanCount(in: oneWorldWindow) == 20_000 - 400)
    #expect(layer.index.plan(for: oneWorldWindow) == .all)
    let found = try layer.visible(in: CameraView(world), statuses: StatusFilter([.found]))
    #expect(found == (0..<20_000).filter { $0 % 50 != 0 && $0 % 3 == 0 }.map(UInt32.init))
    let most = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 90), latitudeDelta: 130, longitudeDelta: 300, width: 800,
      height: 800)
    let mostWindow = VisibilityWindow(view: CameraView(most))
    let share = Double(pins.scanCount(in: mostWindow)) / 19_600
    #expect(share > 0.75 && share < 0.95, "the premise: most pins in view, not all (\(share))")
    #expect(layer.index.plan(for: mostWindow) == .scan)
    let half = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 90), latitudeDelta: 130, longitudeDelta: 180, width: 800,
      height: 800)
    // Half the pins: a scan where its kernel takes the cheapest shape (a heading that is a multiple
    // of 90°, a vector kernel), the walk for a rotated view or with the plain C kernel.
    let halfWindow = VisibilityWindow(view: CameraView(half))
    let halfShare = Double(pins.scanCount(in: halfWindow)) / 19_600
    #expect(halfShare > 0.4 && halfShare < 0.6, "the premise: about half the pins in view (\(halfShare))")
    #expect(PinSet.scanCost(of: halfWindow) == .constantBounds && PinIndex.scanShare(for: halfWindow) < halfShare)
    #expect(layer.index.plan(for: halfWindow) == (PinSet.hasVectorScanKernel ? .scan : .index))
    let rotatedHalf = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 90), latitudeDelta: 140, longitudeDelta: 200, width: 800,
      height: 800, heading: 30)
    let rotatedWindow = VisibilityWindow(view: CameraView(rotatedHalf))
    let rotatedShare = Double(pins.scanCount(in: rotatedWindow)) / 19_600
    #expect(rotatedShare > 0.4 && rotatedShare < 0.6, "the premise: about half the pins in view (\(rotatedShare))")
    #expect(PinSet.scanCost(of: rotatedWindow) == .oneCopy && PinIndex.scanShare(for: rotatedWindow) < rotatedShare)
    #expect(layer.index.plan(for: rotatedWindow) == (PinSet.hasVectorScanKernel ? .scan : .index))
    // Rotated, a fifth of the pins: the walk.
    let rotatedFifth = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 90), latitudeDelta: 90, longitudeDelta: 90, width: 800,
      height: 800, heading: 30)
    let fifthWindow = VisibilityWindow(view: CameraView(rotatedFifth))
    let fifthShare = Double(pins.scanCount(in: fifthWindow)) / 19_600
    #expect(fifthShare > 0.1 && fifthShare < 0.28, "the premise: a fifth of the pins in view (\(fifthShare))")
    #expect(layer.index.plan(for: fifthWindow) == .index)
    // A sixth of the pins: the walk, whatever the shape.
    let sixth = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 90), latitudeDelta: 100, longitudeDelta: 60, width: 400,
      height: 800)
    let sixthWindow = VisibilityWindow(view: CameraView(sixth))
    let sixthShare = Double(pins.scanCount(in: sixthWindow)) / 19_600
    #expect(sixthShare > 0.1 && sixthShare < 0.25, "the premise: a sixth of the pins in view (\(sixthShare))")
    #expect(layer.index.plan(for: sixthWindow) == .index)
    let city = try Camera(
      center: GeoCoordinate(latitude: 48.85, longitude: 2.35), latitudeDelta: 0.3, longitudeDelta: 0.3, width: 390,
      height: 844)
    #expect(layer.index.plan(for: VisibilityWindow(view: CameraView(city))) == .index)
    for camera in [world, oneWorld, most, half, rotatedHalf, rotatedFifth, sixth, city] {
      try Self.check(layer, camera: camera, padding: 0, filter: nil)
    }
    // No pins: the walk, an empty answer.
    #expect(try IndexedPins(pins: PinSet()).visible(in: CameraView(world)).isEmpty)
  }
}
