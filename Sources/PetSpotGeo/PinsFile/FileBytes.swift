#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whole-file reads and writes through the C library (no Foundation in the engine).
enum FileBytes {
  /// The file's bytes. - Throws: ``PinsFileError`` when it cannot be opened or read.
  static func read(_ path: String) throws(PinsFileError) -> [UInt8] {
    guard let file = fopen(path, "rb") else {
      throw PinsFileError(path: path, location: .file, message: "cannot open: \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
      if n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
      if n < chunk.count {
        if ferror(file) != 0 { throw PinsFileError(path: path, location: .file, message: "read error") }
        return bytes
      }
    }
  }

  /// Writes `bytes` to `path` (replacing it). - Throws: ``PinsFileError`` on failure.
  static func write(_ bytes: [UInt8], to path: String) throws(PinsFileError) {
    guard let file = fopen(path, "wb") else {
      throw PinsFileError(path: path, location: .file, message: "cannot create: \(String(cString: strerror(errno)))")
    }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    let closed = fclose(file)
    guard written == bytes.count, closed == 0 else {
      throw PinsFileError(path: path, location: .file, message: "write error")
    }
  }
}
