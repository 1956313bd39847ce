internal import CPROJ

/// An owning PROJ context (`PJ_CONTEXT`): networking off, search paths set explicitly, errors
/// read from this context only. Never PROJ's default context.
///
/// Threading: a context and the transformers made in it are used by one thread at a time.
/// Distinct contexts are independent.
public final class PROJContext {
  let handle: OpaquePointer

  /// Where Debian's `proj-data` installs `proj.db`.
  public static let defaultSearchPaths = ["/usr/share/proj"]

  /// Creates a context that looks for `proj.db` only in `searchPaths` and never uses the network.
  /// See `proj_context_create`, `proj_context_set_search_paths`, `proj_context_set_enable_network`.
  /// - Throws: ``PROJError`` when PROJ cannot create a context.
  public init(searchPaths: [String] = PROJContext.defaultSearchPaths) throws(PROJError) {
    guard let context = proj_context_create() else {  // returns NULL on allocation failure
      throw PROJError(code: 0, message: "proj_context_create failed")
    }
    handle = context
    _ = proj_context_set_enable_network(context, 0)  // returns the new state; 0 is all we ask
    Internals.withCStrings(searchPaths) { pointers in
      proj_context_set_search_paths(context, Int32(pointers.count), pointers)
    }
  }

  deinit { proj_context_destroy(handle) }

  /// The PROJ release this engine runs against, e.g. "9.1.1".
  public static var version: String {
    String(cString: proj_info().release)
  }

  /// The error PROJ recorded on this context for its last failing call, with `doing` as context.
  func lastError(_ doing: String) -> PROJError {
    let code = proj_context_errno(handle)
    let text = proj_context_errno_string(handle, code).map { String(cString: $0) } ?? "unknown error"
    return PROJError(code: code, message: "\(doing): \(text)")
  }
}
