import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the built `petspot-geo` binary: `PETSPOT_GEO_BIN` when set (the Makefile sets it),
/// otherwise `.build/debug/petspot-geo` beside this package.
struct CLIRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
    var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
  }

  static var binary: URL {
    if let path = ProcessInfo.processInfo.environment["PETSPOT_GEO_BIN"] { return URL(fileURLWithPath: path) }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/debug/petspot-geo")
  }

  static func run(_ arguments: [String], stdin: String = "") throws -> Result {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Feed stdin and drain stderr on their own threads while this one drains stdout: a child whose
    // output outgrows a pipe buffer before it has read all of its input must never deadlock us.
    let writer = input.fileHandleForWriting
    let bytes = Data(stdin.utf8)
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      // write(2) directly, retried on EINTR: FileHandle.write traps when a signal (another test's
      // child exiting) interrupts it. A child that stops reading ends the loop (EPIPE).
      bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
          let written = Glibc.write(writer.fileDescriptor, raw.baseAddress! + offset, raw.count - offset)
          if written < 0 && errno == EINTR { continue }
          guard written > 0 else { break }
          offset += written
        }
      }
      try? writer.close()
    }
    let errBox = DataBox()
    DispatchQueue.global().async(group: group) { errBox.data = error.fileHandleForReading.readDataToEndOfFile() }
    let out = output.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    let err = errBox.data
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }

  /// Where a background reader leaves its bytes (read after the reader's group is waited for).
  private final class DataBox: @unchecked Sendable {
    var data = Data()
  }

  /// Parses one JSON line into a dictionary (Foundation's parser: independent of the engine's).
  static func object(_ line: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
  }
}
