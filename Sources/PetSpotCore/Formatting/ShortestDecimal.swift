/// Numbers as petspot-geo prints them (docs/camera-model.md, "Numbers in output"): the shortest
/// decimal that reads back to the same double, never with an exponent; integral values without
/// a fractional part (`100`, not `100.0`); `-0` printed as `0`.
public enum ShortestDecimal {
  /// The text for a finite double. Non-finite values have no JSON form; they print as `null`.
  public static func string(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == 0 { return "0" }
    // Swift's description is the shortest round-tripping form, sometimes with an exponent.
    let text = value.description
    guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
      return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
    let exponent = Int(text[text.index(after: e)...])!
    var mantissa = text[..<e]
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    var digits = String(parts[0])
    if parts.count > 1 && parts[1] != "0" { digits += parts[1] }
    // The decimal point sits after `pointPosition` digits.
    let pointPosition = parts[0].count + exponent
    var result: String
    if pointPosition <= 0 {
      result = "0." + String(repeating: "0", count: -pointPosition) + digits
    } else if pointPosition >= digits.count {
      result = digits + String(repeating: "0", count: pointPosition - digits.count)
    } else {
      let split = digits.index(digits.startIndex, offsetBy: pointPosition)
      result = digits[..<split] + "." + digits[split...]
    }
    return negative ? "-" + result : result
  }

  /// Appends ``string(_:)``'s UTF-8 bytes to `out`; the common case (no exponent) scans bytes, not
  /// Characters — the servers write two of these per announcement.
  public static func append(_ value: Double, to out: inout [UInt8]) {
    var text = value.isFinite && value != 0 ? value.description : string(value)
    let done = text.withUTF8 { bytes -> Bool in
      guard !bytes.contains(UInt8(ascii: "e")) else { return false }
      let n = bytes.count
      let integral = n > 2 && bytes[n - 2] == UInt8(ascii: ".") && bytes[n - 1] == UInt8(ascii: "0")
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[..<(integral ? n - 2 : n)]))
      return true
    }
    if !done { out.append(contentsOf: string(value).utf8) }
  }
}
