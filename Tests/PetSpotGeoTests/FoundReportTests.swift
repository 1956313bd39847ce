import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("Found report: the 3-step wizard's rules")
struct FoundReportTests {
  /// A form valid on every step.
  static var complete: FoundReportForm {
    var form = FoundReportForm()
    form.photo = "file:///dog.jpg"
    form.dateFound = "05/01/2025"
    form.species = "dog"
    form.sex = "female"
    form.latitude = "52.2297"
    form.longitude = "21.0122"
    form.phone = "+48 600 100 200"
    form.email = "finder@example.com"
    return form
  }

  func codes(_ errors: [FoundReportFieldError]) -> [String] { errors.map(\.code) }

  @Test(
    "three steps in order with progress 1/3, 2/3, 3/3; back and forth keeps every value (found FR-001–FR-003, FR-009, FR-014)"
  )
  func steps() throws {
    var form = Self.complete
    #expect(form.step == .uploadPhoto && form.step.progress == "1/3")
    try form.next()
    #expect(form.step == .petDetails && form.step.progress == "2/3")
    form.microchip = "12345"
    try form.next()
    #expect(form.step == .contactInformation && form.step.progress == "3/3")
    form.caregiverPhone = "600 700 800"
    form.back()
    form.back()
    form.back()
    #expect(form.step == .uploadPhoto)
    #expect(
      form.microchip == "12345" && form.caregiverPhone == "600 700 800" && form.species == "dog"
        && form.photo == "file:///dog.jpg")
    try form.next()
    try form.next()
    try form.next()  // step 3 has no next: it stays
    #expect(form.step == .contactInformation)
  }

  @Test("cancel clears everything (found FR-004)")
  func cancel() throws {
    var form = Self.complete
    try form.next()
    form.cancel()
    #expect(form == FoundReportForm())
  }

  @Test("no photo blocks step 1 with a clear message (found FR-005, SC-002)")
  func photoRequired() {
    var form = FoundReportForm()
    #expect(
      throws: FoundReportErrors(errors: [
        FoundReportFieldError(field: "photo", code: "photo_required", message: FoundReportCopy.photoRequired)
      ])
    ) {
      try form.next()
    }
    #expect(form.step == .uploadPhoto)
  }

  @Test("pet details: date, species, sex and both coordinates are required (found FR-007)")
  func petDetailsRequired() {
    var form = FoundReportForm()
    form.photo = "x"
    #expect(
      codes(form.validate(.petDetails)) == [
        "date_required", "species_required", "sex_required", "latitude_required", "longitude_required",
      ])
    form = Self.complete
    form.longitude = ""
    #expect(codes(form.validate(.petDetails)) == ["longitude_required"])
    form.longitude = "190"
    #expect(codes(form.validate(.petDetails)) == ["longitude_out_of_range"])
  }

  @Test(
    "typed coordinates: decimal comma, degree sign, hemisphere letters",
    arguments: [
      ("52,2297", CoordinateText.Axis.latitude, 52.2297), ("52.2297°", .latitude, 52.2297),
      ("52.2297 N", .latitude, 52.2297),
      ("33.86° S", .latitude, -33.86), ("-33.86", .latitude, -33.86), (" 21,0122 e ", .longitude, 21.0122),
      ("151.21W", .longitude, -151.21), ("90", .latitude, 90), ("-180", .longitude, -180),
    ])
  func coordinateTexts(text: String, axis: CoordinateText.Axis, expected: Double) throws {
    #expect(try CoordinateText.parse(text, axis: axis) == expected)
  }

  @Test(
    "unreadable or contradictory coordinates are rejected",
    arguments: ["", "abc", "-52 S", "52 E", "1.2.3", "52,2,1", "nan", "1e3", "91"])
  func badCoordinates(text: String) {
    #expect(throws: CoordinateText.Problem.self) { try CoordinateText.parse(text, axis: .latitude) }
  }

  @Test("dates: yyyy-MM-dd or DD/MM/YYYY, real days only")
  func dates() {
    #expect(FoundDate.iso("05/01/2025") == "2025-01-05")
    #expect(FoundDate.iso("2024-02-29") == "2024-02-29")
    #expect(
      FoundDate.iso("2025-02-29") == nil && FoundDate.iso("2025-02-30") == nil && FoundDate.iso("31/04/2025") == nil)
    #expect(FoundDate.iso("2025-1-5") == nil && FoundDate.iso("yesterday") == nil && FoundDate.iso("1900-02-29") == nil)
    #expect(FoundDate.iso("2000-02-29") == "2000-02-29")
  }

  @Test("collar data: digits only, 15 at most, preserved, empty allowed (found FR-008, SC-003)")
  func microchip() throws {
    var form = Self.complete
    form.microchip = "98-51a2 3"
    #expect(form.microchip == "985123", "non-digits typed or pasted are dropped")
    form.microchip = "1234567890123456789"
    #expect(form.microchip == "123456789012345", "16+ digits: the extra ones are dropped")
    for length in 1...14 {
      form.microchip = String(repeating: "7", count: length)
      #expect(form.microchip.count == length)
      #expect(form.validate(.petDetails).isEmpty, "no minimum length")
    }
    form.microchip = ""
    #expect(form.validate(.petDetails).isEmpty, "optional")
    form.microchip = "٣٤٥"  // Arabic-Indic digits are not 0-9
    #expect(form.microchip == "")
    #expect(MicrochipNumber.display("123456789012345") == "12345-67890-12345")
    #expect(MicrochipNumber.display("12345") == "12345", "no trailing hyphen")
    #expect(MicrochipNumber.display("1234567890") == "12345-67890")
    #expect(MicrochipNumber.display("123456") == "12345-6")
  }

  @Test(
    "as-you-type formatter: text and caret",
    arguments: [
      ("", 0, "", 0), ("1", 1, "1", 1), ("12345", 5, "12345", 5), ("123456", 6, "12345-6", 7),
      ("12345-67890", 11, "12345-67890", 11), ("12345-678901", 12, "12345-67890-1", 13),
      ("12a34", 3, "1234", 2), ("12345-6789012345678", 19, "12345-67890-12345", 17),
      ("1234-56", 4, "12345-6", 4), ("x", 1, "", 0),
      // Backspace over the hyphen leaves the digits and the caret after the fifth digit.
      ("123456", 5, "12345-6", 5), ("12345-6", 6, "12345-6", 5),
    ])
  func formatter(text: String, caret: Int, expected: String, expectedCaret: Int) {
    let result = MicrochipNumber.format(text, caret: caret)
    #expect(result.text == expected && result.caret == expectedCaret, "\(text)|\(caret) → \(result)")
  }

  @Test("phones: 7–11 digits after sanitising, + allowed, other characters ignored (found FR-010a)")
  func phones() {
    for valid in ["1234567", "+48 600-100-200", "(555) 000 0000", "+1 (555) 000-0000", "12345678901"] {
      #expect(ContactRules.isValidPhone(valid), "\(valid)")
    }
    for invalid in ["123456", "123456789012", "", "+", "phone"] {
      #expect(!ContactRules.isValidPhone(invalid), "\(invalid)")
    }
    #expect(ContactRules.sanitizedPhone(" +48 (600) 100-200 ") == "+48600100200")
  }

  @Test("emails: local@domain.tld, trimmed, one @, no spaces")
  func emails() {
    for valid in ["a@b.pl", " finder@example.com ", "first.last+tag@mail.co.uk"] {
      #expect(ContactRules.isValidEmail(valid), "\(valid)")
    }
    for invalid in ["", "a@b", "a@@b.pl", "a@b@c.pl", "@b.pl", "a@.pl", "a@b.", "a b@c.pl", "ab.pl"] {
      #expect(!ContactRules.isValidEmail(invalid), "\(invalid)")
    }
  }

  @Test("contact step: required phone and email; caregiver phone only when non-empty blocks submit (found FR-012)")
  func contact() throws {
    var form = Self.complete
    form.phone = ""
    form.email = "nope"
    #expect(codes(form.validate(.contactInformation)) == ["phone_required", "email_invalid"])
    form = Self.complete
    form.caregiverPhone = ""
    _ = try form.submit()
    form.caregiverPhone = "123"
    #expect(throws: FoundReportErrors.self) { try form.submit() }
    form.caregiverPhone = "+44 7946 0958"
    _ = try form.submit()
  }

  @Test("current address: multiline, optional, capped at 500 characters")
  func address() throws {
    var form = Self.complete
    form.currentAddress = "Line 1\nLine 2"
    #expect(form.currentAddress == "Line 1\nLine 2")
    form.currentAddress = String(repeating: "🐶", count: 700)
    #expect(form.currentAddress.count == 500)
    _ = try form.submit()
  }

  @Test("payload: announcement fields, status FOUND, never the device-only fields (found FR-016)")
  func payload() throws {
    var form = Self.complete
    form.caregiverPhone = "+48 700 800 900"
    form.currentAddress = "Shelter, Main St 1"
    form.microchip = "985123456789012"
    form.breed = " Beagle "
    form.latitude = "52,2297 N"
    form.longitude = "21.0122° E"
    let json = try form.submit().json.serialized
    #expect(
      json
        == #"{"species":"DOG","sex":"FEMALE","breed":"Beagle","lastSeenDate":"2025-01-05","lastSeenLatitude":52.2297,"lastSeenLongitude":21.0122,"microchipNumber":"985123456789012","email":"finder@example.com","phone":"+48600100200","status":"FOUND"}"#
    )
    #expect(!json.contains("caregiver") && !json.contains("Shelter") && !json.contains("Address"))
    form.useCurrentLocation(GeoCoordinate(latitude: -33.86785, longitude: 151.20732))
    let gps = try form.submit()
    #expect(gps.lastSeenLatitude == -33.86785 && gps.lastSeenLongitude == 151.20732)
  }

  @Test("form JSON: wrong types name the field; numbers allowed for coordinates")
  func json() throws {
    let form = try FoundReportForm(
      json: try JSONParser.parse(#"{"latitude":52.5,"longitude":-1,"species":"cat","extra":1}"#))
    #expect(form.latitude == "52.5" && form.longitude == "-1" && form.species == "cat")
    #expect(throws: InvalidInput.self) { try FoundReportForm(json: try JSONParser.parse(#"{"species":5}"#)) }
    #expect(
      FoundReportCopy.text("step3.button") == "Submit report"
        && FoundReportCopy.text("step2.collar.placeholder") == "00000-00000-00000")
  }

  @Test("a payload read back (what a server receives) is the payload sent; random GPS positions and fields")
  func payloadRoundTrip() throws {
    var random = SplitMix64(seed: 2_026)
    for i in 0..<500 {
      var form = Self.complete
      form.useCurrentLocation(
        GeoCoordinate(latitude: random.uniform(-90...90), longitude: random.uniform(-180...180)))
      form.breed = i % 2 == 0 ? "" : "Breed \(i)"
      form.microchip = i % 3 == 0 ? "" : String(random.next() % 1_000_000_000_000_000)
      form.description = i % 5 == 0 ? "" : "found near gate \(i)"
      let sent = try form.submit()
      let received = try FoundReportPayload(json: try JSONParser.parse(sent.json.serialized))
      #expect(received == sent, "\(sent.json.serialized)")
    }
  }

  @Test("a payload read back: wrong JSON types, microchip form, status and the form's rules, named by payload field")
  func payloadRefusals() throws {
    let valid = try Self.complete.submit().json
    func errors(_ change: (inout [(key: String, value: JSONValue)]) -> Void) -> [String: String] {
      guard case .object(var members) = valid else { return [:] }
      change(&members)
      do {
        _ = try FoundReportPayload(json: .object(members))
        return [:]
      } catch {
        return Dictionary(error.errors.map { ($0.field, $0.code) }, uniquingKeysWith: { a, _ in a })
      }
    }
    func setting(_ key: String, _ value: JSONValue?) -> (inout [(key: String, value: JSONValue)]) -> Void {
      { members in
        members.removeAll { $0.key == key }
        if let value { members.append((key, value)) }
      }
    }
    #expect(errors { _ in } == [:])
    #expect(errors(setting("lastSeenLatitude", .string("52.1"))) == ["lastSeenLatitude": "invalid_type"])
    #expect(errors(setting("lastSeenLongitude", .number(181))) == ["lastSeenLongitude": "longitude_out_of_range"])
    #expect(errors(setting("lastSeenDate", .string("31/02/2026"))) == ["lastSeenDate": "date_invalid"])
    #expect(errors(setting("species", nil)) == ["species": "species_required"])
    #expect(errors(setting("email", .number(5))) == ["email": "invalid_type"])
    #expect(errors(setting("phone", .string("12"))) == ["phone": "phone_invalid"])
    for chip in ["", "12 34", "1234567890123456", "１２"] {
      #expect(errors(setting("microchipNumber", .string(chip))) == ["microchipNumber": "microchip_invalid"], "\(chip)")
    }
    #expect(errors(setting("microchipNumber", .string("007"))) == [:])
    #expect(errors(setting("status", .string("MISSING"))) == ["status": "status_invalid"])
    #expect(errors(setting("caregiverPhone", .string("not a phone"))) == [:], "device-only fields are dropped")
    #expect(throws: FoundReportErrors.self) { try FoundReportPayload(json: .array([])) }
    let payload = try FoundReportPayload(
      json: try JSONParser.parse(
        #"{"species":"dog","sex":"male","lastSeenDate":"2026-11-20","lastSeenLatitude":1,"lastSeenLongitude":2,"email":"a@b.co","phone":"600100200","caregiverPhone":"1"}"#
      ))
    #expect(!payload.json.serialized.contains("caregiver") && payload.species == "DOG")
    let shuffled = try JSONParser.parse(#"{"b":[{"y":1,"x":2}],"a":1.50}"#).canonical.serialized
    #expect(shuffled == #"{"a":1.5,"b":[{"x":2,"y":1}]}"#)
  }
}
