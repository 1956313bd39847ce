import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("A pins file's announcements as JSON")
struct AnnouncementsJSONTests {
  @Test("each pin's object, written once, reads back to the pin: ids escaped, numbers shortest, every kind of status")
  func objectsReadBack() throws {
    var pins = PinSet()
    let ids = ["a", #"quote " and \ backslash"#, "tab\tnew\nline\u{1}", "Zürich 🐕", "x/y"]
    let statuses: [PinStatus?] = [.missing, .found, .closed, .other("Reunited"), nil]
    var random = SeededRandom(seed: 7)
    var expected: [(id: String, latitude: Double, longitude: Double, status: String?)] = []
    let fixed: [(Double, Double)] = [(0, -0.0), (-0.0, 180), (90, -180), (-90, 1e-7), (48.8566, 2.3522), (12, -3)]
    for i in 0..<400 {
      let (latitude, longitude) =
        i < fixed.count ? fixed[i] : (random.uniform(-90...90), random.uniform(-180...180))
      let id = ids[i % ids.count] + "#\(i)"
      let status = statuses[i % statuses.count]
      try pins.append(id: id, latitude: latitude, longitude: longitude, status: status, sourceRow: i + 1)
      expected.append((id, latitude, longitude, status.map(\.name)))
    }
    let objects = AnnouncementsJSON.objects(of: pins)
    #expect(objects.count == pins.count)
    // Every pin, and a subset in another order, as one array.
    for positions in [Array(0..<pins.count), [5, 3, 399, 0, 3]] {
      let bytes = objects.array(positions)
      let parsed = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
      #expect(parsed.count == positions.count)
      for (object, p) in zip(parsed, positions) {
        #expect(object["id"] as? String == expected[p].id)
        #expect(object["lastSeenLatitude"] is NSNumber && object["lastSeenLongitude"] is NSNumber)
        if let status = expected[p].status {
          #expect(object["status"] as? String == status)
        } else {
          #expect(object["status"] is NSNull)
        }
      }
    }
    // Numbers (Foundation's parser on Linux does not read doubles back exactly, so by their text):
    // the shortest text that reads back to the coordinate, as the CLI prints it.
    for p in 0..<pins.count {
      let text = objects.withBytes(p) { String(decoding: $0, as: UTF8.self) }
      for (name, value) in [("lastSeenLatitude", expected[p].latitude), ("lastSeenLongitude", expected[p].longitude)] {
        let number = ShortestDecimal.string(value)
        #expect(text.contains(#""\#(name)":\#(number),"#), "\(text)")
        #expect(Double(number) == value || (value == 0 && number == "0"))
      }
    }
    // The exact text: numbers as the CLI prints them (no exponent, no ".0", -0 as 0).
    #expect(
      String(decoding: objects.array([0, 3]), as: UTF8.self)
        == #"[{"id":"a#0","lastSeenLatitude":0,"lastSeenLongitude":0,"status":"MISSING"},"#
        + #"{"id":"Zürich 🐕#3","lastSeenLatitude":-90,"lastSeenLongitude":0.0000001,"status":"Reunited"}]"#)
    #expect(objects.array([Int]()) == Array("[]".utf8))
  }
}
