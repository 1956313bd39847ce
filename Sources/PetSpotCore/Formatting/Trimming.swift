extension StringProtocol {
  /// The text without leading and trailing whitespace (spaces, tabs, newlines).
  public func trimmingWhitespace() -> String {
    var s = Substring(self)
    while let f = s.first, f.isWhitespace { s = s.dropFirst() }
    while let l = s.last, l.isWhitespace { s = s.dropLast() }
    return String(s)
  }
}
