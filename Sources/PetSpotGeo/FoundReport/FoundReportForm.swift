/// The "Report Found Animal" wizard's state (found-flow spec): three steps, values kept while
/// moving back and forth, cleared by ``cancel()``; validation with stable codes and the spec's
/// copy; the backend payload.
///
/// A value type: every client (and the server) applies the same rules by running this model.
///
///     var form = FoundReportForm()
///     form.photo = "file:///tmp/dog.jpg"
///     try form.next()            // → .petDetails, or FoundReportErrors naming the fields
public struct FoundReportForm: Hashable, Sendable {
  /// The wizard's steps, in order (progress 1/3, 2/3, 3/3).
  public enum Step: Int, Hashable, Sendable, CaseIterable {
    case uploadPhoto = 1
    case petDetails = 2
    case contactInformation = 3

    /// "1/3", "2/3", "3/3".
    public var progress: String { "\(rawValue)/3" }
  }

  /// Longest current physical address kept (characters); longer input is cut there.
  public static let maximumAddressLength = 500

  /// The step shown.
  public private(set) var step: Step = .uploadPhoto
  /// The attached photo (a client-side reference: a file URL or an upload id); required for step 2.
  public var photo = ""
  /// Date found: `yyyy-MM-dd` or `DD/MM/YYYY` (the field's placeholder); required.
  public var dateFound = ""
  /// Species; required.
  public var species = ""
  /// Breed; optional.
  public var breed = ""
  /// Sex; required.
  public var sex = ""
  /// Found location as typed or filled from GPS (see ``CoordinateText``); both required.
  public var latitude = ""
  public var longitude = ""
  /// Collar data: digits only, at most 15 (assigning anything else keeps just the digits).
  public var microchip: String {
    get { microchipDigits }
    set { microchipDigits = MicrochipNumber.digits(newValue) }
  }
  private var microchipDigits = ""
  /// Additional description; optional.
  public var description = ""
  /// Finder's phone and email; required, validated on submit.
  public var phone = ""
  public var email = ""
  /// Caregiver phone; optional, validated on submit only when non-empty. Never sent to the backend.
  public var caregiverPhone = ""
  /// Current physical address, multiline; optional, at most 500 characters (longer input is cut).
  /// Never sent to the backend.
  public var currentAddress: String {
    get { address }
    set { address = String(newValue.prefix(Self.maximumAddressLength)) }
  }
  private var address = ""

  /// A fresh form on step 1.
  public init() {}

  /// Fills the found location from the device's GPS (both fields, shortest decimal form).
  public mutating func useCurrentLocation(_ coordinate: GeoCoordinate) {
    latitude = ShortestDecimal.string(coordinate.latitude)
    longitude = ShortestDecimal.string(coordinate.longitude)
  }

  /// Goes to the next step if the current one is valid (step 3 has no next: use ``submit()``).
  /// - Throws: ``FoundReportErrors`` for the current step; the step does not change.
  public mutating func next() throws(FoundReportErrors) {
    let errors = validate(step)
    guard errors.isEmpty else { throw FoundReportErrors(errors: errors) }
    if let following = Step(rawValue: step.rawValue + 1) { step = following }
  }

  /// Goes back one step, keeping every value. On step 1 it stays.
  public mutating func back() {
    if let previous = Step(rawValue: step.rawValue - 1) { step = previous }
  }

  /// Clears everything: a new wizard is a fresh session (found FR-004).
  public mutating func cancel() {
    self = FoundReportForm()
  }

  /// Validates every step and returns the backend payload.
  /// - Throws: ``FoundReportErrors`` with every invalid field of every step.
  public func submit() throws(FoundReportErrors) -> FoundReportPayload {
    let errors = Step.allCases.flatMap(validate)
    guard errors.isEmpty else { throw FoundReportErrors(errors: errors) }
    return FoundReportPayload(form: self)
  }
}
