/// Strict UTF-8 validation (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF),
/// without allocating: text files and C strings are checked before anything is read from them,
/// so an invalid byte is refused with its place instead of becoming U+FFFD in an id.
public enum UTF8Validation {
  /// The offset of the first byte that does not start a valid UTF-8 sequence, or `nil` when all
  /// of `bytes` is valid UTF-8.
  /// - Complexity: O(n); eight ASCII bytes per step.
  public static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let n = bytes.count
    var i = 0
    while i < n {
      if i + 8 <= n, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
        i += 8
        continue
      }
      let lead = bytes[i]
      if lead < 0x80 {
        i += 1
        continue
      }
      guard let length = sequenceLength(lead: lead), i + length <= n,
        secondByteRange(lead: lead).contains(bytes[i + 1])
      else { return i }
      for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 { return i }
      i += length
    }
    return nil
  }

  /// The offset of the first invalid byte of `bytes`, or `nil`.
  public static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) }
  }

  /// The 1-based line (counting "\n") holding byte `offset` of `bytes`.
  public static func line(of offset: Int, in bytes: [UInt8]) -> Int {
    var line = 1
    for byte in bytes[..<min(offset, bytes.count)] where byte == UInt8(ascii: "\n") { line += 1 }
    return line
  }

  private static func sequenceLength(lead: UInt8) -> Int? {
    switch lead {
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: nil
    }
  }

  /// Valid second bytes, which rule out overlong forms, surrogates and code points above U+10FFFF.
  private static func secondByteRange(lead: UInt8) -> ClosedRange<UInt8> {
    switch lead {
    case 0xE0: 0xA0...0xBF
    case 0xED: 0x80...0x9F
    case 0xF0: 0x90...0xBF
    case 0xF4: 0x80...0x8F
    default: 0x80...0xBF
    }
  }
}
