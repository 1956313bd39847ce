/// A rectangle in screen points (x right, y down).
public struct ScreenRect: Hashable, Sendable {
  public var x: Double, y: Double, width: Double, height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }

  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
}

/// Safe-area insets in points.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double, left: Double, bottom: Double, right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
  }
}

/// Where the callout goes relative to the pin.
public enum CalloutSide: String, Hashable, Sendable {
  case above, below
}

/// The geometry of callout placement (issue "Callout placement"), pure arithmetic: the safe
/// rectangle, each side's frame and arrow, the fit conditions on the safe rectangle and the
/// arrow, the room on each side and the smallest pan. Obstacles are tested separately (GEOS).
///
/// Screen points, y grows downwards. The pin's tip is at (px, py) and it is drawn upwards.
public struct CalloutLayout: Hashable, Sendable {
  /// PetSpot's callout card, in points (width from the product design; height a typical card's).
  public static let defaultCardSize = (width: 262.0, height: 300.0)
  /// "262x300", as CLI flags write sizes.
  public static var defaultCardSizeText: String {
    ShortestDecimal.string(defaultCardSize.width) + "x" + ShortestDecimal.string(defaultCardSize.height)
  }

  public var viewportWidth: Double, viewportHeight: Double
  public var insets = EdgeInsets()
  /// Kept free inside the safe area on every side.
  public var margin = 8.0
  public var pinHeight = 40.0
  public var gap = 10.0
  public var calloutWidth: Double, calloutHeight: Double
  public var arrowWidth = 20.0, arrowHeight = 10.0
  public var cornerRadius = 12.0

  public init(viewportWidth: Double, viewportHeight: Double, calloutWidth: Double, calloutHeight: Double) {
    (self.viewportWidth, self.viewportHeight) = (viewportWidth, viewportHeight)
    (self.calloutWidth, self.calloutHeight) = (calloutWidth, calloutHeight)
  }

  /// L, T, R, B: the safe rectangle's edges.
  public var safeLeft: Double { insets.left + margin }
  public var safeTop: Double { insets.top + margin }
  public var safeRight: Double { viewportWidth - insets.right - margin }
  public var safeBottom: Double { viewportHeight - insets.bottom - margin }

  /// Slack for "boundaries inclusive" under rounding: a card slid to R has x = R − w, and
  /// (R − w) + w can exceed R by an ulp. 1e-9 of the viewport's size.
  public var tolerance: Double { 1e-9 * max(1, viewportWidth, viewportHeight) }

  /// The arrow's allowed offsets from the card's left edge: it must leave the straight edge.
  public var arrowRange: ClosedRange<Double>? {
    let lo = cornerRadius + arrowWidth / 2
    let hi = calloutWidth - cornerRadius - arrowWidth / 2
    return lo <= hi ? lo...hi : nil
  }

  /// The arrow tip's y for a side.
  public func tipY(_ side: CalloutSide, pinY: Double) -> Double {
    side == .above ? pinY - pinHeight - gap : pinY + gap
  }

  /// The card (without its arrow) for a side at the pin's current position: centred on the pin,
  /// then slid into [L, R] (to L when it is wider than the safe rectangle).
  public func frame(_ side: CalloutSide, pin: ScreenPoint) -> ScreenRect {
    let x = max(safeLeft, min(pin.x - calloutWidth / 2, safeRight - calloutWidth))
    let tip = tipY(side, pinY: pin.y)
    let y = side == .above ? tip - arrowHeight - calloutHeight : tip + arrowHeight
    return ScreenRect(x: x, y: y, width: calloutWidth, height: calloutHeight)
  }

  /// The card and its arrow as one polygon (clockwise on screen), for the containment test.
  public func outline(_ side: CalloutSide, pin: ScreenPoint) -> [(x: Double, y: Double)] {
    let f = frame(side, pin: pin)
    let tip = tipY(side, pinY: pin.y)
    let a = arrowX(side, pin: pin).clamped
    let half = arrowWidth / 2
    if side == .above {
      return [
        (f.x, f.y), (f.maxX, f.y), (f.maxX, f.maxY), (f.x + a + half, f.maxY), (f.x + a, tip), (f.x + a - half, f.maxY),
        (f.x, f.maxY),
      ]
    }
    return [
      (f.x, f.y), (f.x + a - half, f.y), (f.x + a, tip), (f.x + a + half, f.y), (f.maxX, f.y), (f.maxX, f.maxY),
      (f.x, f.maxY),
    ]
  }

