import PetSpotGeo
import Testing

@Suite("Map controller")
struct MapControllerTests {
  let engine = try! GeoEngine()

  static func camera(_ lat: Double = 52.23, _ lng: Double = 21.01, span: Double = 0.05, width: Double = 390) -> Camera {
    try! Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: span, longitudeDelta: span, width: width,
      height: 844)
  }

  static func batch(_ items: [(String, Double, Double)], dropped: Int = 0) -> AnnouncementBatch {
    AnnouncementBatch(
      announcements: items.map { Announcement(id: $0.0, latitude: $0.1, longitude: $0.2, status: .missing) },
      dropped: dropped)
  }

  func fetchIds(_ effects: [MapController.Effect]) -> [Int] {
    effects.compactMap { if case .fetch(let id, _) = $0 { id } else { nil } }
  }

  @Test("appear fetches with request 1 and the foundation's query; isLoading until the result")
  func appear() throws {
    let c = MapController(engine: engine)
    let effects = try c.handle(.appear(Self.camera()))
    guard case .fetch(1, let query)? = effects.first else {
      Issue.record("no fetch")
      return
    }
    #expect(query == engine.fetchQuery(for: Self.camera()))
    #expect(c.isLoading)
    let after = try c.handle(
      .fetchSucceeded(requestId: 1, Self.batch([("a", 52.23, 21.01), ("far", 10, 10)], dropped: 2)))
    #expect(after == [.pinsChanged(["a"])])
    #expect(!c.isLoading && c.pins.map(\.id) == ["a"] && c.droppedAnnouncements == 2)
  }

  @Test("no fetch during a gesture; its end fetches with the next id, cancelling the one in flight first")
  func gestures() throws {
    let c = MapController(engine: engine)
    _ = try c.handle(.appear(Self.camera()))
    #expect(try c.handle(.gestureBegan).isEmpty)
    #expect(try c.handle(.cameraChanged(Self.camera(52.24))).isEmpty, "never while a gesture is in progress")
    #expect(
      try c.handle(.viewportChanged(width: 400, height: 844)).filter { if case .fetch = $0 { true } else { false } }
        .isEmpty)
    let end = try c.handle(.gestureEnded(Self.camera(52.25)))
    #expect(end.count == 2)
    #expect(end.first == .cancel(requestId: 1))
    #expect(fetchIds(end) == [2])
    let resize = try c.handle(.viewportChanged(width: 844, height: 390))
    #expect(resize.first == .cancel(requestId: 2) && fetchIds(resize) == [3], "a size change fetches too")
  }

  @Test("races: the old request answering last never replaces newer pins")
  func races() throws {
    let c = MapController(engine: engine)
    _ = try c.handle(.appear(Self.camera()))
    _ = try c.handle(.gestureEnded(Self.camera(52.231)))  // request 2
    _ = try c.handle(.fetchSucceeded(requestId: 2, Self.batch([("new", 52.231, 21.01)])))
    #expect(try c.handle(.fetchSucceeded(requestId: 1, Self.batch([("old", 52.23, 21.01)]))).isEmpty)
    #expect(c.pins.map(\.id) == ["new"] && !c.isLoading)
    #expect(try c.handle(.fetchFailed(requestId: 1)).isEmpty && !c.isLoading)
  }

  @Test("failure keeps the pins silently")
  func failure() throws {
    let c = MapController(engine: engine)
    _ = try c.handle(.appear(Self.camera()))
    _ = try c.handle(.fetchSucceeded(requestId: 1, Self.batch([("a", 52.23, 21.01)])))
    _ = try c.handle(.gestureEnded(Self.camera(52.2301)))
    #expect(try c.handle(.fetchFailed(requestId: 2)).isEmpty)
    #expect(c.pins.map(\.id) == ["a"] && !c.isLoading)
  }

  @Test("selection: tap, tap again, switch, map, unknown id; a vanishing selected pin clears it")
  func selection() throws {
    let c = MapController(engine: engine)
    _ = try c.handle(.appear(Self.camera()))
    _ = try c.handle(.fetchSucceeded(requestId: 1, Self.batch([("a", 52.23, 21.01), ("b", 52.231, 21.011)])))
    #expect(try c.handle(.tapPin("a")) == [.selectionChanged("a")])
    #expect(c.calloutContent?.title == "Unknown Pet")
    #expect(try c.calloutPlacement() != nil)
    #expect(try c.handle(.tapPin("a")) == [.selectionChanged(nil)])
    _ = try c.handle(.tapPin("a"))
    #expect(try c.handle(.tapPin("b")) == [.selectionChanged("b")])
    #expect(try c.handle(.tapPin("nope")).isEmpty && c.selectedId == "b")
    #expect(try c.handle(.tapMap) == [.selectionChanged(nil)])
    #expect(try c.handle(.tapMap).isEmpty)
    _ = try c.handle(.tapPin("b"))
    _ = try c.handle(.gestureEnded(Self.camera(52.23)))
    let refresh = try c.handle(.fetchSucceeded(requestId: 2, Self.batch([("a", 52.23, 21.01)])))
    #expect(refresh == [.pinsChanged(["a"]), .selectionChanged(nil)], "b left the pin set")
    _ = try c.handle(.tapPin("a"))
    let away = try c.handle(.gestureEnded(Self.camera(10, 10)))
    #expect(
      away.contains(.pinsChanged([])) && away.contains(.selectionChanged(nil)), "moving away drops pins out of view")
  }

  @Test("reuseCoveredFetch: a view inside the last circle, recent enough, fetches nothing")
  func reuse() throws {
    var configuration = MapController.Configuration()
    configuration.reuseCoveredFetch = true
    configuration.reuseMaxAge = 10_000
    let c = MapController(engine: engine, configuration: configuration)
    _ = try c.handle(.appear(Self.camera(span: 0.2)), at: 0)
    _ = try c.handle(.fetchSucceeded(requestId: 1, Self.batch([("a", 52.23, 21.01), ("b", 52.29, 21.01)])), at: 100)
    let zoomIn = try c.handle(.gestureEnded(Self.camera(span: 0.02)), at: 1_000)
    #expect(fetchIds(zoomIn).isEmpty && c.pins.map(\.id) == ["a"], "inside the circle: pruned locally")
    let back = try c.handle(.gestureEnded(Self.camera(span: 0.2)), at: 2_000)
    #expect(fetchIds(back).isEmpty && c.pins.map(\.id) == ["a", "b"], "the last answer covers the whole view again")
    #expect(fetchIds(try c.handle(.gestureEnded(Self.camera(span: 0.02)), at: 20_000)) == [2], "too old")
    #expect(fetchIds(try c.handle(.gestureEnded(Self.camera(40, 40)), at: 20_001)) == [3], "outside the circle")
    let off = MapController(engine: engine)
    _ = try off.handle(.appear(Self.camera(span: 0.2)), at: 0)
    _ = try off.handle(.fetchSucceeded(requestId: 1, Self.batch([])), at: 1)
    #expect(fetchIds(try off.handle(.gestureEnded(Self.camera(span: 0.02)), at: 2)) == [2], "off by default")
  }

  @Test("malformed events are errors and change nothing")
  func malformed() throws {
    let c = MapController(engine: engine)
    #expect(throws: InvalidInput.self) { try c.handle(.viewportChanged(width: 100, height: 100)) }
    _ = try c.handle(.appear(Self.camera()))
    #expect(throws: InvalidInput.self) { try c.handle(.viewportChanged(width: -1, height: 100)) }
    #expect(throws: InvalidInput.self) { try c.handle(.fetchSucceeded(requestId: 9, AnnouncementBatch())) }
    #expect(c.isLoading && c.camera == Self.camera())
    for line in [
      #"{"event":"warp"}"#, #"{"event":"tapPin"}"#, #"{"event":"appear"}"#,
      #"{"event":"fetchSucceeded","requestId":1}"#,
      #"{"event":"fetchFailed","requestId":1.5}"#,
      #"{"event":"appear","camera":{"lat":91,"lng":0,"latDelta":1,"lngDelta":1,"width":1,"height":1}}"#,
    ] {
      #expect(throws: InvalidInput.self, "\(line)") { try c.replay(try JSONParser.parse(line)) }
    }
    #expect(c.isLoading && c.camera == Self.camera())
  }

  @Test("announcements: unknown fields ignored, broken ones dropped and counted, not the response")
  func announcements() throws {
    let batch = try AnnouncementBatch(
      json: try JSONParser.parse(
        """
        [{"id":"a","lastSeenLatitude":1,"lastSeenLongitude":2,"unknown":{"x":1},"status":"found"},
         {"id":"b","lastSeenLatitude":91,"lastSeenLongitude":2},
         {"id":"c","lastSeenLongitude":2},
         {"id":"d","lastSeenLatitude":1,"lastSeenLongitude":2,"petName":5},
         {"lastSeenLatitude":1,"lastSeenLongitude":2},
         "not an object",
         {"id":"a","lastSeenLatitude":3,"lastSeenLongitude":4},
         {"id":42,"lastSeenLatitude":-1,"lastSeenLongitude":-2,"petName":null}]
        """))
    #expect(batch.announcements.map(\.id) == ["a", "42"] && batch.dropped == 6)
    #expect(batch.announcements[0].status == .found)
  }

  @Test("announcements become pins in one place: order kept, invalid coordinates counted, repeated ids refused")
  func announcementPins() throws {
    let list = [
      Announcement(id: "a", latitude: 52.2, longitude: 21, status: .missing),
      Announcement(id: "b", latitude: 91, longitude: 0),
      Announcement(id: "c", latitude: -33.9, longitude: 151.2, status: .found),
    ]
    let pins = try PinSet(announcements: list)
    #expect(pins.count == 2 && pins.invalidCount == 1)
    #expect(pins.ids[0] == "a" && pins.ids[1] == "c" && pins.sourceRows == [0, 2])
    #expect(throws: PinRejection.duplicateId("a")) { try PinSet(announcements: list + [list[0]]) }
  }

  @Test("pruning announcements uses the per-pin rule: beyond the Mercator limit, never visible")
  func announcementVisibility() throws {
    let window = VisibilityWindow(
      rectangle: CameraView(
        try Camera(
          center: GeoCoordinate(latitude: 80, longitude: 0), latitudeDelta: 40, longitudeDelta: 60, width: 400,
          height: 400)
      ).rectangle)
    #expect(window.contains(GeoCoordinate(latitude: 85, longitude: 1)))
    #expect(
      !window.contains(GeoCoordinate(latitude: 85.1, longitude: 1)), "beyond the limit, though Y clamps into view")
    #expect(!window.contains(GeoCoordinate(latitude: .nan, longitude: 1)))
    #expect(!window.contains(GeoCoordinate(latitude: 80, longitude: 181)))
  }

  @Test("callout content: names, species and breed, coordinates, dates, omitted fields, badges")
  func content() {
    var a = Announcement(id: "x", latitude: -33.86785, longitude: -151.20732, status: .other("closed"))
    a.petName = "  "
    a.species = "DOG"
    a.breed = "  "
    a.lastSeenDate = "2025-02-30"
    a.email = ""
    a.phone = "+48 600"
    a.description = ""
    a.photoUrl = ""
    let c = CalloutContent(a)
    #expect(c.title == "Unknown Pet" && c.subtitle == "Dog")
    #expect(c.location == "📍 33.8679° S, 151.2073° W")
    #expect(c.date == "📅 2025-02-30", "an impossible date is shown as given")
    #expect(c.email == nil && c.phone == "📞 +48 600" && c.description == nil && c.photoUrl == nil)
    #expect(c.badge == CalloutContent.Badge(text: "CLOSED", color: "#8E8E93", textColor: "#FFFFFF"))
    a.petName = "Rex"
    a.species = "golden retriever"
    a.breed = "Labrador mix"
    a.lastSeenDate = "2025-01-05"
    a.lastSeenLatitude = 52.2297
    a.lastSeenLongitude = 21.0122
    a.status = .found
    a.photoUrl = "https://x/y.jpg"
    let d = CalloutContent(a)
    #expect(d.title == "Rex" && d.subtitle == "Golden Retriever • Labrador mix")
    #expect(d.location == "📍 52.2297° N, 21.0122° E" && d.date == "📅 Jan 05, 2025" && d.photoUrl == "https://x/y.jpg")
    #expect(d.badge?.text == "FOUND" && d.badge?.color == "#155DFC")
    #expect(CalloutContent.badge(.missing).color == "#FF9500")
    #expect(CalloutContent.badge(.other("Adopted")).text == "ADOPTED")
    // The hemisphere follows the rounded value: −0.00004 rounds to 0.0000 → N, E.
    a.lastSeenLatitude = -0.00004
    a.lastSeenLongitude = -0.00005
    #expect(CalloutContent(a).location == "📍 0.0000° N, 0.0001° W")
    for (given, shown) in [
      ("2024-12-31", "📅 Dec 31, 2024"), ("yesterday", "📅 yesterday"), ("2025-13-01", "📅 2025-13-01"),
      ("05/01/2025", "📅 05/01/2025"),
    ] {
      a.lastSeenDate = given
      #expect(CalloutContent(a).date == shown)
    }
  }
}
