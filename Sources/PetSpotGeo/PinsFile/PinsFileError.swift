/// A malformed pins file: what is wrong and where (a 1-based line for CSV, an array index for JSON).
public struct PinsFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Where in the file.
  public enum Location: Hashable, Sendable {
    case file
    case line(Int)
    case index(Int)
  }

  public var path: String
  public var location: Location
  public var message: String

  public init(path: String, location: Location, message: String) {
    self.path = path
    self.location = location
    self.message = message
  }

  public var description: String {
    switch location {
    case .file: "\(path): \(message)"
    case .line(let line): "\(path): line \(line): \(message)"
    case .index(let index): "\(path): item \(index): \(message)"
    }
  }
}
