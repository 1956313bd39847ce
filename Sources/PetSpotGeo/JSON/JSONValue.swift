import PetSpotCore

/// A parsed JSON value. Objects keep their members in order (output keeps the order it was built
/// in); looking a member up is linear, which suits the small objects petspot-geo reads.
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  /// The member named `key` of an object (the last one if repeated), or `nil`.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.last(where: { $0.key == key })?.value
  }

  /// A short name of the value's type for error messages ("a string", "an array", ...).
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(serialized)
  }
}

extension JSONValue {
  /// Compact JSON text; numbers as ``ShortestDecimal`` prints them.
  public var serialized: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Appends the compact JSON text of this value to `out`.
  public func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += ShortestDecimal.string(n)
    case .string(let s): JSONValue.writeString(s, to: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (i, member) in members.enumerated() {
        if i > 0 { out += "," }
        JSONValue.writeString(member.key, to: &out)
        out += ":"
        member.value.write(to: &out)
      }
      out += "}"
    }
  }

  /// Appends `s` as a JSON string literal (quoted and escaped as ``escapeSequence(for:)`` says).
  public static func writeString(_ s: String, to out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      if scalar.isASCII, let escaped = escapeSequence(for: UInt8(scalar.value)) {
        out += escaped
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }

  /// Appends UTF-8 text as a JSON string literal to a byte buffer (the server's hot path, no
  /// `String` built): the same escaping as ``writeString(_:to:)``.
  public static func appendString(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in utf8 {
      if byte < 0x80, let escaped = escapeSequence(for: byte) {
        out.append(contentsOf: escaped.utf8)
      } else {
        out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// The one escaping rule of petspot-geo's JSON output, for an ASCII byte: `\"` and `\\`,
  /// `\n`, `\r` and `\t` by name, other control characters as `\u00XX` (lower-case hex); `nil`
  /// for bytes written as they are.
  @inline(__always)
  static func escapeSequence(for byte: UInt8) -> String? {
    switch byte {
    case UInt8(ascii: "\""): "\\\""
    case UInt8(ascii: "\\"): "\\\\"
    case 0x0A: "\\n"
    case 0x0D: "\\r"
    case 0x09: "\\t"
    case 0..<0x20:
      "\\u00" + String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
    default: nil
    }
  }
}
