import PetSpotCore

/// JSON text appended as UTF-8 bytes — no `String` built per value: what the servers and the
/// cluster output write their answers with. Numbers as ``ShortestDecimal`` writes them (shortest
/// round-trip, no exponent, non-finite as `null`), strings escaped as ``JSONValue/writeString(_:to:)``
/// escapes them.
public struct JSONWriter: Sendable {
  /// The text so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty writer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The text so far as a String.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends JSON syntax or an already escaped literal, as is.
  public mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends text as is (keys and values known to need no escaping).
  public mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends one byte of ASCII syntax or an escaped literal.
  public mutating func byte(_ byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends a number.
  public mutating func number(_ value: Double) {
    ShortestDecimal.append(value, to: &bytes)
  }

  /// Appends an integer in decimal.
  public mutating func integer(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for k in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[k]) }
    }
  }

  /// Appends `true` or `false`.
  public mutating func boolean(_ value: Bool) {
    value ? raw("true") : raw("false")
  }

  /// Appends a string literal, escaped.
  public mutating func string(_ text: String) {
    var copy = text
    copy.withUTF8 { JSONValue.appendString($0, to: &bytes) }
  }

  /// Appends UTF-8 text as a string literal, escaped.
  public mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
    JSONValue.appendString(utf8, to: &bytes)
  }
}
