/// What a `/clusters` answer hands back as its `token`: the request's camera, option and filter
/// parameters (`name=value` joined by `&`, in a fixed order), base64url-encoded without padding.
/// A later request passes it as `previous` to get the transitions from that answer: the server
/// keeps nothing between requests, it answers the earlier request again.
struct ClustersToken: Sendable, Equatable {
  /// The parameters, by name, as given.
  var fields: [(String, Substring)]

  /// The longest token read back (a request's parameters are far shorter).
  static let maxEncodedLength = 2048

  init(fields: [(String, Substring)]) {
    self.fields = fields
  }

  /// Reads a token back; `nil` when it is not one this server wrote.
  init?(encoded text: Substring) {
    guard text.utf8.count <= Self.maxEncodedLength, let bytes = Base64URL.decode(text),
      let plain = String(validating: bytes, as: UTF8.self)
    else { return nil }
    var fields: [(String, Substring)] = []
    for pair in plain.split(separator: "&") {
      guard let equals = pair.firstIndex(of: "="),
        (ClustersQuery.numericFields + ClustersQuery.textFields).contains(String(pair[..<equals]))
      else { return nil }
      fields.append((String(pair[..<equals]), pair[pair.index(after: equals)...]))
    }
    self.fields = fields
  }

  /// The token's text.
  var encoded: String {
    Base64URL.encode(Array(fields.map { "\($0.0)=\($0.1)" }.joined(separator: "&").utf8))
  }

  static func == (a: Self, b: Self) -> Bool {
    a.fields.count == b.fields.count && zip(a.fields, b.fields).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
  }
}

/// Base64 with the URL-safe alphabet (`-`, `_`) and no padding (RFC 4648 §5).
enum Base64URL {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count * 4 + 2) / 3)
    var i = 0
    while i < bytes.count {
      let chunk = bytes[i..<min(i + 3, bytes.count)]
      var value = 0
      for (k, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * k) }
      for k in 0...chunk.count { out.append(alphabet[(value >> (18 - 6 * k)) & 63]) }
      i += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes, or `nil` for a character outside the alphabet or a length no encoding has.
  static func decode(_ text: some StringProtocol) -> [UInt8]? {
    var sextets: [Int] = []
    sextets.reserveCapacity(text.utf8.count)
    for c in text.utf8 {
      switch c {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextets.append(Int(c - UInt8(ascii: "A")))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): sextets.append(Int(c - UInt8(ascii: "a")) + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): sextets.append(Int(c - UInt8(ascii: "0")) + 52)
      case UInt8(ascii: "-"): sextets.append(62)
      case UInt8(ascii: "_"): sextets.append(63)
      default: return nil
      }
    }
    guard sextets.count % 4 != 1 else { return nil }
    var out: [UInt8] = []
    var i = 0
    while i < sextets.count {
      let chunk = sextets[i..<min(i + 4, sextets.count)]
      var value = 0
      for (k, sextet) in chunk.enumerated() { value |= sextet << (18 - 6 * k) }
      for k in 0..<(chunk.count - 1) { out.append(UInt8((value >> (16 - 8 * k)) & 255)) }
      i += 4
    }
    return out
  }
}
