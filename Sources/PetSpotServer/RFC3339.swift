import PetSpotGeo

/// RFC 3339 timestamps (`2026-11-26T08:00:00Z`, `2026-11-26T09:00:00.25+01:00`): the form the
/// `since` parameter takes. Strict: a `T` or `t` between date and time, seconds required, a `Z` or
/// a `±HH:MM` offset required; up to 9 fraction digits (read to the microsecond, truncated).
enum RFC3339 {
  /// Microseconds since 1970-01-01T00:00:00Z, or `nil` when the text is not RFC 3339.
  static func microseconds(_ text: Substring) -> Int64? {
    let b = Array(text.utf8)
    func digits(_ at: Int, _ count: Int) -> Int? {
      guard at + count <= b.count else { return nil }
      var value = 0
      for i in at..<(at + count) {
        guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
        value = value * 10 + Int(b[i] - 0x30)
      }
      return value
    }
    func byte(_ at: Int, _ expected: [UInt8]) -> Bool { at < b.count && expected.contains(b[at]) }
    guard let year = digits(0, 4), byte(4, [0x2D]), let month = digits(5, 2), byte(7, [0x2D]),
      let day = digits(8, 2), byte(10, [0x54, 0x74]), let hour = digits(11, 2), byte(13, [0x3A]),
      let minute = digits(14, 2), byte(16, [0x3A]), let second = digits(17, 2)
    else { return nil }
    guard (1...12).contains(month), day >= 1, day <= GregorianDays.inMonth(month, year: year), hour <= 23, minute <= 59,
      second <= 60
    else { return nil }
    var at = 19
    var micros = 0
    if byte(at, [0x2E]) {
      at += 1
      var count = 0
      while at < b.count, b[at] >= 0x30, b[at] <= 0x39 {
        if count < 6 { micros = micros * 10 + Int(b[at] - 0x30) }
        count += 1
        at += 1
      }
      guard (1...9).contains(count) else { return nil }
      for _ in count..<6 where count < 6 { micros *= 10 }
    }
    var offsetMinutes = 0
    if byte(at, [0x5A, 0x7A]) {
      at += 1
    } else if byte(at, [0x2B, 0x2D]), let h = digits(at + 1, 2), byte(at + 3, [0x3A]), let m = digits(at + 4, 2),
      h <= 23, m <= 59
    {
      offsetMinutes = (h * 60 + m) * (b[at] == 0x2D ? -1 : 1)
      at += 6
    } else {
      return nil
    }
    guard at == b.count else { return nil }
    let days = GregorianDays.sinceEpoch(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetMinutes * 60
    return Int64(seconds) * 1_000_000 + Int64(micros)
  }
}
