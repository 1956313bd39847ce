import ArgumentParser
import PetSpotGeo

/// The batch mode of docs/cli.md: one JSON object per input line, exactly one JSON object
/// per non-blank line out, in order and flushed; a bad line gets an error object and the rest go
/// on; the exit status is 1 if any line failed. Lines are read one at a time, never all at once.
enum JSONLinesBatch {
  /// Runs `handle` on every non-blank stdin line parsed as JSON.
  /// - Throws: `ExitCode.failure` after the last line when any line failed.
  static func run(_ handle: (JSONValue) throws -> JSONValue) throws {
    try runText { request in try handle(request).serialized }
  }

  /// Like ``run(_:)`` for handlers that write their JSON text themselves (large answers).
  static func runText(_ handle: (JSONValue) throws -> String) throws {
    var failed = false
    while let line = readLine(strippingNewline: true) {
      guard line.contains(where: { !$0.isWhitespace }) else { continue }
      do {
        let request = try JSONParser.parse(line)
        guard case .object = request else {
          throw InvalidInput(
            field: nil, code: .malformedJSON, message: "each line must be a JSON object, not \(request.typeDescription)"
          )
        }
        Output.line(try handle(request))
      } catch {
        failed = true
        Output.line(errorObject(for: error).serialized)
      }
    }
    if failed { throw ExitCode.failure }
  }

  /// The error object of a failed line, `{"error","field","code"}`: invalid input as itself (its
  /// field and code); a PROJ or GEOS failure with field null and code `library_error`; anything
  /// else with code `otherCode`.
  static func errorObject(for error: any Error, otherCode: String = "library_error") -> JSONValue {
    switch error {
    case let input as InvalidInput: return input.json
    case GeoError.invalidInput(let input): return input.json
    default:
      let code = error is GeoError ? "library_error" : otherCode
      return .object([("error", .string("\(error)")), ("field", .null), ("code", .string(code))])
    }
  }
}
