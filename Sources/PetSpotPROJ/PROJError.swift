/// A failure reported by PROJ through the engine's own context: PROJ's error number and its text.
public struct PROJError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `proj_context_errno` of the failing call (0 when PROJ gave none, e.g. an allocation failure).
  public var code: Int32
  /// `proj_context_errno_string` for that code, or what petspot-geo was doing.
  public var message: String

  public init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "PROJ error \(code): \(message)" }
}
