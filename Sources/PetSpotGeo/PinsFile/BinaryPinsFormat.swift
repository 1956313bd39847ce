/// petspot-geo's own pins format (`.psgpins`) for large sets: the pin set's arrays as they are in
/// memory, little-endian, so loading ten million pins is a few memory copies instead of parsing.
///
/// Layout (version 1): magic "PSGPINS1" · UInt64 count · UInt64 invalidCount · UInt64 idBytes ·
/// UInt32 otherStatusCount, then per other status UInt32 length + UTF-8 · Float64 latitudes[count] ·
/// Float64 longitudes[count] · UInt8 statusCodes[count] · UInt32 sourceRows[count] ·
/// UInt32 idOffsets[count + 1] · UInt8 idBytes[idBytes].
enum BinaryPinsFormat {
  static let magic = Array("PSGPINS1".utf8)

  static func encode(_ pins: PinSet) -> [UInt8] {
    var out = magic
    func put<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }
    func putArray<T>(_ array: [T]) { array.withUnsafeBytes { out.append(contentsOf: $0) } }
    put(UInt64(pins.count))
    put(UInt64(pins.invalidCount))
    put(UInt64(pins.ids.bytes.count))
    put(UInt32(pins.otherStatuses.count))
    for status in pins.otherStatuses {
      put(UInt32(status.utf8.count))
      out.append(contentsOf: status.utf8)
    }
    putArray(pins.latitudes)
    putArray(pins.longitudes)
    putArray(pins.statusCodes)
    putArray(pins.sourceRows)
    putArray(pins.ids.offsets)
    putArray(pins.ids.bytes)
    return out
  }

  static func decode(_ bytes: [UInt8], path: String) throws(PinsFileError) -> PinSet {
    var reader = ByteReader(bytes: bytes)
    func fail(_ message: String) -> PinsFileError { PinsFileError(path: path, location: .file, message: message) }
    guard reader.take(magic.count) == magic else { throw fail("not a petspot-geo pins file (bad magic)") }
    guard let count = reader.integer(UInt64.self), let invalid = reader.integer(UInt64.self),
      let idByteCount = reader.integer(UInt64.self), let statusCount = reader.integer(UInt32.self),
      count < 1 << 32, invalid < 1 << 32, idByteCount < 1 << 40
    else { throw fail("truncated or corrupt header") }
    var otherStatuses: [String] = []
    for _ in 0..<statusCount {
      guard let length = reader.integer(UInt32.self), let text = reader.take(Int(length)) else {
        throw fail("truncated statuses")
      }
      guard UTF8Validation.firstInvalidOffset(in: text) == nil else { throw fail("a status is not valid UTF-8") }
      otherStatuses.append(String(decoding: text, as: UTF8.self))
    }
    let n = Int(count)
    guard let latitudes: [Double] = reader.array(n), let longitudes: [Double] = reader.array(n),
      let statusCodes: [UInt8] = reader.array(n), let sourceRows: [UInt32] = reader.array(n),
      let offsets: [UInt32] = reader.array(n + 1), let idBytes = reader.take(Int(idByteCount)), reader.isAtEnd
    else { throw fail("truncated or corrupt data (expected \(n) pins)") }
    for i in 0..<n {
      guard Int(statusCodes[i]) < 4 + otherStatuses.count,
        PinSet.isValidCoordinate(latitude: latitudes[i], longitude: longitudes[i])
      else { throw fail("corrupt pin \(i)") }
    }
    guard UTF8Validation.firstInvalidOffset(in: idBytes) == nil else { throw fail("an id is not valid UTF-8") }
    let ids: IdTable
    do throws(PinRejection) {
      ids = try IdTable(bytes: idBytes, offsets: offsets)
    } catch {
      throw fail(error.message)
    }
    let pins = PinSet(
      ids: ids, latitudes: latitudes, longitudes: longitudes, statusCodes: statusCodes, otherStatuses: otherStatuses,
      sourceRows: sourceRows, invalidCount: Int(invalid))
    return pins
  }
}

/// Sequential little-endian reads with bounds checks.
private struct ByteReader {
  let bytes: [UInt8]
  var offset = 0

  var isAtEnd: Bool { offset == bytes.count }

  mutating func take(_ n: Int) -> [UInt8]? {
    guard n >= 0, offset + n <= bytes.count else { return nil }
    defer { offset += n }
    return Array(bytes[offset..<offset + n])
  }

  mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
    guard let raw = take(MemoryLayout<T>.size) else { return nil }
    return T(littleEndian: raw.withUnsafeBytes { $0.loadUnaligned(as: T.self) })
  }

  mutating func array<T>(_ n: Int) -> [T]? {
    let size = n * MemoryLayout<T>.stride
    guard offset + size <= bytes.count else { return nil }
    defer { offset += size }
    if n == 0 { return [] }
    return [T](uninitializedCapacity: n) { buffer, initialized in
      bytes.withUnsafeBytes { raw in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + size]))
      }
      initialized = n
    }
  }
}
