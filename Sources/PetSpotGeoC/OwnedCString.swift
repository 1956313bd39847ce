import CPetSpotGeo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A NUL-terminated copy of a Swift string in C memory, owned by a handle and freed with it.
/// Pointers handed to C stay valid for the box's lifetime (no escaping from
/// `withUnsafeBufferPointer`).
final class OwnedCString: @unchecked Sendable {
  // @unchecked: the bytes are written once in init and only read until deinit frees them.
  let pointer: UnsafePointer<CChar>

  init(_ text: String) {
    pointer = UnsafePointer(strdup(text)!)
  }

  deinit { free(UnsafeMutablePointer(mutating: pointer)) }

  /// The empty string, shared by handles that have nothing to report.
  static let empty = OwnedCString("")
}

/// Copies text into a caller's buffer with the two-call convention: `length` receives its length
/// in bytes (without the NUL) in every case; the bytes and a NUL are written only when
/// `capacity` exceeds that length.
/// - Returns: `PSG_OK`, or `PSG_ERR_BUFFER_TOO_SMALL` (also for a NULL buffer).
func copyText(
  _ text: String, to out: UnsafeMutablePointer<CChar>?, capacity: Int, length: UnsafeMutablePointer<Int>
) -> psg_status {
  let bytes = Array(text.utf8)
  length.pointee = bytes.count
  guard let out, capacity > bytes.count else { return PSG_ERR_BUFFER_TOO_SMALL }
  for (i, byte) in bytes.enumerated() { out[i] = CChar(bitPattern: byte) }
  out[bytes.count] = 0
  return PSG_OK
}
