/// How the values of a min/max aggregate are ordered: as decimal numbers, or as ISO 8601 dates
/// and date-times (`2026-11-20`, `2026-11-20T18:30:00Z`, `2026-11-20T19:30+01:00`; no offset means
/// UTC; a date alone is its midnight UTC).
public enum OrderedValueKind: String, Hashable, Sendable {
  case number, date

  /// The kind of a text: number when it reads as one, else date, else `nil`.
  public static func of(_ text: String) -> OrderedValueKind? {
    if OrderedValue.number(text) != nil { return .number }
    if OrderedValue.date(text) != nil { return .date }
    return nil
  }

  /// The text's position on this kind's scale, or `nil` when it is not of this kind.
  public func key(_ text: String) -> Double? {
    switch self {
    case .number: OrderedValue.number(text)
    case .date: OrderedValue.date(text)
    }
  }
}

/// Parsers giving values a position on a line (numbers as such, instants in seconds since
/// 1970-01-01T00:00:00Z), so that the least and greatest of a set can be found.
enum OrderedValue {
  /// A finite decimal number (`12`, `-3.5`, `1e3`); no hex, `nan`, `inf` or white space.
  static func number(_ text: String) -> Double? {
    guard let first = text.utf8.first,
      first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
      !text.utf8.contains(where: { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }),
      let value = Double(text), value.isFinite
    else { return nil }
    return value
  }

  /// Seconds since 1970-01-01T00:00:00Z of `YYYY-MM-DD`, optionally followed by `T` (or a space)
  /// `hh:mm`, `:ss`, `.fraction` and `Z` or an offset `±hh:mm` / `±hhmm`.
  static func date(_ text: String) -> Double? {
    var reader = DigitReader(bytes: Array(text.utf8))
    guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
      let day = reader.digits(2), (1...12).contains(month), (1...GregorianDays.inMonth(month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(GregorianDays.sinceEpoch(year: year, month: month, day: day)) * 86_400
    if reader.atEnd { return seconds }
    guard reader.skip("T") || reader.skip("t") || reader.skip(" "), let hour = reader.digits(2), hour <= 23,
      reader.skip(":"), let minute = reader.digits(2), minute <= 59
    else { return nil }
    seconds += Double(hour * 3600 + minute * 60)
    if reader.skip(":") {
      guard let second = reader.digits(2), second <= 60 else { return nil }
      seconds += Double(second)
      if reader.skip(".") || reader.skip(",") {
        var scale = 0.1
        var any = false
        while let digit = reader.digits(1) {
          seconds += Double(digit) * scale
          scale /= 10
          any = true
        }
        guard any else { return nil }
      }
    }
    if reader.atEnd || reader.skip("Z") || reader.skip("z") { return reader.atEnd ? seconds : nil }
    let sign: Double
    if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
    guard let offsetHours = reader.digits(2), offsetHours <= 23 else { return nil }
    _ = reader.skip(":")
    guard let offsetMinutes = reader.digits(2), offsetMinutes <= 59, reader.atEnd else { return nil }
    return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
  }
}

/// Reads fixed-width decimal fields and separators from UTF-8 bytes.
private struct DigitReader {
  let bytes: [UInt8]
  var at = 0

  var atEnd: Bool { at == bytes.count }

  /// `width` decimal digits as a number, or `nil` (nothing consumed) when they are not there.
  mutating func digits(_ width: Int) -> Int? {
    guard at + width <= bytes.count else { return nil }
    var value = 0
    for k in at..<(at + width) {
      let b = bytes[k]
      guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(b - UInt8(ascii: "0"))
    }
    at += width
    return value
  }

  /// Consumes `separator` when it comes next.
  mutating func skip(_ separator: Unicode.Scalar) -> Bool {
    guard at < bytes.count, bytes[at] == UInt8(ascii: separator) else { return false }
    at += 1
    return true
  }
}
