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
