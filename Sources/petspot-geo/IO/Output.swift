#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Results to stdout, errors to stderr, never mixed (shared/spec/cli.md).
enum Output {
  /// Writes one line to stdout and flushes it, so batch output streams.
  static func line(_ text: String) {
    print(text)
    fflush(nil)  // flushes every output stream; stdout is the only buffered one we write
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
