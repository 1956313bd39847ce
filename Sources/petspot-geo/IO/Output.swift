import PetSpotGeo

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Results to stdout, errors to stderr, never mixed (docs/cli.md).
enum Output {
  /// Writes one line to stdout and flushes it, so batch output streams.
  static func line(_ text: String) {
    print(text)
    fflush(nil)  // flushes every output stream; stdout is the only buffered one we write
  }

  /// Writes text to stdout as is (no newline added) and flushes it.
  static func text(_ text: String) {
    print(text, terminator: "")
    fflush(nil)
  }

  /// Saves text to a file, replacing it.
  /// - Throws: ``InvalidInput`` naming `output` when the file cannot be written.
  static func save(_ text: String, to path: String) throws(InvalidInput) {
    guard let file = fopen(path, "w") else {
      throw InvalidInput(field: "output", code: .malformedValue, message: "output: cannot write \(path)")
    }
    defer { fclose(file) }
    var copy = text
    let written = copy.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == text.utf8.count else {
      throw InvalidInput(field: "output", code: .malformedValue, message: "output: cannot write \(path)")
    }
  }

  /// Writes `error: <message>` to stderr.
  static func error(_ message: String) {
    standardError("error: \(message)\n")
  }

  /// Ends the process with `status`.
  static func terminate(status: Int32) -> Never {
    fflush(nil)
    exit(status)
  }

  /// Writes text to stderr, unbuffered.
  static func standardError(_ message: String) {
    var text = message
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
