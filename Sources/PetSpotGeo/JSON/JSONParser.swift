import PetSpotCore

/// A strict RFC 8259 JSON parser over UTF-8 bytes, reporting the byte offset of the first error.
///
/// Numbers are read with correct rounding; ones too large for a double become ±infinity, which the
/// validations then reject as "not finite" rather than the parser failing.
public struct JSONParser {
  private let bytes: [UInt8]
  private var position = 0
  /// Nesting limit, so hostile input cannot exhaust the stack.
  public static let maximumDepth = 512

  /// Parses one JSON text (surrounding whitespace allowed).
  /// - Throws: ``InvalidInput`` with code `malformed_json` and the byte offset.
  public static func parse(_ text: String) throws(InvalidInput) -> JSONValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    return try parser.parseDocument()
  }

  /// Parses one JSON text from UTF-8 bytes.
  /// - Throws: ``InvalidInput`` (`malformed_json`) for bytes that are not UTF-8 (RFC 8259 §8.1),
  ///   naming the offset, or for anything that is not one JSON value.
  public static func parse(bytes: [UInt8]) throws(InvalidInput) -> JSONValue {
    if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw InvalidInput(
        field: nil, code: .malformedJSON, message: "not valid JSON: invalid UTF-8 at byte \(offset + 1)")
    }
    var parser = JSONParser(bytes: bytes)
    return try parser.parseDocument()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private mutating func parseDocument() throws(InvalidInput) -> JSONValue {
    skipWhitespace()
    let value = try parseValue(depth: 0)
    skipWhitespace()
    guard position == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  private func error(_ what: String) -> InvalidInput {
    InvalidInput(field: nil, code: .malformedJSON, message: "not valid JSON: \(what) at byte \(position + 1)")
  }

  private mutating func skipWhitespace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  private mutating func parseValue(depth: Int) throws(InvalidInput) -> JSONValue {
    guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth)") }
    guard position < bytes.count else { throw error("unexpected end of input") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    default: return .number(try parseNumber())
    }
  }

  private mutating func expectWord(_ word: String) throws(InvalidInput) {
    let count = word.utf8.count
    guard position + count <= bytes.count else { throw error("unexpected end of input") }
    guard bytes[position..<position + count].elementsEqual(word.utf8) else { throw error("unexpected character") }
    position += count
  }

  private mutating func parseObject(depth: Int) throws(InvalidInput) -> JSONValue {
    position += 1
    var members: [(key: String, value: JSONValue)] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a member name") }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
      position += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of input") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      throw error("expected ',' or '}'")
    }
  }

  private mutating func parseArray(depth: Int) throws(InvalidInput) -> JSONValue {
    position += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      guard position < bytes.count else { throw error("unexpected end of input") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(items)
      }
      throw error("expected ',' or ']'")
    }
  }

  private mutating func parseNumber() throws(InvalidInput) -> Double {
    let start = position
    func digits(_ p: inout Int, _ b: [UInt8]) -> Int {
      let s = p
      while p < b.count, b[p] >= 0x30, b[p] <= 0x39 { p += 1 }
      return p - s
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let intStart = position
    let intDigits = digits(&position, bytes)
    guard intDigits > 0 else { throw error("unexpected character") }
    if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") { throw error("leading zero in a number") }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits(&position, bytes) > 0 else { throw error("expected a digit after '.'") }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
        position += 1
      }
      guard digits(&position, bytes) > 0 else { throw error("expected a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text) else { throw error("unreadable number") }
    return value
  }

  private mutating func parseString() throws(InvalidInput) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var runStart = position
    func flushRun(_ end: Int) {
      if end > runStart {
        scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        flushRun(position)
        position += 1
        return String(scalars)
      }
      if byte < 0x20 { throw error("control character in a string") }
      if byte == UInt8(ascii: "\\") {
        flushRun(position)
        position += 1
        guard position < bytes.count else { break }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"): scalars.append(try parseUnicodeEscape())
        default: throw error("invalid escape")
        }
        runStart = position
        continue
      }
      position += 1
    }
    throw error("unterminated string")
  }

  private mutating func parseHex4() throws(InvalidInput) -> UInt32 {
    guard position + 4 <= bytes.count else { throw error("unexpected end of input") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let b = bytes[position]
      let digit: UInt32
      switch b {
      case 0x30...0x39: digit = UInt32(b - 0x30)
      case 0x41...0x46: digit = UInt32(b - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(b - 0x61 + 10)
      default: throw error("invalid \\u escape")
      }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  private mutating func parseUnicodeEscape() throws(InvalidInput) -> Unicode.Scalar {
    let first = try parseHex4()
    if (0xD800..<0xDC00).contains(first),
      position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
    {
      position += 2
      let second = try parseHex4()
      guard (0xDC00..<0xE000).contains(second) else { throw error("invalid surrogate pair") }
      return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
    }
    // A lone surrogate cannot be represented: replace it, as most decoders do.
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }
}
