import Foundation
import Testing

@Suite("petspot-geo found-report (the built binary)")
struct FoundReportCommandTests {
  let valid =
    #"{"photo":"dog.jpg","dateFound":"05/01/2025","species":"dog","sex":"male","latitude":"52,2297","longitude":"21.0122 E","phone":"+48 600 100 200","email":"a@b.pl","caregiverPhone":"600 700 800","currentAddress":"Main St 1"}"#

  @Test("validate: a valid form prints the payload without device-only fields, exit 0")
  func validForm() throws {
    let result = try CLIRunner.run(["found-report", "validate"], stdin: valid)
    #expect(result.status == 0)
    let object = try CLIRunner.object(result.lines[0])
    #expect(object["valid"] as? Bool == true)
    let payload = try #require(object["payload"] as? [String: Any])
    #expect(payload["status"] as? String == "FOUND" && payload["lastSeenDate"] as? String == "2025-01-05")
    #expect(payload["lastSeenLatitude"] as? Double == 52.2297 && payload["lastSeenLongitude"] as? Double == 21.0122)
    #expect(payload["caregiverPhone"] == nil && payload["currentAddress"] == nil && !result.stdout.contains("Main St"))
  }

  @Test("validate: every invalid field listed with code and message, exit 1; batch keeps going")
  func invalidForms() throws {
    let result = try CLIRunner.run(["found-report", "validate"], stdin: #"{"caregiverPhone":"12","microchip":"x"}"#)
    #expect(result.status == 1)
    let errors = try #require(try CLIRunner.object(result.lines[0])["errors"] as? [[String: String]])
    #expect(
      errors.map { $0["code"]! } == [
        "photo_required", "date_required", "species_required", "sex_required",
        "latitude_required", "longitude_required", "phone_required", "email_required", "caregiver_phone_invalid",
      ])
    let batch = try CLIRunner.run(
      ["found-report", "validate", "--batch"], stdin: valid + "\nnot json\n" + valid + "\n")
    #expect(batch.status == 1 && batch.lines.count == 3)
    #expect(try CLIRunner.object(batch.lines[1])["code"] as? String == "malformed_json")
    #expect(try CLIRunner.object(batch.lines[2])["valid"] as? Bool == true)
  }

  @Test("format-microchip: digits only, 15 at most, hyphens between groups; caret JSON")
  func formatMicrochip() throws {
    #expect(
      try CLIRunner.run(["found-report", "format-microchip", "9851 2345 67890 12345678"]).stdout
        == "98512-34567-89012\n")
    #expect(try CLIRunner.run(["found-report", "format-microchip", "12345"]).stdout == "12345\n")
    #expect(try CLIRunner.run(["found-report", "format-microchip", "abc"]).stdout == "\n")
    let json = try CLIRunner.run(["found-report", "format-microchip", "123456", "--caret", "6"])
    #expect(json.stdout == #"{"text":"12345-6","caret":7,"digits":"123456"}"# + "\n")
  }

  @Test("copy: the found FR-017 strings")
  func copy() throws {
    let object = try CLIRunner.object(try CLIRunner.run(["found-report", "copy"]).lines[0])
    #expect(object["step3.title"] as? String == "Contact info")
    #expect(object["step1.upload.secondary"] as? String == "PNG or JPG up to 10 MB")
  }
}
