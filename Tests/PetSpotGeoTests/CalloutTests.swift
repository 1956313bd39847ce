import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("Callout placement")
struct CalloutTests {
  let engine = try! GeoEngine()

  func place(
    viewport: (Double, Double) = (390, 844), insets: EdgeInsets = EdgeInsets(), pin: (Double, Double),
    size: (Double, Double) = (262, 360), obstacles: [CalloutRequest.Obstacle] = []
  ) throws -> CalloutPlacement {
    var layout = CalloutLayout(
      viewportWidth: viewport.0, viewportHeight: viewport.1, calloutWidth: size.0, calloutHeight: size.1)
    layout.insets = insets
    return try engine.placeCallout(
      CalloutRequest(layout: layout, pin: .screen(ScreenPoint(x: pin.0, y: pin.1)), obstacles: obstacles))
  }

  // MARK: - The seed's scenarios, exact frames

  @Test("room above: the card sits above, arrow down at the pin (callout FR-013)")
  func roomAbove() throws {
    let p = try place(insets: EdgeInsets(top: 59, bottom: 34), pin: (195, 600))
    #expect(
      p.side == .above && p.fits && p.frame == ScreenRect(x: 64, y: 180, width: 262, height: 360) && p.arrowX == 131)
    #expect(p.pan == (0, 0))
  }

  @Test("no room above: below with the arrow up (callout FR-014); dynamic-island insets")
  func noRoomAbove() throws {
    let p = try place(insets: EdgeInsets(top: 59, bottom: 34), pin: (195, 200))
    #expect(p.side == .below && p.fits && p.frame == ScreenRect(x: 64, y: 220, width: 262, height: 360))
  }

  @Test("left and right edges: the card slides, the arrow stays on the pin")
  func edges() throws {
    let left = try place(pin: (60, 600))
    #expect(left.fits && left.frame.x == 8 && left.arrowX == 52)
    let right = try place(pin: (350, 600))
    #expect(right.fits && right.frame.x == 390 - 8 - 262 && right.frame.x + right.arrowX == 350)
    // Too close to the edge for the arrow to leave the straight edge: does not fit; pan right.
    let tooFar = try place(pin: (15, 600))
    #expect(!tooFar.fits && tooFar.side == .above && tooFar.arrowX == 22 && tooFar.pan == (15, 0))
  }

  @Test("exact fit on a boundary is a fit (inclusive)")
  func exactBoundary() throws {
    // Above: top = 600 − 40 − 10 − 10 − 360 = 180 = T exactly when insets.top + margin = 180.
    let p = try place(insets: EdgeInsets(top: 172), pin: (195, 600))
    #expect(p.side == .above && p.fits && p.frame.y == 180)
    let q = try place(insets: EdgeInsets(top: 172.000001), pin: (195, 600))
    #expect(q.side == .above && !q.fits && abs(q.pan.dy - 0.000001) < 1e-9, "below has no room either: above, pan 1e-6")
    // Horizontally: pin exactly at L + r + a/2 = 8 + 12 + 10.
    #expect(try place(pin: (30, 600)).fits)
    #expect(try !place(pin: (29.999, 600)).fits)
    // Slid to the right edge: x = R − w, and (R − w) + w may round past R; still a fit.
    #expect(
      try place(
        viewport: (956.1126858350647, 898.9895585116201), pin: (831.4869538998821, 600),
        size: (297.5627734572076, 154.78529229474378)
      ).fits)
  }

  @Test("iPad landscape: centred above")
  func iPadLandscape() throws {
    let p = try place(viewport: (1180, 820), insets: EdgeInsets(top: 24, bottom: 20), pin: (590, 500), size: (262, 300))
    #expect(p.side == .above && p.fits && p.frame == ScreenRect(x: 459, y: 140, width: 262, height: 300))
  }

  @Test("taller than the safe area: the side with more room, dy puts the card's top on T")
  func tallerThanScreen() throws {
    let p = try place(viewport: (390, 500), pin: (195, 400), size: (262, 600))
    #expect(!p.fits && p.side == .above)
    // top = 400 − 60 − 600 = −260 → dy = 8 − (−260) = 268.
    #expect(p.pan.dy == 268 && p.pan.dx == 0)
    let q = try place(viewport: (390, 500), pin: (195, 60), size: (262, 600))
    // Room above 60 − 60 − 8 = −8 < room below 500 − 8 − 80 = 412: below; dy puts the tip (70) on T = 8.
    #expect(!q.fits && q.side == .below && q.pan.dy == -62)
  }

  @Test("off-screen pins: the side with more room and the pan that brings it back")
  func offScreen() throws {
    let p = try place(pin: (195, -100), size: (262, 200))
    #expect(!p.fits && p.side == .below)
    // below: tip = −90 must be ≥ 8 → dy = 98; x fine.
    #expect(p.pan.dy == 98 && p.pan.dx == 0)
    let q = try place(pin: (-50, 600), size: (262, 200))
    #expect(!q.fits && q.pan.dx == 80)
  }

  @Test("obstacles: a legend rectangle, a WKT notch; shared edges do not overlap")
  func obstacles() throws {
    let legend = CalloutRequest.Obstacle.rectangle(ScreenRect(x: 0, y: 380, width: 390, height: 100))
    let p = try place(pin: (195, 700), size: (262, 200), obstacles: [legend])
    // Above: card y 440…640 overlaps 380…480 → below? below: tip 710, card 720…920 > B = 836 → neither fits.
    #expect(!p.fits)
    let q = try place(pin: (195, 500), size: (262, 200), obstacles: [legend])
    #expect(q.side == .below && q.fits)
    // A card whose top edge lies exactly on the legend's bottom edge: touching is not overlapping.
    let touching = CalloutRequest.Obstacle.rectangle(ScreenRect(x: 0, y: 0, width: 390, height: 240))
    #expect(try place(pin: (195, 600), size: (262, 300), obstacles: [touching]).side == .above)
    let notch = CalloutRequest.Obstacle.wkt("POLYGON((120 0, 270 0, 270 40, 120 40, 120 0))")
    let n = try place(insets: EdgeInsets(top: 0), pin: (195, 420), size: (262, 330), obstacles: [notch])
    #expect(n.side == .below, "the notch blocks the card above")
    let triangle = CalloutRequest.Obstacle.wkt("POLYGON((0 0, 60 0, 0 60, 0 0))")
    #expect(try place(pin: (195, 600), size: (262, 300), obstacles: [triangle]).side == .above, "clear of the triangle")
  }

  @Test("bad input names the field")
  func badInput() throws {
    func field(_ build: () throws -> CalloutPlacement) -> String? {
      do {
        _ = try build()
        return nil
      } catch let GeoError.invalidInput(input) { return input.field } catch { return "other" }
    }
    #expect(field { try place(viewport: (0, 844), pin: (1, 1)) } == "viewport.width")
    #expect(field { try place(insets: EdgeInsets(top: -1), pin: (1, 1)) } == "insets.top")
    #expect(field { try place(pin: (.nan, 1)) } == "pin.x")
    #expect(field { try place(pin: (1, 1), size: (262, -1)) } == "callout.height")
    #expect(field { try place(pin: (1, 1), obstacles: [.wkt("POLYGON((0 0")]) } == "obstacles[0]")
    #expect(field { try place(pin: (1, 1), obstacles: [.wkt("POINT(1 1)")]) } == "obstacles[0]")
    #expect(
      field { try place(pin: (1, 1), obstacles: [.wkt("POLYGON((0 0, 10 10, 10 0, 0 10, 0 0))")]) } == "obstacles[0]")
    #expect(
      field { try place(pin: (1, 1), obstacles: [.rectangle(ScreenRect(x: 0, y: 0, width: 0, height: 5))]) }
        == "obstacles[0].width")
  }

  @Test("a pin given as a coordinate is projected with PROJ and the camera model")
  func coordinatePin() throws {
    let camera = try Camera(
      center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122), latitudeDelta: 0.05, longitudeDelta: 0.08,
      width: 390, height: 844)
    let layout = CalloutLayout(viewportWidth: 390, viewportHeight: 844, calloutWidth: 262, calloutHeight: 200)
    let atCentre = try engine.placeCallout(
      CalloutRequest(layout: layout, pin: .coordinate(camera.center, view: CameraView(camera))))
    let screen = try engine.placeCallout(CalloutRequest(layout: layout, pin: .screen(ScreenPoint(x: 195, y: 422))))
    #expect(abs(atCentre.frame.x - screen.frame.x) < 1e-6 && abs(atCentre.frame.y - screen.frame.y) < 1e-6)
    var wrong = layout
    wrong.viewportWidth = 400
    #expect(throws: GeoError.self) {
      try engine.placeCallout(CalloutRequest(layout: wrong, pin: .coordinate(camera.center, view: CameraView(camera))))
    }
  }

  // MARK: - Property test

  /// The rules written directly, for rectangles only.
  static func referenceFits(_ l: CalloutLayout, _ side: CalloutSide, _ pin: ScreenPoint, _ obstacles: [ScreenRect])
    -> Bool
  {
    let safeLeft = l.insets.left + l.margin
    let safeTop = l.insets.top + l.margin
    let safeRight = l.viewportWidth - l.insets.right - l.margin
    let safeBottom = l.viewportHeight - l.insets.bottom - l.margin
    let x = max(safeLeft, min(pin.x - l.calloutWidth / 2, safeRight - l.calloutWidth))
    let tip = side == .above ? pin.y - l.pinHeight - l.gap : pin.y + l.gap
    let y = side == .above ? tip - l.arrowHeight - l.calloutHeight : tip + l.arrowHeight
    let arrow = pin.x - x
    let e = 1e-9 * max(1, l.viewportWidth, l.viewportHeight)  // rounding slack
    guard l.cornerRadius + l.arrowWidth / 2 <= l.calloutWidth - l.cornerRadius - l.arrowWidth / 2 else { return false }
    guard arrow >= l.cornerRadius + l.arrowWidth / 2 - e,
      arrow <= l.calloutWidth - l.cornerRadius - l.arrowWidth / 2 + e
    else { return false }
    let top = side == .above ? y : tip
    let bottom = side == .above ? tip : y + l.calloutHeight
    guard x >= safeLeft - e, x + l.calloutWidth <= safeRight + e, top >= safeTop - e, bottom <= safeBottom + e else {
      return false
    }
    return !obstacles.contains { o in
      min(x + l.calloutWidth, o.maxX) > max(x, o.x) && min(y + l.calloutHeight, o.maxY) > max(y, o.y)
    }
  }

  @Test("random layouts: fits means inside, clear and on the pin; pans are the smallest that work")
  func property() throws {
    var random = SeededRandom(seed: 555)
    var fitted = 0
    var panned = 0
    for _ in 0..<3_000 {
      var l = CalloutLayout(
        viewportWidth: random.uniform(200...1400), viewportHeight: random.uniform(300...1400),
        calloutWidth: random.uniform(40...400), calloutHeight: random.uniform(40...600))
      l.insets = EdgeInsets(
        top: random.uniform(0...60), left: random.uniform(0...30), bottom: random.uniform(0...40),
        right: random.uniform(0...30))
      l.margin = random.uniform(0...16)
      l.pinHeight = random.uniform(0...60)
      l.gap = random.uniform(0...20)
      l.arrowWidth = random.uniform(0...30)
      l.arrowHeight = random.uniform(0...20)
      l.cornerRadius = random.uniform(0...20)
      let pin = ScreenPoint(
        x: random.uniform(-100...(l.viewportWidth + 100)), y: random.uniform(-100...(l.viewportHeight + 100)))
      let obstacles = (0..<Int(random.next() % 3)).map { _ in
        ScreenRect(
          x: random.uniform(0...l.viewportWidth), y: random.uniform(0...l.viewportHeight),
          width: random.uniform(10...200), height: random.uniform(10...200))
      }
      let p = try engine.placeCallout(
        CalloutRequest(layout: l, pin: .screen(pin), obstacles: obstacles.map { .rectangle($0) }))
      let aboveFits = Self.referenceFits(l, .above, pin, obstacles)
      let belowFits = Self.referenceFits(l, .below, pin, obstacles)
      #expect(p.fits == (aboveFits || belowFits))
      if p.fits {
        fitted += 1
        #expect(p.side == (aboveFits ? .above : .below))
        #expect(p.frame.x + p.arrowX == pin.x, "the arrow tip is on the pin")
        #expect(p.pan == (0, 0))
        continue
      }
      let roomAbove = l.room(.above, pinY: pin.y)
      let roomBelow = l.room(.below, pinY: pin.y)
      #expect(p.side == (roomAbove >= roomBelow ? .above : .below))
      let fitsAtAll =
        l.calloutWidth <= l.safeRight - l.safeLeft && l.arrowRange != nil
        && l.calloutHeight + l.arrowHeight <= l.safeBottom - l.safeTop
      guard fitsAtAll else { continue }
      panned += 1
      let moved = ScreenPoint(x: pin.x + p.pan.dx, y: pin.y + p.pan.dy)
      // Tolerance for the addition's rounding only.
      func fitsNear(_ q: ScreenPoint) -> Bool {
        [-1e-9, 0, 1e-9].contains { ex in
          [-1e-9, 0, 1e-9].contains { ey in Self.referenceFits(l, p.side, ScreenPoint(x: q.x + ex, y: q.y + ey), []) }
        }
      }
      #expect(fitsNear(moved), "pan \(p.pan) makes \(p.side) fit: \(l) pin \(pin)")
      let shrink = 1e-3
      if p.pan.dx != 0 {
        #expect(
          !Self.referenceFits(l, p.side, ScreenPoint(x: moved.x - shrink * p.pan.dx.sign.factor, y: moved.y), []),
          "dx is minimal")
      }
      if p.pan.dy != 0 {
        #expect(
          !Self.referenceFits(l, p.side, ScreenPoint(x: moved.x, y: moved.y - shrink * p.pan.dy.sign.factor), []),
          "dy is minimal")
      }
    }
    #expect(fitted > 300 && panned > 300, "both branches exercised: \(fitted) fitted, \(panned) panned")
  }
}

extension FloatingPointSign {
  var factor: Double { self == .minus ? -1 : 1 }
}
