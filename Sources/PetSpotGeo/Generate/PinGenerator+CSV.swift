extension PinGenerator {
  /// Writes the rows as CSV: `id,lat,lng,status` (+ `place` when asked, + `species,lastSeenDate`
  /// from ``details(row:)`` with `details`).
  public func writeCSV(
    count: Int, shelters: Int = 0, placeNames: Bool = false, details: Bool = false, to path: String
  ) throws(PinsFileError) {
    let header = "id,lat,lng,status" + (placeNames ? ",place" : "") + (details ? ",species,lastSeenDate" : "") + "\n"
    var out: [UInt8] = Array(header.utf8)
    out.reserveCapacity(count * (placeNames ? 60 : 40))
    // Bytes appended field by field (numbers through ShortestDecimal.append, which scans bytes):
    // a line built as a String went through Character indexing, 3 µs a row.
    let comma = UInt8(ascii: ",")
    for (i, row) in rows(count: count, shelters: shelters).enumerated() {
      out.append(contentsOf: row.id.utf8)
      out.append(comma)
      ShortestDecimal.append(row.coordinate.latitude, to: &out)
      out.append(comma)
      ShortestDecimal.append(row.coordinate.longitude, to: &out)
      out.append(comma)
      out.append(contentsOf: row.status.name.utf8)
      if placeNames {
        out.append(contentsOf: ",\"".utf8)
        out.append(contentsOf: row.place.replacingAll("\"", with: "\"\"").utf8)
        out.append(UInt8(ascii: "\""))
      }
      if details {
        let (species, date) = self.details(row: i)
        out.append(contentsOf: ",\(species),\(date)".utf8)
      }
      out.append(UInt8(ascii: "\n"))
    }
    try FileBytes.write(out, to: path)
  }
}
