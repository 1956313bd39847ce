/// Bad input, named: the field at fault, a stable machine-readable code and a sentence for people.
///
/// Every validation in petspot-geo reports through this type, so the CLI's error objects
/// (`{"error","field","code"}`), the C API's last-error text and Swift callers all see the same thing.
public struct InvalidInput: Error, Hashable, Sendable, CustomStringConvertible {
  /// Stable codes; their raw values appear in CLI output and never change meaning.
  public enum Code: String, Hashable, Sendable, CaseIterable {
    /// A required field is absent (or JSON `null` where a value is required).
    case missingField = "missing_field"
    /// The field has the wrong JSON type (a string where a number is needed, ...).
    case invalidType = "invalid_type"
    /// A number is NaN or infinite.
    case notFinite = "not_finite"
    /// A number lies outside its valid range.
    case outOfRange = "out_of_range"
    /// The value is well-formed but describes something not supported (a tilted camera).
    case unsupported = "unsupported"
    /// The text is not valid JSON, or not the expected JSON shape.
    case malformedJSON = "malformed_json"
    /// A value could not be parsed from text (a CLI flag, a CSV cell).
    case malformedValue = "malformed_value"
  }

  /// The field's name as written in docs/camera-model.md (`lat`, `latDelta`, ...), or `nil`.
  public var field: String?
  /// What kind of problem this is.
  public var code: Code
  /// A sentence naming the field and what a valid value looks like.
  public var message: String

  /// Creates an error; `message` should name `field`.
  public init(field: String?, code: Code, message: String) {
    self.field = field
    self.code = code
    self.message = message
  }

  public var description: String { message }
}
