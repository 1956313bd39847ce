/// The submission for the backend: the announcement fields of the server's schema with
/// `status: "FOUND"`. Device-only fields (caregiver phone, current address) are never included
/// (found FR-016 and the clarifications stand over found SC-004; docs/petspot-requirements.md); the photo is uploaded by
/// the client separately.
public struct FoundReportPayload: Hashable, Sendable {
  public let species: String
  public let sex: String
  public let breed: String?
  public let lastSeenDate: String
  public let lastSeenLatitude: Double
  public let lastSeenLongitude: Double
  public let microchipNumber: String?
  public let description: String?
  public let email: String
  public let phone: String

  /// Built from a form that passed validation.
  init(form: FoundReportForm) {
    func optional(_ s: String) -> String? {
      let t = s.trimmingWhitespace()
      return t.isEmpty ? nil : t
    }
    species = form.species.trimmingWhitespace().uppercased()
    sex = form.sex.trimmingWhitespace().uppercased()
    breed = optional(form.breed)
    lastSeenDate = FoundDate.iso(form.dateFound)!
    lastSeenLatitude = (try? CoordinateText.parse(form.latitude, axis: .latitude)) ?? .nan
    lastSeenLongitude = (try? CoordinateText.parse(form.longitude, axis: .longitude)) ?? .nan
    microchipNumber = form.microchip.isEmpty ? nil : form.microchip
    description = optional(form.description)
    email = form.email.trimmingWhitespace()
    phone = ContactRules.sanitizedPhone(form.phone)
  }

  /// The JSON object; optional fields left out when empty.
  public var json: JSONValue {
    var members: [(key: String, value: JSONValue)] = [("species", .string(species)), ("sex", .string(sex))]
    if let breed { members.append(("breed", .string(breed))) }
    members += [
      ("lastSeenDate", .string(lastSeenDate)), ("lastSeenLatitude", .number(lastSeenLatitude)),
      ("lastSeenLongitude", .number(lastSeenLongitude)),
    ]
    if let microchipNumber { members.append(("microchipNumber", .string(microchipNumber))) }
    if let description { members.append(("description", .string(description))) }
    members += [("email", .string(email)), ("phone", .string(phone)), ("status", .string("FOUND"))]
    return .object(members)
  }
}
