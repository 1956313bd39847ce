/// Contact validation shared by every report flow (found FR-010a, FR-012; docs/petspot-requirements.md).
public enum ContactRules {
  /// The phone as stored: a leading `+` kept if typed, then the digits; every other character
  /// (spaces, dashes, brackets) ignored.
  public static func sanitizedPhone(_ text: String) -> String {
    let trimmed = text.trimmingWhitespace()
    let digits = trimmed.filter { $0.isASCII && $0.isNumber }
    return (trimmed.hasPrefix("+") ? "+" : "") + digits
  }

  /// 7–11 digits after sanitising.
  public static func isValidPhone(_ text: String) -> Bool {
    let count = sanitizedPhone(text).filter(\.isNumber).count
    return count >= 7 && count <= 11
  }

  /// A basic `local@domain.tld`: trimmed, non-empty, exactly one `@`, no whitespace, a non-empty
  /// local part, and a domain with a dot that neither starts nor ends it.
  public static func isValidEmail(_ text: String) -> Bool {
    let email = text.trimmingWhitespace()
    guard !email.isEmpty, !email.contains(where: \.isWhitespace) else { return false }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }
}
