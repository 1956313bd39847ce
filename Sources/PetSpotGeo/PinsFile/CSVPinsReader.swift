/// Reads the CSV pins format of docs/cli.md: RFC 4180 (quoted fields, `""` escapes, CRLF or
/// LF), a header naming at least `id`, `lat` and `lng` (or `lon`), optional `status`, and the
/// columns of `properties` (matched ignoring case; values trimmed, empty for none); other columns
/// ignored. Rows with an empty, `nan`, `inf` or out-of-range coordinate are counted as invalid;
/// any other unparsable value, a short row, an empty or repeated id is a malformed file.
struct CSVPinsReader {
  let path: String
  /// Extra columns to keep as ``PinSet/properties``.
  var properties: [String] = []

  func read(_ bytes: [UInt8]) throws(PinsFileError) -> PinSet {
    var pins = PinSet()
    pins.reserveCapacity(bytes.count / 40)
    var failure: PinsFileError?
    bytes.withUnsafeBufferPointer { buffer in
      do throws(PinsFileError) {
        try readRecords(buffer, into: &pins)
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    return pins
  }

  private func malformed(_ line: Int, _ message: String) -> PinsFileError {
    PinsFileError(path: path, location: .line(line), message: message)
  }

  private func readRecords(_ buffer: UnsafeBufferPointer<UInt8>, into pins: inout PinSet) throws(PinsFileError) {
    var scanner = CSVScanner(buffer: buffer)
    guard let headerLine = scanner.nextRecord() else {
      throw malformed(1, "empty file: a header naming id, lat and lng is required")
    }
    let columns = try headerColumns(scanner, line: headerLine)
    let propertyColumns = try self.propertyColumns(scanner, line: headerLine)
    for name in properties { pins.declareProperty(name) }
    let needed = max(columns.id, columns.lat, columns.lng, columns.status ?? 0, propertyColumns.max() ?? 0) + 1
    var row = 0
    while let line = scanner.nextRecord() {
      if scanner.fields.count == 1 && scanner.fields[0].isEmpty { continue }  // blank line
      guard scanner.fields.count >= needed else {
        throw malformed(line, "expected at least \(needed) fields, found \(scanner.fields.count)")
      }
      defer { row += 1 }
      let lat = try coordinate(scanner, columns.lat, "lat", line)
      let lng = try coordinate(scanner, columns.lng, "lng", line)
      guard let lat, let lng, PinSet.isValidCoordinate(latitude: lat, longitude: lng) else {
        pins.countInvalidRow()
        continue
      }
      let status = columns.status.flatMap { c in scanner.status(of: c) }
      let idField = scanner.fields[columns.id]
      do throws(PinRejection) {
        if idField.quoted {
          try pins.append(id: scanner.unquoted(idField), latitude: lat, longitude: lng, status: status, sourceRow: row)
        } else {
          try pins.append(
            id: UnsafeBufferPointer(rebasing: buffer[idField.start..<idField.end]), latitude: lat, longitude: lng,
            status: status, sourceRow: row)
        }
      } catch {
        throw malformed(line, error.message)
      }
      for (k, column) in propertyColumns.enumerated() {
        pins.properties[k].setValue(scanner.text(of: column).trimmingWhitespace(), at: pins.count - 1)
      }
    }
  }

  /// The header's column for each of ``properties``.
  private func propertyColumns(_ scanner: CSVScanner, line: Int) throws(PinsFileError) -> [Int] {
    let names = (0..<scanner.fields.count).map {
      scanner.text(of: $0).trimmingWhitespace().lowercased().replacingAll("\u{FEFF}", with: "")
    }
    var columns: [Int] = []
    for name in properties {
      guard let column = names.firstIndex(of: name.lowercased()) else {
        throw malformed(line, "the header has no '\(name)' column")
      }
      columns.append(column)
    }
    return columns
  }

  private func headerColumns(_ scanner: CSVScanner, line: Int) throws(PinsFileError) -> (
    id: Int, lat: Int, lng: Int, status: Int?
  ) {
    let names = (0..<scanner.fields.count).map {
      scanner.text(of: $0).trimmingWhitespace().lowercased().replacingAll("\u{FEFF}", with: "")
    }
    func column(_ candidates: [String]) -> Int? { names.firstIndex(where: candidates.contains) }
    guard let id = column(["id"]) else { throw malformed(line, "the header has no 'id' column") }
    guard let lat = column(["lat", "latitude"]) else { throw malformed(line, "the header has no 'lat' column") }
    guard let lng = column(["lng", "lon", "longitude"]) else {
      throw malformed(line, "the header has no 'lng' (or 'lon') column")
    }
    return (id, lat, lng, column(["status"]))
  }

  /// A coordinate cell: a number, `nil` for an invalid-but-allowed value, or a malformed-file error.
  private func coordinate(_ scanner: CSVScanner, _ column: Int, _ name: String, _ line: Int) throws(PinsFileError)
    -> Double?
  {
    let field = scanner.fields[column]
    let cell: DecimalText.Cell
    if field.quoted {
      var text = scanner.unquoted(field)
      cell = text.withUTF8 { DecimalText.cell($0) }
    } else {
      cell = DecimalText.cell(UnsafeBufferPointer(rebasing: scanner.buffer[field.start..<field.end]))
    }
    switch cell {
    case .number(let value): return value
    case .missing: return nil
    case .unparsable:
      throw malformed(line, "\(name) is not a number: '\(scanner.text(of: column))'")
    }
  }
}

extension PinRejection {
  var message: String {
    switch self {
    case .duplicateId(let id): "duplicate id '\(id)' (ids must be unique)"
    case .emptyId: "empty id"
    case .tooManyStatuses: "more than 252 distinct statuses besides MISSING, FOUND and CLOSED"
    }
  }
}
