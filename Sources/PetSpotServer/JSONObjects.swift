/// Many small JSON texts in one byte buffer: text `i` is `bytes[ends[i - 1] ..< ends[i]]` (from 0
/// for the first). Two arrays however many texts, so a million of them cost their bytes plus
/// 8 bytes each and nothing for the allocator to fragment.
struct JSONObjects: Sendable {
  private(set) var bytes: [UInt8] = []
  private var ends: [Int] = []

  var count: Int { ends.count }

  mutating func reserve(_ n: Int, averageBytes: Int = 160) {
    ends.reserveCapacity(ends.count + n)
    bytes.reserveCapacity(bytes.count + n * averageBytes)
  }

  /// Appends the text `write` adds to a byte array.
  mutating func append(_ write: (inout [UInt8]) -> Void) {
    write(&bytes)
    ends.append(bytes.count)
  }

  /// Appends text `i` of `other`.
  mutating func append(_ other: JSONObjects, at i: Int) {
    other.withBytes(i) { bytes.append(contentsOf: $0) }
    ends.append(bytes.count)
  }

  /// The bytes of text `i`, without copying.
  func withBytes<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let start = i == 0 ? 0 : ends[i - 1]
    return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[i]])) }
  }

  /// The JSON array of the texts at `positions`, in that order: `[` text `,` text … `]`.
  func array(_ positions: some Collection<Int>) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "[")]
    out.reserveCapacity(bytes.count / max(count, 1) * positions.count + 2)
    for p in positions { appendElement(p, to: &out) }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// Appends text `i` to a JSON array being written in `out` (which starts with `[`), after a comma
  /// unless it is the first element.
  func appendElement(_ i: Int, to out: inout [UInt8]) {
    if out.count > 1 { out.append(UInt8(ascii: ",")) }
    withBytes(i) { out.append(contentsOf: $0) }
  }
}
