import RealModule

/// What a user would see for one camera, as data for a picture: the viewport and safe area, the
/// display items (pins by status, clusters with counts, spider legs), the selected pin's callout
/// where the placement puts it, and optionally the fetch circle and the fetched-but-pruned pins.
///
/// Screen points throughout (x right, y down, the viewport's top-left corner at 0, 0); the
/// picture extends past the viewport as far as the fetch circle and pruned pins need.
public struct MapPicture: Sendable {
  /// The selected pin's callout.
  public struct Selection: Sendable {
    public var point: ScreenPoint
    public var layout: CalloutLayout
    public var placement: CalloutPlacement
    public var title: String
    public var subtitle: String

    public init(point: ScreenPoint, layout: CalloutLayout, placement: CalloutPlacement, title: String, subtitle: String)
    {
      self.point = point
      self.layout = layout
      self.placement = placement
      self.title = title
      self.subtitle = subtitle
    }
  }

  public var viewportWidth: Double, viewportHeight: Double
  public var insets: EdgeInsets
  public var index: ClusterIndex
  public var result: ClusterResult
  public var selection: Selection?
  /// The fetch circle's outline on screen (empty: not drawn).
  public var fetchCircle: [ScreenPoint] = []
  /// Pins the server would return that are not in view (drawn grey).
  public var prunedPins: [ScreenPoint] = []
  /// A line of text under the picture.
  public var caption: String = ""
  /// The previous camera's items (where they are on this camera's screen, marker radius), drawn as
  /// dashed ghosts, and an arrow per moving part of each transition from them (empty: none).
  public var previousMarks: [(point: ScreenPoint, radius: Double)] = []
  public var transitionArrows: [(from: ScreenPoint, to: ScreenPoint)] = []

  /// A marker's radius in points: 7 for a pin or a leg, growing with log10(count) for a cluster.
  static func markerRadius(_ item: ClusterItem) -> Double {
    guard let c = item.cluster else { return 7 }
    return 13 + 4 * Double.log10(Double(c.count))
  }

  /// A cluster's colour: that of its majority status among MISSING, FOUND and the rest (CLOSED or
  /// other statuses, grey); ties go to MISSING, then FOUND (the statuses a finder acts on).
  public static func colour(of cluster: ClusterSummary) -> String {
    let rest = cluster.count - cluster.missing - cluster.found
    if cluster.missing >= cluster.found && cluster.missing >= rest { return colour(for: .missing) }
    if cluster.found >= rest { return colour(for: .found) }
    return colour(for: nil)
  }

  /// PetSpot's status colours: MISSING orange, FOUND blue, anything else grey.
  public static func colour(for status: PinStatus?) -> String {
    switch status {
    case .missing: "#FF9500"
    case .found: "#155DFC"
    default: "#8E8E93"
    }
  }

  public init(
    viewportWidth: Double, viewportHeight: Double, insets: EdgeInsets, index: ClusterIndex, result: ClusterResult
  ) {
    self.viewportWidth = viewportWidth
    self.viewportHeight = viewportHeight
    self.insets = insets
    self.index = index
    self.result = result
  }

