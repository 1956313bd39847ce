internal import PetSpotCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text passed in from C: NUL-terminated and required to be UTF-8. `String(cString:)` would turn
/// an invalid byte into U+FFFD silently (two different ids into one); these refuse it instead.
enum CStringInput {
  /// The bytes before the NUL.
  static func bytes(_ text: UnsafePointer<CChar>) -> [UInt8] {
    text.withMemoryRebound(to: UInt8.self, capacity: strlen(text)) {
      Array(UnsafeBufferPointer(start: $0, count: strlen(text)))
    }
  }

  /// The text as a String. - Throws: ``InvalidInput`` naming `field` when it is not UTF-8.
  static func string(_ text: UnsafePointer<CChar>, field: String) throws(InvalidInput) -> String {
    let bytes = bytes(text)
    if let offset = UTF8Validation.firstInvalidOffset(in: bytes) {
      throw InvalidInput(
        field: field, code: .malformedValue, message: "\(field) is not valid UTF-8 (byte \(offset + 1))")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
