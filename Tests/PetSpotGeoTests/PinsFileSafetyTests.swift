import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

/// What `convert` and every reader must never do: lose a status, alter an id's bytes, or trap on a
/// corrupt header.
@Suite("Pins files: nothing lost, nothing altered")
struct PinsFileSafetyTests {
  func decode(_ bytes: [UInt8], _ format: PinSet.FileFormat) throws(PinsFileError) -> PinSet {
    try PinSet.decode(bytes, format: format, path: "t")
  }

  @Test("statuses with commas, quotes, line breaks and edge spaces survive CSV written and read back")
  func statusRoundTrip() throws {
    var pins = PinSet()
    let statuses = ["LOST, near park", "say \"hi\"", "two\nlines", "cr\r\nlf", "x,y\"z\"\n", "MISSING"]
    for (i, status) in statuses.enumerated() {
      try pins.append(
        id: "id \(i), \"q\"", latitude: Double(i), longitude: Double(-i), status: PinStatus(normalizing: status),
        sourceRow: i)
    }
    try withTemporaryPath(extension: "csv") { path in
      try pins.writeCSV(to: path)
      let back = try PinSet.load(path: path)
      #expect(back.count == pins.count)
      for i in 0..<pins.count {
        #expect(back.ids[i] == pins.ids[i] && back.status(at: i) == pins.status(at: i), "row \(i)")
      }
    }
  }

  @Test("text files that are not UTF-8 are refused with their line; two ids never collapse into U+FFFD")
  func invalidUTF8() {
    let csv: [UInt8] =
      Array("id,lat,lng\nok,1,2\n".utf8) + [0xFF, 0xFE] + Array(",3,4\n".utf8) + [0xFF, 0xFF]
      + Array(",5,6\n".utf8)
    #expect(throws: PinsFileError.self) { try decode(csv, .csv) }
    do { _ = try decode(csv, .csv) } catch { #expect(error.location == .line(3), "\(error)") }
    let json: [UInt8] =
      Array(#"[{"id":""#.utf8) + [0xC0, 0x80] + Array(#"","lastSeenLatitude":1,"lastSeenLongitude":2}]"#.utf8)
    #expect(throws: PinsFileError.self) { try decode(json, .json) }
    for bad: [UInt8] in [
      [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xF8, 0x88, 0x80, 0x80],
    ] {
      #expect(UTF8Validation.firstInvalidOffset(in: Array("abcdefghij".utf8) + bad) == 10, "\(bad)")
    }
    #expect(UTF8Validation.firstInvalidOffset(in: Array("żółw 🐢 ok, long ascii run here".utf8)) == nil)
  }

  @Test("a binary header with an absurd invalid count or non-UTF-8 text is an error, not a trap")
  func corruptBinary() throws {
    var pins = PinSet()
    try pins.append(id: "a", latitude: 1, longitude: 2, status: .other("Adopted"), sourceRow: 0)
    try withTemporaryPath(extension: "psgpins") { path in
      try pins.writeBinary(to: path)
      let good = try PinSet.load(path: path)
      #expect(good.count == 1)
    }
    // Header: magic, count (8), invalid (8), id bytes (8), status count (4).
    var bytes = try withTemporaryPath(extension: "psgpins") { path in
      try pins.writeBinary(to: path)
      return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
    let invalidAt = "PSGPINS1".utf8.count + 8
    bytes[invalidAt + 7] = 0x80
    #expect(throws: PinsFileError.self) { try decode(bytes, .binary) }
    bytes[invalidAt + 7] = 0
    // The status text "Adopted" follows the header and its length; corrupt its first byte.
    let statusAt = bytes.firstRange(of: Array("Adopted".utf8))!.lowerBound
    bytes[statusAt] = 0xFF
    #expect(throws: PinsFileError.self) { try decode(bytes, .binary) }
  }
}
