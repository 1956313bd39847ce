import PetSpotDatabase
import PetSpotGeo

extension AnnouncementsJSON {
  /// One database row as a JSON object: the file mode's four fields, then `species`, `sex`,
  /// `breed`, `name`, `lastSeenDate` (when the row has them) and `updatedAt`. Contact fields are
  /// not in a row.
  static func object(_ row: AnnouncementRow) -> [UInt8] {
    var out: [UInt8] = []
    append(row, to: &out)
    return out
  }

  /// Appends ``object(_:)``'s bytes to `out`.
  static func append(_ row: AnnouncementRow, to out: inout [UInt8]) {
    func member(_ name: String, _ value: String?) {
      out.append(contentsOf: ",\"\(name)\":".utf8)
      guard var value else { return out.append(contentsOf: "null".utf8) }
      value.withUTF8 { JSONValue.appendString($0, to: &out) }
    }
    out.append(contentsOf: #"{"id":"#.utf8)
    var id = row.id
    id.withUTF8 { JSONValue.appendString($0, to: &out) }
    out.append(contentsOf: #","lastSeenLatitude":"#.utf8)
    ShortestDecimal.append(row.latitude, to: &out)
    out.append(contentsOf: #","lastSeenLongitude":"#.utf8)
    ShortestDecimal.append(row.longitude, to: &out)
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
