extension PinGenerator {
  /// Writes the rows as CSV: `id,lat,lng,status` (+ `place` when asked).
  public func writeCSV(count: Int, shelters: Int = 0, placeNames: Bool = false, to path: String) throws(PinsFileError) {
    var out: [UInt8] = Array((placeNames ? "id,lat,lng,status,place\n" : "id,lat,lng,status\n").utf8)
    out.reserveCapacity(count * (placeNames ? 60 : 40))
    for row in rows(count: count, shelters: shelters) {
      var line =
        "\(row.id),\(ShortestDecimal.string(row.coordinate.latitude)),\(ShortestDecimal.string(row.coordinate.longitude)),\(row.status.name)"
      if placeNames { line += ",\"" + row.place.replacingAll("\"", with: "\"\"") + "\"" }
      line += "\n"
      out.append(contentsOf: line.utf8)
    }
    try FileBytes.write(out, to: path)
  }
}
