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
      // In any order: the same pins, each once.
      let unordered = layer.visible(in: window, statuses: filter, plan: forcedPlan, order: .any)
      #expect(unordered.sorted() == fresh, "\(forcedPlan) in any order, \(camera)")
      layer.visible(in: window, statuses: filter, plan: forcedPlan, order: .any, into: &kept)
      #expect(kept == unordered, "\(forcedPlan) in any order into a kept array, \(camera)")
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
    // In any order: the plan's answer holds the same pins; a view narrower than the world is never
    // scanned (the walk without its sort is cheaper), and `all` stays `all`.
    let plannedAny = try layer.visible(in: view, padding: padding, statuses: filter, order: .any)
    #expect(plannedAny.sorted() == planned, "the planned answer in any order, \(camera)")
    let anyPlan = layer.index.plan(for: window, order: .any)
    #expect((anyPlan == .all) == (plan == .all))
    if 2 * window.halfExtentX < 1 { #expect(anyPlan != .scan, "\(camera)") } else { #expect(anyPlan == plan) }
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
    // Views over (0°, 90°) showing a known share of the pins: the plan follows the share against
    // the scan's cost class (with a vector kernel; the plain C kernel scans from 70 % only).
    let vector = PinSet.hasVectorScanKernel
    let views:
      [(
        name: String, span: (Double, Double), width: Double, heading: Double, share: ClosedRange<Double>,
        cost: ScanCost?, plan: PrunePlan
      )] = [
        ("most", (130, 300), 800, 0, 0.75...0.95, nil, .scan),
        ("half", (130, 180), 800, 0, 0.4...0.6, .constantBounds, vector ? .scan : .index),
        ("half, rotated", (140, 200), 800, 30, 0.4...0.6, .oneCopy, vector ? .scan : .index),
        ("a fifth, rotated", (90, 90), 800, 30, 0.1...0.28, .oneCopy, .index),
        ("a sixth", (100, 60), 400, 0, 0.1...0.25, .constantBounds, .index),
      ]
    var cameras: [Camera] = []
    for view in views {
      let camera = try Camera(
        center: GeoCoordinate(latitude: 0, longitude: 90), latitudeDelta: view.span.0, longitudeDelta: view.span.1,
        width: view.width, height: 800, heading: view.heading)
      let window = VisibilityWindow(view: CameraView(camera))
      let share = Double(pins.scanCount(in: window)) / 19_600
      #expect(view.share.contains(share), "the premise, \(view.name): \(share) of the pins in view")
      if let cost = view.cost { #expect(PinSet.scanCost(of: window) == cost, "\(view.name)") }
      #expect(layer.index.plan(for: window) == view.plan, "\(view.name), share \(share)")
      #expect(layer.index.plan(for: window, order: .any) == (view.plan == .scan ? .index : view.plan), "\(view.name)")
      cameras.append(camera)
    }
    let city = try Camera(
      center: GeoCoordinate(latitude: 48.85, longitude: 2.35), latitudeDelta: 0.3, longitudeDelta: 0.3, width: 390,
      height: 844)
    #expect(layer.index.plan(for: VisibilityWindow(view: CameraView(city))) == .index)
    for camera in [world, oneWorld, city] + cameras {
      try Self.check(layer, camera: camera, padding: 0, filter: nil)
    }
    // No pins: the walk, an empty answer.
    #expect(try IndexedPins(pins: PinSet()).visible(in: CameraView(world)).isEmpty)
    #expect(try IndexedPins(pins: PinSet()).visible(in: CameraView(world), order: .any).isEmpty)
  }

  @Test("no pins: every plan, in either order, answers nothing")
  func emptyPinSet() throws {
    let layer = IndexedPins(pins: PinSet())
    let world = try Camera(
      center: GeoCoordinate(latitude: 0, longitude: 0), latitudeDelta: 140, longitudeDelta: 360, width: 1600,
      height: 800)
    let window = VisibilityWindow(view: CameraView(world))
    for plan in PrunePlan.allCases {
      for order in [PruneOrder.input, .any] {
        #expect(layer.visible(in: window, plan: plan, order: order).isEmpty, "\(plan), \(order)")
        #expect(layer.visible(in: window, statuses: StatusFilter([.found]), plan: plan, order: order).isEmpty)
      }
    }
    #expect(try layer.visible(in: CameraView(world)).isEmpty, "the plan the index chooses")
  }

  @Test("in any order the walk's hits are not sorted: the same pins in the tree's order")
  func anyOrderSkipsTheSort() throws {
    var random = SeededRandom(seed: 0x914C)
    var pins = PinSet()
    for i in 0..<20_000 {
      try pins.append(
        id: "p\(i)", latitude: random.uniform(48...49), longitude: random.uniform(2...3), status: .missing,
        sourceRow: i)
    }
    let layer = IndexedPins(pins: pins)
    let camera = try Camera(
      center: GeoCoordinate(latitude: 48.5, longitude: 2.5), latitudeDelta: 0.1, longitudeDelta: 0.1, width: 390,
      height: 844)
    let window = VisibilityWindow(view: CameraView(camera))
    let inInputOrder = layer.visible(in: window, plan: .index)
    let inAnyOrder = layer.visible(in: window, plan: .index, order: .any)
    #expect(inInputOrder.count > 50, "the premise: dozens of pins in view (\(inInputOrder.count))")
    // Booleans, not the arrays: a failure must not print hundreds of positions.
    let samePins = inAnyOrder.sorted() == inInputOrder
    let walkOrderKept = inAnyOrder != inInputOrder
    let indexOwnAnswer = inAnyOrder == layer.index.visible(in: window, order: .any)
    #expect(samePins, "the same pins")
    #expect(walkOrderKept, "the walk's order is kept (uniform random input order is not spatial)")
    #expect(indexOwnAnswer, "the index's own answer")
  }
}
