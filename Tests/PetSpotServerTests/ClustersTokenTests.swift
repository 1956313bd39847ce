import PetSpotTestSupport
import Testing

@testable import PetSpotServer

@Suite("GET /clusters tokens: base64url without padding, read back exactly")
struct ClustersTokenTests {
  @Test("random bytes of every length round-trip; RFC 4648's vectors; foreign text is refused")
  func base64URL() {
    for (plain, encoded) in [
      ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
      ("foobar", "Zm9vYmFy"),
    ] {
      #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
      #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }
    #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
    var random = SeededRandom(seed: 5)
    for length in 0..<200 {
      let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes, "length \(length)")
    }
    for text in ["Zm9v=", "Zm9v+", "Z", "Zm9vY", "é"] { #expect(Base64URL.decode(text) == nil, "\(text)") }
  }

  @Test("a token reads back as the request's fields; unknown names and oversized tokens are refused")
  func tokens() {
    let token = ClustersToken(fields: [
      ("lat", "48.85"), ("lng", "2.35"), ("corners", "1,2,3,4,5,6,7,8"), ("status", ""),
    ])
    #expect(ClustersToken(encoded: Substring(token.encoded)) == token)
    #expect(ClustersToken(encoded: Substring(Base64URL.encode(Array("lat=1&evil=2".utf8)))) == nil)
    #expect(ClustersToken(encoded: Substring(Base64URL.encode(Array("lat".utf8)))) == nil)
    #expect(ClustersToken(encoded: Substring(String(repeating: "A", count: 2052))) == nil)
    #expect(ClustersToken(encoded: Substring(Base64URL.encode([0xFF, 0xFE]))) == nil)
  }
}