  /// The arrow's offset from the card's left edge: as needed to point at the pin, and clamped
  /// into ``arrowRange`` (when the range is empty, the card's centre).
  public func arrowX(_ side: CalloutSide, pin: ScreenPoint) -> (needed: Double, clamped: Double) {
    let needed = pin.x - frame(side, pin: pin).x
    guard let range = arrowRange else { return (needed, calloutWidth / 2) }
    return (needed, min(max(needed, range.lowerBound), range.upperBound))
  }

  /// Whether the arrow can point at the pin from the card's straight edge (within ``tolerance``).
  public func arrowFits(_ side: CalloutSide, pin: ScreenPoint) -> Bool {
    guard let range = arrowRange else { return false }
    let needed = arrowX(side, pin: pin).needed
    return needed >= range.lowerBound - tolerance && needed <= range.upperBound + tolerance
  }

  /// Room between the pin's card side and the safe rectangle: above = py − pinHeight − gap −
  /// arrow.height − T; below = B − (py + gap + arrow.height).
  public func room(_ side: CalloutSide, pinY: Double) -> Double {
    side == .above
      ? pinY - pinHeight - gap - arrowHeight - safeTop
      : safeBottom - (pinY + gap + arrowHeight)
  }

  /// The smallest movement of the map content (the pin moves by dx, dy) that makes `side` fit
  /// the safe rectangle, each axis as small as possible. When the card and arrow are taller than
  /// the safe area, dy puts the card's top (above) or the arrow tip (below) on T. When no
  /// horizontal position can work (the card is wider than R − L, or too narrow for its arrow),
  /// dx is 0.
  public func pan(_ side: CalloutSide, pin: ScreenPoint) -> (dx: Double, dy: Double) {
    // Vertical: the range of dy for which top ≥ T and bottom ≤ B.
    let dyLow: Double
    let dyHigh: Double
    if side == .above {
      dyLow = safeTop - (pin.y - pinHeight - gap - arrowHeight - calloutHeight)
      dyHigh = safeBottom - (pin.y - pinHeight - gap)
    } else {
      dyLow = safeTop - (pin.y + gap)
      dyHigh = safeBottom - (pin.y + gap + arrowHeight + calloutHeight)
    }
    let dy = dyLow > dyHigh ? dyLow : Self.smallest(in: dyLow...dyHigh)
    // Horizontal: the pin must lie within [L + r + a/2, R − r − a/2] with the card inside [L, R].
    var dx = 0.0
    if calloutWidth <= safeRight - safeLeft, arrowRange != nil {
      let lo = safeLeft + cornerRadius + arrowWidth / 2
      let hi = safeRight - cornerRadius - arrowWidth / 2
      dx = Self.smallest(in: (lo - pin.x)...(hi - pin.x))
    }
    return (dx == 0 ? 0 : dx, dy == 0 ? 0 : dy)
  }

  /// The value of `range` closest to zero.
  private static func smallest(in range: ClosedRange<Double>) -> Double {
    range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
  }
}

extension CalloutLayout {
  /// The largest callout card side accepted, points (as a viewport side).
  public static var maxCardSide: Double { CameraLimits.viewportSide.upperBound }

  /// Checks a callout card's size — the one rule the Swift API, the C API and every CLI flag use.
  /// - Throws: ``InvalidInput`` naming `callout.width` or `callout.height` unless each is finite
  ///   and in (0, 1e6] points.
  public static func validateCardSize(width: Double, height: Double) throws(InvalidInput) {
    for (field, value) in [("callout.width", width), ("callout.height", height)] {
      try Camera.check(field, value, "a finite number of points in (0, 1e6]") { $0 > 0 && $0 <= maxCardSide }
    }
  }
}