  /// The picture as an SVG document.
  public func svg() -> String {
    let pad = 12.0
    let captionHeight = caption.isEmpty ? 0 : 28.0
    var minX = 0.0
    var minY = 0.0
    var maxX = viewportWidth
    var maxY = viewportHeight
    // Everything drawn stays in the picture: an item whose point lies beyond the viewport (a
    // cluster drawn at its seed, a spider leg) is drawn where `cluster` reports it, with the
    // picture widened to hold it, so the SVG and the JSON always agree.
    let marks: [(ScreenPoint, Double)] = result.items.flatMap { [($0.point, Self.markerRadius($0)), ($0.anchor, 0.0)] }
    let circle: [(ScreenPoint, Double)] =
      fetchCircle.map { ($0, 0) } + prunedPins.map { ($0, 3) } + previousMarks.map { ($0.point, $0.radius) }
    for (p, radius) in circle + marks
    where p.x.isFinite && p.y.isFinite {
      minX = min(minX, p.x - radius)
      minY = min(minY, p.y - radius)
      maxX = max(maxX, p.x + radius)
      maxY = max(maxY, p.y + radius)
    }
    let box = (
      x: minX - pad, y: minY - pad, width: maxX - minX + 2 * pad, height: maxY - minY + 2 * pad + captionHeight
    )
    var svg = SVGWriter(width: box.width, height: box.height, viewBox: box)
    let outside = ScreenRect(x: box.x, y: box.y, width: box.width, height: box.height)
    svg.rect(outside, fill: "#E5E5EA")
    let viewport = ScreenRect(x: 0, y: 0, width: viewportWidth, height: viewportHeight)
    svg.rect(viewport, fill: "#F4F1EA", stroke: "#1C1C1E", strokeWidth: 1.5)
    let safe = ScreenRect(
      x: insets.left, y: insets.top, width: viewportWidth - insets.left - insets.right,
      height: viewportHeight - insets.top - insets.bottom)
    svg.rect(safe, fill: "none", stroke: "#8E8E93", dash: "6 4")
    if !fetchCircle.isEmpty {
      svg.comment("fetch circle: every point within the range the query asks for")
      svg.path(fetchCircle, closed: true, fill: "none", stroke: "#34C759", strokeWidth: 1.5, dash: "8 5")
    }
    for p in prunedPins { svg.circle(p, radius: 3, fill: "#AEAEB2") }
    if !previousMarks.isEmpty || !transitionArrows.isEmpty {
      svg.comment("transitions: \(previousMarks.count) previous items, \(transitionArrows.count) arrows")
      for mark in previousMarks {
        svg.circle(mark.point, radius: mark.radius, fill: "none", stroke: "#636366", strokeWidth: 1.5, dash: "4 3")
      }
      for arrow in transitionArrows {
        svg.line(arrow.from, arrow.to, stroke: "#5856D6", strokeWidth: 1.5)
        svg.circle(arrow.from, radius: 2.5, fill: "#5856D6")
      }
    }
    drawItems(&svg)
    if let selection { drawCallout(selection, &svg) }
    if !caption.isEmpty {
      svg.label(
        caption, at: ScreenPoint(x: box.x + pad, y: box.y + box.height - captionHeight / 2 - 2), size: 13,
        fill: "#1C1C1E", anchor: "start")
    }
    return svg.document
  }

  private func drawItems(_ svg: inout SVGWriter) {
    let pins = index.pins
    // Legs first, so markers sit on top of them.
    for item in result.items where item.kind == .spider {
      svg.line(item.anchor, item.point, stroke: "#636366", strokeWidth: 1.2)
    }
    for item in result.items where item.kind == .spider {
      svg.circle(item.anchor, radius: 2.5, fill: "#1C1C1E")
    }
    for item in result.items {
      switch item.kind {
      case .pin, .spider:
        svg.circle(
          item.point, radius: 7, fill: Self.colour(for: pins.status(at: item.position)), stroke: "#FFFFFF",
          strokeWidth: 2)
      case .cluster:
        let c = item.cluster!
        svg.circle(
          item.point, radius: Self.markerRadius(item), fill: Self.colour(of: c), stroke: "#FFFFFF", strokeWidth: 2.5,
          opacity: 0.92)
        svg.label(String(c.count), at: item.point, size: c.count >= 1000 ? 10 : 12, fill: "#FFFFFF", bold: true)
      }
    }
  }

  private func drawCallout(_ s: Selection, _ svg: inout SVGWriter) {
    svg.circle(s.point, radius: 11, fill: "none", stroke: "#1C1C1E", strokeWidth: 2)
    let outline = s.layout.outline(s.placement.side, pin: s.point).map { ScreenPoint(x: $0.x, y: $0.y) }
    svg.comment("callout \(s.placement.side.rawValue), fits \(s.placement.fits)")
    svg.path(outline, closed: true, fill: "#FFFFFF", stroke: "#3A3A3C", strokeWidth: 1)
    let f = s.placement.frame
    svg.rect(
      ScreenRect(x: f.x + 12, y: f.y + 12, width: f.width - 24, height: max(0, f.height * 0.45)), fill: "#D1D1D6",
      radius: 8)
    svg.label(
      s.title, at: ScreenPoint(x: f.x + 14, y: f.y + f.height * 0.45 + 30), size: 15, fill: "#1C1C1E", anchor: "start",
      bold: true)
    svg.label(
      s.subtitle, at: ScreenPoint(x: f.x + 14, y: f.y + f.height * 0.45 + 52), size: 12, fill: "#3A3A3C",
      anchor: "start")
  }
}
