import PetSpotDatabase
import PetSpotGeo

extension AnnouncementsJSON {
  /// Database rows as JSON: the file mode's four fields, then `species`, `sex`, `breed`, `name`,
  /// `lastSeenDate` (when the row has them) and `updatedAt`. Contact fields are not in a row.
  static func array(_ rows: [AnnouncementRow]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(rows.count * 200 + 2)
    out.append(UInt8(ascii: "["))
    for (i, row) in rows.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      append(row, to: &out)
    }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// One row as a JSON object.
  static func object(_ row: AnnouncementRow) -> [UInt8] {
    var out: [UInt8] = []
    append(row, to: &out)
    return out
  }

  private static func append(_ row: AnnouncementRow, to out: inout [UInt8]) {
    func member(_ name: String, _ value: String?) {
      out.append(contentsOf: ",\"\(name)\":".utf8)
      guard var value else { return out.append(contentsOf: "null".utf8) }
      value.withUTF8 { JSONValue.appendString($0, to: &out) }
    }
    out.append(contentsOf: #"{"id":"#.utf8)
    var id = row.id
    id.withUTF8 { JSONValue.appendString($0, to: &out) }
    out.append(contentsOf: #","lastSeenLatitude":"#.utf8)
    out.append(contentsOf: ShortestDecimal.string(row.latitude).utf8)
    out.append(contentsOf: #","lastSeenLongitude":"#.utf8)
    out.append(contentsOf: ShortestDecimal.string(row.longitude).utf8)
    member("status", row.status.flatMap { PinStatus(normalizing: $0)?.name })
    for (name, value) in [
      ("species", row.species), ("sex", row.sex), ("breed", row.breed), ("name", row.name),
      ("lastSeenDate", row.lastSeenDate),
    ] where value != nil {
      member(name, value)
    }
    member("updatedAt", row.updatedAt)
    out.append(UInt8(ascii: "}"))
  }
}
