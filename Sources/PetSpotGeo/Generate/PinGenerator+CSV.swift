extension PinGenerator {
  /// Writes the rows as CSV: `id,lat,lng,status` (+ `place` when asked, + `species,lastSeenDate`
  /// from ``details(row:)`` with `details`).
  public func writeCSV(
    count: Int, shelters: Int = 0, placeNames: Bool = false, details: Bool = false, to path: String
  ) throws(PinsFileError) {
    let header = "id,lat,lng,status" + (placeNames ? ",place" : "") + (details ? ",species,lastSeenDate" : "") + "\n"
    var out: [UInt8] = Array(header.utf8)
    out.reserveCapacity(count * (placeNames ? 60 : 40))
    for (i, row) in rows(count: count, shelters: shelters).enumerated() {
      var line =
        "\(row.id),\(ShortestDecimal.string(row.coordinate.latitude)),\(ShortestDecimal.string(row.coordinate.longitude)),\(row.status.name)"
      if placeNames { line += ",\"" + row.place.replacingAll("\"", with: "\"\"") + "\"" }
      if details {
        let (species, date) = self.details(row: i)
        line += ",\(species),\(date)"
      }
      line += "\n"
      out.append(contentsOf: line.utf8)
    }
    try FileBytes.write(out, to: path)
  }
}
