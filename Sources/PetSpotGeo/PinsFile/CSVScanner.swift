/// Splits RFC 4180 CSV into records and fields without copying: each field is a byte range of
/// the buffer (quotes included when `quoted`).
struct CSVScanner {
  struct Field {
    var start: Int
    var end: Int
    var quoted: Bool
    var isEmpty: Bool { start == end }
  }

  let buffer: UnsafeBufferPointer<UInt8>
  private var position = 0
  private var line = 1
  /// Fields of the current record.
  private(set) var fields: [Field] = []

  init(buffer: UnsafeBufferPointer<UInt8>) {
    self.buffer = buffer
    fields.reserveCapacity(16)
  }

  /// Advances to the next record; returns the 1-based line it starts on, or `nil` at the end.
  mutating func nextRecord() -> Int? {
    guard position < buffer.count else { return nil }
    let startLine = line
    fields.removeAll(keepingCapacity: true)
    let n = buffer.count
    while true {
      var field = Field(start: position, end: position, quoted: false)
      if position < n, buffer[position] == UInt8(ascii: "\"") {
        field.quoted = true
        position += 1
        while position < n {
          let byte = buffer[position]
          if byte == UInt8(ascii: "\"") {
            if position + 1 < n, buffer[position + 1] == UInt8(ascii: "\"") {
              position += 2
              continue
            }
            position += 1
            break
          }
          if byte == 0x0A { line += 1 }
          position += 1
        }
        // Text after the closing quote up to the delimiter is kept in the field (lenient).
        while position < n, buffer[position] != UInt8(ascii: ","), buffer[position] != 0x0A, buffer[position] != 0x0D {
          position += 1
        }
      } else {
        while position < n, buffer[position] != UInt8(ascii: ","), buffer[position] != 0x0A, buffer[position] != 0x0D {
          position += 1
        }
      }
      field.end = position
      fields.append(field)
      if position < n, buffer[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if position < n, buffer[position] == 0x0D { position += 1 }
      if position < n, buffer[position] == 0x0A { position += 1 }
      line += 1
      return startLine
    }
  }

  /// A quoted field's content with the quotes removed and `""` turned into `"`.
  func unquoted(_ field: Field) -> String {
    var bytes: [UInt8] = []
    var i = field.start + 1
    while i < field.end {
      let byte = buffer[i]
      if byte == UInt8(ascii: "\"") {
        if i + 1 < field.end, buffer[i + 1] == UInt8(ascii: "\"") {
          bytes.append(byte)
          i += 2
          continue
        }
        i += 1
        continue
      }
      bytes.append(byte)
      i += 1
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The status in field `column` (``PinStatus/init(normalizing:)``), a known one read from the
  /// bytes without making a String.
  func status(of column: Int) -> PinStatus? {
    let field = fields[column]
    if !field.quoted,
      let known = PinStatus.known(spelledBy: UnsafeBufferPointer(rebasing: buffer[field.start..<field.end]))
    {
      return known
    }
    return PinStatus(normalizing: text(of: column))
  }

  /// The text of field `column` of the current record.
  func text(of column: Int) -> String {
    let field = fields[column]
    if field.quoted { return unquoted(field) }
    return String(decoding: UnsafeBufferPointer(rebasing: buffer[field.start..<field.end]), as: UTF8.self)
  }
}
