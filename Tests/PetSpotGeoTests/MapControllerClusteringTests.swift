import PetSpotGeo
import PetSpotTestSupport
import Testing

/// The map controller with clustering on: its display equals a query of a fresh index over the
/// shown pins, transitions relate consecutive states, and a selected pin hidden by a zoom-out is
/// revealed once, its callout on the cluster.
@Suite("Map controller: clustering")
struct MapControllerClusteringTests {
  let engine = try! GeoEngine()

  static func configuration() -> MapController.Configuration {
    var configuration = MapController.Configuration()
    configuration.clustering = ClusterOptions()
    return configuration
  }

  /// Announcements around Warsaw: a dense town and a few coincident reports.
  static func announcements(_ random: inout SeededRandom, count: Int) -> AnnouncementBatch {
    AnnouncementBatch(
      announcements: (0..<count).map { i in
        let (lat, lng) =
          i % 10 == 0 ? (52.23, 21.01) : (52.23 + random.uniform(-0.05...0.05), 21.01 + random.uniform(-0.08...0.08))
        return Announcement(id: "a\(i)", latitude: lat, longitude: lng, status: i % 3 == 0 ? .found : .missing)
      })
  }

  static func camera(span: Double, lat: Double = 52.23, lng: Double = 21.01) -> Camera {
    try! Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: span, longitudeDelta: span, width: 390,
      height: 844)
  }

  /// The items as (kind, id, drawn point).
  static func describe(_ result: ClusterResult, pins: PinSet) -> [String] {
    result.items.map { "\($0.kind) \($0.cluster?.id ?? pins.ids[$0.position]) \($0.point)" }
  }

  @Test("every state's display is a fresh query over the shown pins; transitions relate consecutive states")
  func displayFollowsCameraAndPins() throws {
    var random = SeededRandom(seed: 0x6C)
    let controller = MapController(engine: engine, configuration: Self.configuration())
    #expect(try controller.handle(.appear(Self.camera(span: 0.2))).contains(.displayChanged(items: 0)))
    _ = try controller.handle(.fetchSucceeded(requestId: 1, Self.announcements(&random, count: 300)))
    var previous = controller.display
    var changes = 0
    for step in 0..<40 {
      let camera = Self.camera(
        span: random.logUniform(0.0005...0.3), lat: 52.23 + random.uniform(-0.03...0.03),
        lng: 21.01 + random.uniform(-0.05...0.05))
      let events: [MapController.Event] =
        step % 3 == 0 ? [.gestureBegan, .cameraChanged(camera)] : step % 3 == 1 ? [.gestureEnded(camera)] : [.tapMap]
      for event in events {
        let effects = try controller.handle(event)
        let display = try #require(controller.display)
        let fresh = try ClusterIndex(pins: Self.pinSet(controller.pins), options: ClusterOptions())
        let expected = fresh.items(in: CameraView(try #require(controller.camera)))
        #expect(Self.describe(display, pins: fresh.pins) == Self.describe(expected, pins: fresh.pins), "step \(step)")
        let changed = effects.contains { if case .displayChanged = $0 { true } else { false } }
        changes += changed ? 1 : 0
        // Every previous and every current item in exactly one transition.
        let old = controller.displayTransitions.flatMap(\.from).sorted()
        let new = controller.displayTransitions.flatMap(\.to).sorted()
        #expect(old == Array(previous.map { $0.items.indices } ?? 0..<0), "step \(step): from")
        #expect(new == Array(display.items.indices), "step \(step): to")
        if !changed {
          #expect(controller.displayTransitions.allSatisfy { $0.kind == .stay && $0.from == $0.to })
        }
        previous = display
      }
    }
    #expect(changes > 20)
  }

  static func pinSet(_ announcements: [Announcement]) throws -> PinSet {
    var set = PinSet()
    for (i, a) in announcements.enumerated() {
      try set.append(
        id: a.id, latitude: a.lastSeenLatitude, longitude: a.lastSeenLongitude, status: a.status, sourceRow: i)
    }
    return set
  }

  @Test("a selected pin hidden by a zoom-out stays selected, is revealed once, its callout on the cluster")
  func selectionRevealedAfterZoomOut() throws {
    let controller = MapController(engine: engine, configuration: Self.configuration())
    _ = try controller.handle(.appear(Self.camera(span: 0.001)))
    let batch = AnnouncementBatch(announcements: [
      Announcement(id: "a1", latitude: 52.23, longitude: 21.01, status: .missing),
      Announcement(id: "a2", latitude: 52.2302, longitude: 21.0102, status: .found),
      Announcement(id: "a3", latitude: 52.2295, longitude: 21.0098, status: .found),
    ])
    _ = try controller.handle(.fetchSucceeded(requestId: 1, batch))
    _ = try controller.handle(.tapPin("a1"))
    #expect(
      !controller.isSelectionHidden && controller.selectionAnchor == GeoCoordinate(latitude: 52.23, longitude: 21.01))
    let wide = Self.camera(span: 0.05)
    let zoomedOut = try controller.handle(.gestureEnded(wide))
    let reveals = zoomedOut.compactMap { if case .revealSelection(let camera) = $0 { camera } else { nil } }
    #expect(reveals.count == 1 && controller.selectedId == "a1" && controller.isSelectionHidden)
    let display = try #require(controller.display)
    let holder = try #require(controller.selectionReveal?.item)
    #expect(display.items[holder].kind == .cluster && display.items.count == 1)
    #expect(controller.displayTransitions.map(\.kind) == [.merge])
    #expect(controller.selectionAnchor == display.items[holder].coordinate)
    let placement = try #require(try controller.calloutPlacement())
    let pinned = try engine.placeCallout(
      CalloutRequest(
        layout: CalloutLayout(viewportWidth: 390, viewportHeight: 844, calloutWidth: 262, calloutHeight: 300),
        pin: .coordinate(display.items[holder].coordinate, view: CameraView(wide))))
    #expect(placement == pinned)
    // Nothing new on the next events while it stays hidden; the reveal camera shows it alone.
    let again = try controller.handle(.tapMap)
    #expect(!again.contains { if case .revealSelection = $0 { true } else { false } })
    let selectedHidden = try controller.handle(.tapPin("a1"))  // selected inside the cluster
    #expect(selectedHidden.contains(.revealSelection(reveals[0])))
    let reveal = try #require(reveals.first)
    let revealed = try controller.handle(.gestureEnded(reveal))
    #expect(!revealed.contains { if case .revealSelection = $0 { true } else { false } })
    let shown = try #require(controller.selectionReveal?.item)
    #expect(controller.display?.items[shown].kind != .cluster && !controller.isSelectionHidden)
  }

  @Test("clustering off: no display, and the options are validated with the configuration")
  func offAndValidation() throws {
    let controller = MapController(engine: engine)
    let effects = try controller.handle(.appear(Self.camera(span: 0.05)))
    #expect(controller.display == nil && !effects.contains { if case .displayChanged = $0 { true } else { false } })
    var bad = Self.configuration()
    bad.clustering = ClusterOptions(minSeparation: 0)
    #expect(throws: InvalidInput.self) { try bad.validate() }
  }
}
