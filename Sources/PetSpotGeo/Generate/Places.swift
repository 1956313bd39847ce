extension PinGenerator.Place {
  /// Reads places from a GeoNames-style CSV with `lat`, `lon` (or `lng`) and optional `name` and
  /// `cc` columns (the format of Data/geonames-places.csv).
  /// - Throws: ``PinsFileError`` for a missing or malformed file.
  public static func load(path: String) throws(PinsFileError) -> [PinGenerator.Place] {
    let bytes = try FileBytes.read(path)
    var places: [PinGenerator.Place] = []
    var failure: PinsFileError?
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = CSVScanner(buffer: buffer)
      guard scanner.nextRecord() != nil else { return }
      let names = (0..<scanner.fields.count).map { scanner.text(of: $0).lowercased() }
      guard let lat = names.firstIndex(of: "lat"), let lon = names.firstIndex(where: { $0 == "lon" || $0 == "lng" })
      else {
        failure = PinsFileError(path: path, location: .line(1), message: "a places file needs lat and lon columns")
        return
      }
      let name = names.firstIndex(of: "name")
      let country = names.firstIndex(of: "cc")
      while let line = scanner.nextRecord() {
        guard scanner.fields.count > max(lat, lon),
          case .number(let la) = DecimalText.cell(slice(buffer, scanner.fields[lat])),
          case .number(let lo) = DecimalText.cell(slice(buffer, scanner.fields[lon])),
          PinSet.isValidCoordinate(latitude: la, longitude: lo)
        else {
          failure = PinsFileError(path: path, location: .line(line), message: "expected a valid lat and lon")
          return
        }
        var label = name.map { scanner.text(of: $0) } ?? ""
        if let country, country < scanner.fields.count { label += ", " + scanner.text(of: country) }
        places.append(PinGenerator.Place(coordinate: GeoCoordinate(latitude: la, longitude: lo), name: label))
      }
    }
    if let failure { throw failure }
    guard !places.isEmpty else { throw PinsFileError(path: path, location: .file, message: "no places") }
    return places
  }

  private static func slice(_ buffer: UnsafeBufferPointer<UInt8>, _ field: CSVScanner.Field) -> UnsafeBufferPointer<
    UInt8
  > {
    UnsafeBufferPointer(rebasing: buffer[field.start..<field.end])
  }
}
