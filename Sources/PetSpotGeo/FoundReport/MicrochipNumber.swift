/// The "Collar data" microchip field of the found-report form (found FR-008, docs/petspot-requirements.md): digits only,
/// at most 15, stored as digits, shown as `00000-00000-00000` while typing (hyphens between groups
/// of five, none trailing), no minimum length, empty allowed.
public enum MicrochipNumber {
  /// The most digits a microchip number holds.
  public static let maximumDigits = 15

  /// The stored value: the ASCII digits of `text`, at most 15 (other characters typed or pasted
  /// are dropped, extra digits are dropped).
  public static func digits(_ text: String) -> String {
    String(
      text.unicodeScalars.filter { $0.value >= 0x30 && $0.value <= 0x39 }.prefix(maximumDigits).map(Character.init))
  }

  /// How a digits-only value is displayed: `12345-67890-12345`, `12345-6`, `12345`.
  public static func display(_ digits: String) -> String {
    var out = ""
    for (i, c) in digits.enumerated() {
      if i > 0 && i % 5 == 0 { out.append("-") }
      out.append(c)
    }
    return out
  }

  /// The as-you-type formatter a text field needs: given the field's text after an edit and the
  /// caret (an offset in UTF-16 code units, as UIKit and Android report it), the text to show and
  /// where the caret goes. The caret stays after the same digit it followed.
  ///
  ///     MicrochipNumber.format("123456", caret: 6)    // ("12345-6", 7)
  ///     MicrochipNumber.format("12a34", caret: 3)     // ("1234", 2)
  public static func format(_ text: String, caret: Int) -> (text: String, caret: Int) {
    let clampedCaret = min(max(caret, 0), text.utf16.count)
    let prefixEnd = String.Index(utf16Offset: clampedCaret, in: text)
    let digitsBeforeCaret = min(digits(String(text[..<prefixEnd])).count, maximumDigits)
    let stored = digits(text)
    let shown = display(stored)
    let before = min(digitsBeforeCaret, stored.count)
    // One hyphen precedes digit 6 and another digit 11 (1-based).
    let newCaret = before + (before > 5 ? 1 : 0) + (before > 10 ? 1 : 0)
    return (shown, newCaret)
  }
}
