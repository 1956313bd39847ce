internal import PetSpotGEOS
internal import PetSpotPROJ

/// Every error the engine throws.
public enum GeoError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Bad input: the field, a stable code and a message naming the field.
  case invalidInput(InvalidInput)
  /// PROJ failed on the engine's context: its error number and text.
  case proj(code: Int32, message: String)
  /// GEOS failed on the engine's handle: the messages it reported.
  case geos(messages: [String])

  public var description: String {
    switch self {
    case .invalidInput(let input): input.message
    case .proj(let code, let message): "PROJ error \(code): \(message)"
    case .geos(let messages): "GEOS error: " + messages.joined(separator: "; ")
    }
  }

  init(_ error: PROJError) { self = .proj(code: error.code, message: error.message) }
  init(_ error: GEOSError) { self = .geos(messages: error.messages) }
}
