/// A minimal SVG text builder: elements with attributes, numbers to 0.01 point.
struct SVGWriter {
  private(set) var text = ""

  init(width: Double, height: Double, viewBox: (x: Double, y: Double, width: Double, height: Double)) {
    text =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
      + "viewBox=\"\(Self.number(viewBox.x)) \(Self.number(viewBox.y)) \(Self.number(viewBox.width)) \(Self.number(viewBox.height))\" "
      + "font-family=\"Helvetica, Arial, sans-serif\">\n"
  }

  /// The document, closed.
  var document: String { text + "</svg>\n" }

  mutating func comment(_ words: String) {
    text += "<!-- \(words.replacingAll("--", with: "- -")) -->\n"
  }

  mutating func rect(
    _ r: ScreenRect, fill: String, stroke: String = "none", strokeWidth: Double = 1, radius: Double = 0,
    dash: String? = nil, opacity: Double = 1
  ) {
    text +=
      "<rect x=\"\(Self.number(r.x))\" y=\"\(Self.number(r.y))\" width=\"\(Self.number(r.width))\" height=\"\(Self.number(r.height))\""
      + (radius > 0 ? " rx=\"\(Self.number(radius))\"" : "")
      + paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, dash: dash, opacity: opacity) + "/>\n"
  }

  mutating func circle(
    _ c: ScreenPoint, radius: Double, fill: String, stroke: String = "none", strokeWidth: Double = 1,
    dash: String? = nil, opacity: Double = 1
  ) {
    text +=
      "<circle cx=\"\(Self.number(c.x))\" cy=\"\(Self.number(c.y))\" r=\"\(Self.number(radius))\""
      + paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, dash: dash, opacity: opacity) + "/>\n"
  }

  mutating func line(_ a: ScreenPoint, _ b: ScreenPoint, stroke: String, strokeWidth: Double = 1, dash: String? = nil) {
    text +=
      "<line x1=\"\(Self.number(a.x))\" y1=\"\(Self.number(a.y))\" x2=\"\(Self.number(b.x))\" y2=\"\(Self.number(b.y))\""
      + paint(fill: "none", stroke: stroke, strokeWidth: strokeWidth, dash: dash, opacity: 1) + "/>\n"
  }

  /// A polygon (closed) or polyline through the points.
  mutating func path(
    _ points: [ScreenPoint], closed: Bool, fill: String, stroke: String, strokeWidth: Double = 1, dash: String? = nil
  ) {
    guard let first = points.first else { return }
    var d = "M\(Self.number(first.x)) \(Self.number(first.y))"
    for p in points.dropFirst() { d += " L\(Self.number(p.x)) \(Self.number(p.y))" }
    if closed { d += " Z" }
    text +=
      "<path d=\"\(d)\"" + paint(fill: fill, stroke: stroke, strokeWidth: strokeWidth, dash: dash, opacity: 1) + "/>\n"
  }

  mutating func label(
    _ words: String, at p: ScreenPoint, size: Double, fill: String, anchor: String = "middle", bold: Bool = false
  ) {
    text +=
      "<text x=\"\(Self.number(p.x))\" y=\"\(Self.number(p.y))\" font-size=\"\(Self.number(size))\" text-anchor=\"\(anchor)\""
      + " dominant-baseline=\"central\" fill=\"\(fill)\"" + (bold ? " font-weight=\"bold\"" : "")
      + ">\(Self.escaped(words))</text>\n"
  }

  private func paint(fill: String, stroke: String, strokeWidth: Double, dash: String?, opacity: Double) -> String {
    " fill=\"\(fill)\" stroke=\"\(stroke)\"" + (stroke == "none" ? "" : " stroke-width=\"\(Self.number(strokeWidth))\"")
      + (dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") + (opacity < 1 ? " opacity=\"\(Self.number(opacity))\"" : "")
  }

  static func number(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let rounded = (v * 100).rounded() / 100
    if rounded == rounded.rounded(), let integer = Int(checked: rounded) { return String(integer) }
    return ShortestDecimal.string(rounded)
  }

  static func escaped(_ s: String) -> String {
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}

extension String {
  /// Every occurrence of `target` replaced (no Foundation in the library).
  func replacingAll(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var out = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      out += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}
