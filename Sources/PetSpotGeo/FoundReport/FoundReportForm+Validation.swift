/// One invalid field: its name (the form's JSON key), a stable code and a message for people.
public struct FoundReportFieldError: Hashable, Sendable {
  public var field: String
  public var code: String
  public var message: String

  public init(field: String, code: String, message: String) {
    self.field = field
    self.code = code
    self.message = message
  }
}

/// Every invalid field found by a validation, in form order.
public struct FoundReportErrors: Error, Hashable, Sendable {
  public var errors: [FoundReportFieldError]

  public init(errors: [FoundReportFieldError]) {
    self.errors = errors
  }
}

extension FoundReportForm {
  /// The problems of one step's fields (empty when the step is valid).
  public func validate(_ step: Step) -> [FoundReportFieldError] {
    var errors: [FoundReportFieldError] = []
    func fail(_ field: String, _ code: String, _ message: String) {
      errors.append(FoundReportFieldError(field: field, code: code, message: message))
    }
    switch step {
    case .uploadPhoto:
      if photo.trimmingWhitespace().isEmpty { fail("photo", "photo_required", FoundReportCopy.photoRequired) }
    case .petDetails:
      if dateFound.trimmingWhitespace().isEmpty {
        fail("dateFound", "date_required", "Please enter the date you found the pet.")
      } else if FoundDate.parse(dateFound) == nil {
        fail("dateFound", "date_invalid", "Please enter a valid date (DD/MM/YYYY).")
      }
      if species.trimmingWhitespace().isEmpty {
        fail("species", "species_required", "Please choose the animal's species.")
      }
      if sex.trimmingWhitespace().isEmpty { fail("sex", "sex_required", "Please choose the animal's sex.") }
      for (field, text, axis) in [
        ("latitude", latitude, CoordinateText.Axis.latitude), ("longitude", longitude, .longitude),
      ] {
        do throws(CoordinateText.Problem) {
          _ = try CoordinateText.parse(text, axis: axis)
        } catch {
          let range = axis == .latitude ? "-90 and 90" : "-180 and 180"
          switch error {
          case .empty: fail(field, "\(field)_required", "Please provide the found location's \(field).")
          case .unreadable:
            fail(
              field, "\(field)_invalid",
              "Please enter the \(field) as a number, e.g. \(axis == .latitude ? "52.2297" : "21.0122").")
          case .outOfRange: fail(field, "\(field)_out_of_range", "The \(field) must be between \(range).")
          }
        }
      }
    case .contactInformation:
      if phone.trimmingWhitespace().isEmpty {
        fail("phone", "phone_required", "Please enter your phone number.")
      } else if !ContactRules.isValidPhone(phone) {
        fail("phone", "phone_invalid", "Please enter a valid phone number (7–11 digits).")
      }
      if email.trimmingWhitespace().isEmpty {
        fail("email", "email_required", "Please enter your email.")
      } else if !ContactRules.isValidEmail(email) {
        fail("email", "email_invalid", "Please enter a valid email address.")
      }
      if !caregiverPhone.trimmingWhitespace().isEmpty && !ContactRules.isValidPhone(caregiverPhone) {
        fail("caregiverPhone", "caregiver_phone_invalid", "Please enter a valid caregiver phone number (7–11 digits).")
      }
    }
    return errors
  }
}

/// Dates as the form accepts them: `yyyy-MM-dd` or `DD/MM/YYYY`, real calendar days only.
public enum FoundDate {
  /// (year, month, day) of a valid date, or `nil`.
  public static func parse(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let s = text.trimmingWhitespace()
    let parts: [Substring]
    let ymd: (Int, Int, Int)
    if s.contains("-") {
      parts = s.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2 else { return nil }
      guard let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
      ymd = (y, m, d)
    } else {
      parts = s.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4 else { return nil }
      guard let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2]) else { return nil }
      ymd = (y, m, d)
    }
    guard parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
    let (y, m, d) = ymd
    guard y >= 1, m >= 1, m <= 12, d >= 1, d <= GregorianDays.inMonth(m, year: y) else { return nil }
    return (y, m, d)
  }

  /// `yyyy-MM-dd` for a valid date text.
  public static func iso(_ text: String) -> String? {
    guard let (y, m, d) = parse(text) else { return nil }
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let year = String(y)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + two(m) + "-" + two(d)
  }
}
