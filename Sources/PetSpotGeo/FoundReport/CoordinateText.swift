/// Latitude and longitude typed by a person (found FR-007, docs/petspot-requirements.md): a decimal number with a dot
/// or a decimal comma (`52,2297`), optionally a degree sign (`52.2297°`) and optionally a
/// hemisphere letter after it (`52.2297 N`, `21.0122° E`; S and W make it negative; a letter with
/// a minus sign is contradictory and rejected). Whitespace around the parts is ignored.
public enum CoordinateText {
  /// Which coordinate is parsed: it decides the valid range and hemisphere letters.
  public enum Axis: Sendable {
    case latitude, longitude

    var limit: Double { self == .latitude ? 90 : 180 }
    var positiveLetter: Character { self == .latitude ? "N" : "E" }
    var negativeLetter: Character { self == .latitude ? "S" : "W" }
  }

  /// Why a text is not a coordinate.
  public enum Problem: Error, Hashable, Sendable {
    case empty, unreadable, outOfRange
  }

  /// Degrees for the text. - Throws: ``Problem``.
  public static func parse(_ text: String, axis: Axis) throws(Problem) -> Double {
    var s = text.trimmingWhitespace().uppercased()
    guard !s.isEmpty else { throw .empty }
    var sign = 1.0
    var sawLetter = false
    if let last = s.last, last == axis.positiveLetter || last == axis.negativeLetter {
      sign = last == axis.negativeLetter ? -1 : 1
      sawLetter = true
      s = String(s.dropLast()).trimmingWhitespace()
    }
    if s.hasSuffix("°") { s = String(s.dropLast()).trimmingWhitespace() }
    if sawLetter && (s.hasPrefix("-") || s.hasPrefix("+")) { throw .unreadable }
    let number = s.replacingAll(",", with: ".")
    guard number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
      number.filter({ $0 == "." }).count <= 1, let value = Double(number), value.isFinite
    else { throw .unreadable }
    let degrees = sign * value
    guard abs(degrees) <= axis.limit else { throw .outOfRange }
    return degrees
  }
}
