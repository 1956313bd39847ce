#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading decimal numbers from ASCII bytes (CSV cells), fast and correctly rounded.
///
/// Numbers with at most 15 significant digits and a decimal exponent within ±22 are converted
/// exactly by one multiplication or division of exactly representable doubles (Clinger's fast
/// path, the case of most coordinates); anything else (the 16–17 digits of a double written in
/// full, say) goes to the C library's correctly rounded `strtod`, straight from a copy of the bytes
/// on the stack.
public enum DecimalText {
  /// What a coordinate cell holds.
  public enum Cell: Equatable, Sendable {
    /// A finite number.
    case number(Double)
    /// Empty, `nan`, `inf`, `infinity` (any case, any sign): an invalid coordinate, not an error.
    case missing
    /// Anything else: malformed text.
    case unparsable
  }

  private static let powersOfTen: [Double] = (0...22).map { e in
    var p = 1.0
    for _ in 0..<e { p *= 10 }
    return p
  }

  /// Classifies and parses a cell (surrounding spaces ignored).
  public static func cell(_ bytes: UnsafeBufferPointer<UInt8>) -> Cell {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    if start == end { return .missing }
    let body = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if let value = parse(body) { return value.isFinite ? .number(value) : .missing }
    return isNamedNonFinite(body) ? .missing : .unparsable
  }

  /// Parses a complete decimal number (`-12.5`, `1e-3`, `.5`, `5.`), or `nil`.
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var i = 0
    let n = bytes.count
    var negative = false
    if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
      negative = bytes[i] == UInt8(ascii: "-")
      i += 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var exponent = 0
    var sawDigit = false
    var truncated = false
    var inFraction = false
    while i < n {
      let byte = bytes[i]
      if byte == UInt8(ascii: "."), !inFraction {
        inFraction = true
        i += 1
        continue
      }
      let digit = byte &- 0x30
      guard digit < 10 else { break }
      sawDigit = true
      if mantissa == 0 && digit == 0 {
        if inFraction { exponent -= 1 }  // a leading zero carries no significant digit
      } else if digits < 19 {
        mantissa = mantissa * 10 + UInt64(digit)
        digits += 1
        if inFraction { exponent -= 1 }
      } else {
        truncated = true
        if !inFraction { exponent += 1 }
      }
      i += 1
    }
    guard sawDigit else { return nil }
    if i < n, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      var expNegative = false
      if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        expNegative = bytes[i] == UInt8(ascii: "-")
        i += 1
      }
      var e = 0
      var expDigits = 0
      while i < n, bytes[i] &- 0x30 < 10 {
        if e < 100_000 { e = e * 10 + Int(bytes[i] - 0x30) }
        expDigits += 1
        i += 1
      }
      guard expDigits > 0 else { return nil }
      exponent += expNegative ? -e : e
    }
    guard i == n else { return nil }
    if !truncated && digits <= 15 && exponent >= -22 && exponent <= 22 {
      let m = Double(mantissa)
      let value = exponent < 0 ? m / powersOfTen[-exponent] : m * powersOfTen[exponent]
      return negative ? -value : value
    }
    return correctlyRounded(bytes)
  }

  /// `bytes`, a number the grammar above accepted, parsed by `strtod` from a NUL-terminated copy
  /// on the stack (no String made). `strtod` follows the process's locale: where the decimal point
  /// is not "." it stops at the ".", and the standard library's parser (always ".") reads the text
  /// instead. When it reads every byte, it read them as the C locale does (the grammar allows no
  /// grouping, no hexadecimal, no other spelling).
  private static func correctlyRounded(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    #if canImport(Glibc) || canImport(Darwin)
      if bytes.count < 128 {
        let parsed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { copy -> Double? in
          for (k, byte) in bytes.enumerated() { copy[k] = CChar(bitPattern: byte) }
          copy[bytes.count] = 0
          var end: UnsafeMutablePointer<CChar>?
          let value = strtod(copy.baseAddress!, &end)
          return end == copy.baseAddress! + bytes.count ? value : nil
        }
        if let parsed { return parsed }
      }
    #endif
    return Double(String(decoding: bytes, as: UTF8.self))
  }

  private static func isNamedNonFinite(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var text = String(decoding: bytes, as: UTF8.self).lowercased()
    if text.hasPrefix("-") || text.hasPrefix("+") { text.removeFirst() }
    return text == "nan" || text == "inf" || text == "infinity"
  }
}
