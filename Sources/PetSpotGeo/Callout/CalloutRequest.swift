/// Everything a callout placement needs (issue "Callout placement"): the layout in screen points,
/// the pin, and obstacles the card must not overlap.
public struct CalloutRequest: Sendable {
  /// The pin: its tip on screen, or a coordinate drawn by a camera's view (projected with PROJ,
  /// EPSG:4326 → EPSG:3857, then placed on the screen by the view).
  public enum Pin: Sendable {
    case screen(ScreenPoint)
    case coordinate(GeoCoordinate, view: CameraView)
  }

  /// The most obstacles one request may list through the C API, whose counts are not bounded
  /// by any text (a count read from uninitialised memory must fail, not walk memory).
  public static var maxObstacles: Int { 65_536 }

  /// A region of the screen the card must not overlap (a legend, a notch).
  public enum Obstacle: Hashable, Sendable {
    case rectangle(ScreenRect)
    /// A Polygon or MultiPolygon in WKT, screen points.
    case wkt(String)
  }

  public var layout: CalloutLayout
  public var pin: Pin
  public var obstacles: [Obstacle]

  /// A request; validate with ``validate()`` (the engine does).
  public init(layout: CalloutLayout, pin: Pin, obstacles: [Obstacle] = []) {
    self.layout = layout
    self.pin = pin
    self.obstacles = obstacles
  }

  /// Checks every number. - Throws: ``InvalidInput`` naming the field (`viewport.width`,
  /// `insets.top`, `callout.height`, `pin.x`, `obstacles[2].width`, ...).
  public func validate() throws(InvalidInput) {
    let l = layout
    try Self.check("viewport.width", l.viewportWidth, positive: true)
    try Self.check("viewport.height", l.viewportHeight, positive: true)
    try Self.check("insets.top", l.insets.top)
    try Self.check("insets.left", l.insets.left)
    try Self.check("insets.bottom", l.insets.bottom)
    try Self.check("insets.right", l.insets.right)
    try Self.check("margin", l.margin)
    try Self.check("pinHeight", l.pinHeight)
    try Self.check("gap", l.gap)
    try CalloutLayout.validateCardSize(width: l.calloutWidth, height: l.calloutHeight)
    try Self.check("arrow.width", l.arrowWidth)
    try Self.check("arrow.height", l.arrowHeight)
    try Self.check("cornerRadius", l.cornerRadius)
    if case .screen(let p) = pin {
      guard p.x.isFinite else {
        throw InvalidInput(field: "pin.x", code: .notFinite, message: "pin.x must be a finite number of points")
      }
      guard p.y.isFinite else {
        throw InvalidInput(field: "pin.y", code: .notFinite, message: "pin.y must be a finite number of points")
      }
    }
    for (i, obstacle) in obstacles.enumerated() {
      guard case .rectangle(let r) = obstacle else { continue }
      for (name, value) in [("x", r.x), ("y", r.y)] where !value.isFinite {
        throw InvalidInput(
          field: "obstacles[\(i)].\(name)", code: .notFinite, message: "obstacles[\(i)].\(name) must be a finite number"
        )
      }
      try Self.check("obstacles[\(i)].width", r.width, positive: true)
      try Self.check("obstacles[\(i)].height", r.height, positive: true)
    }
  }

  private static func check(_ field: String, _ value: Double, positive: Bool = false) throws(InvalidInput) {
    let requirement = positive ? "a finite number > 0" : "a finite number >= 0"
    guard value.isFinite else {
      throw InvalidInput(field: field, code: .notFinite, message: "\(field) must be \(requirement)")
    }
    guard positive ? value > 0 : value >= 0 else {
      throw InvalidInput(field: field, code: .outOfRange, message: "\(field) must be \(requirement)")
    }
  }
}

/// Where the callout goes: the side, the card's frame at the current map position (before any
/// pan), the arrow's offset from the card's left edge, whether it fits, and the smallest pan that
/// makes the chosen side fit (zero when it fits).
public struct CalloutPlacement: Hashable, Sendable {
  public var side: CalloutSide
  public var frame: ScreenRect
  public var arrowX: Double
  public var fits: Bool
  public var pan: (dx: Double, dy: Double)

  public static func == (a: CalloutPlacement, b: CalloutPlacement) -> Bool {
    a.side == b.side && a.frame == b.frame && a.arrowX == b.arrowX && a.fits == b.fits && a.pan == b.pan
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(side)
    hasher.combine(frame)
    hasher.combine(arrowX)
    hasher.combine(fits)
  }

  /// `{"placement","frame":{"x","y","width","height"},"arrowX","fits","pan":{"dx","dy"}}`
  public var json: JSONValue {
    .object([
      ("placement", .string(side.rawValue)),
      (
        "frame",
        .object([
          ("x", .number(frame.x)), ("y", .number(frame.y)), ("width", .number(frame.width)),
          ("height", .number(frame.height)),
        ])
      ),
      ("arrowX", .number(arrowX)),
      ("fits", .bool(fits)),
      ("pan", .object([("dx", .number(pan.dx)), ("dy", .number(pan.dy))])),
    ])
  }
}
