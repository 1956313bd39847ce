internal import CGEOS

/// An owning GEOS context handle (`GEOSContextHandle_t`) whose error and notice messages are
/// collected here, never printed or kept globally. Only the reentrant `_r` API is used.
///
/// Threading: one thread at a time (GEOS: "Contexts must only be used from a single thread at a
/// time"); distinct contexts are independent.
public final class GEOSContext {
  let handle: GEOSContextHandle_t
  /// Messages GEOS reported on this context since the last ``takeMessages()``.
  private(set) var messages: [String] = []

  /// Creates a context. See `GEOS_init_r`.
  /// - Throws: ``GEOSError`` when GEOS cannot allocate one.
  public init() throws(GEOSError) {
    guard let handle = GEOS_init_r() else {  // returns NULL on allocation failure
      throw GEOSError(messages: ["GEOS_init_r failed"])
    }
    self.handle = handle
    let box = Unmanaged.passUnretained(self).toOpaque()
    let collect: GEOSMessageHandler_r = { message, userdata in
      guard let message, let userdata else { return }
      Unmanaged<GEOSContext>.fromOpaque(userdata).takeUnretainedValue().messages.append(String(cString: message))
    }
    _ = GEOSContext_setErrorMessageHandler_r(handle, collect, box)  // returns the previous handler
    _ = GEOSContext_setNoticeMessageHandler_r(handle, collect, box)
  }

  deinit { GEOS_finish_r(handle) }

  /// The GEOS release this engine runs against, e.g. "3.11.1-CAPI-1.17.1".
  public static var version: String {
    String(cString: GEOSversion())
  }

  /// Returns and clears the collected messages.
  func takeMessages() -> [String] {
    defer { messages.removeAll() }
    return messages
  }
}

/// A failure reported by GEOS on the engine's own context, with the messages it collected.
public struct GEOSError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What GEOS said, oldest first.
  public var messages: [String]

  public init(messages: [String]) {
    self.messages = messages
  }

  public var description: String { "GEOS error: " + messages.joined(separator: "; ") }
}
