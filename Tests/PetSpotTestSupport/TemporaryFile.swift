import Foundation

/// Calls `body` with a path in the temporary directory, unique per call and ending in `.ext`, and
/// removes whatever is there when `body` returns or throws: tests leave no files behind.
public func withTemporaryPath<R>(extension ext: String, _ body: (String) throws -> R) rethrows -> R {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent(
    "psg-\(UInt64.random(in: 0...UInt64.max)).\(ext)"
  ).path
  defer { try? FileManager.default.removeItem(atPath: path) }
  return try body(path)
}
