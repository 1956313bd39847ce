import PetSpotGeo
import Testing

@Suite("JSON parser and camera decoding")
struct JSONParserTests {
  @Test("values, escapes and nesting")
  func values() throws {
    let v = try JSONParser.parse(#" {"a":[1,-2.5e3,true,false,null],"s":"x\"\\\/\n\u00e9\ud83d\udc36","o":{}} "#)
    #expect(v["a"] == .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]))
    #expect(v["s"] == .string("x\"\\/\né🐶"))
    #expect(v["o"] == .object([]))
    #expect(
      try JSONParser.parse("1e999") == .number(.infinity), "overflow becomes infinity, rejected later as not finite")
  }

  @Test(
    "malformed text is an error, never a crash",
    arguments: [
      "", "{", "{\"a\":}", "[1,]", "01", "1.", "-", "\"abc", "{\"a\" 1}", "tru", "nul", "[1 2]", "{} x",
      "\"\u{01}\"", "\"\\q\"", "\"\\u12\"", String(repeating: "[", count: 10_000),
    ])
  func malformed(text: String) {
    #expect(throws: InvalidInput.self) { try JSONParser.parse(text) }
  }

  @Test("serialisation round-trips and escapes control characters")
  func serialise() throws {
    let value = JSONValue.object([("k", .string("a\u{01}\"b")), ("n", .number(0.000001)), ("z", .null)])
    #expect(value.serialized == #"{"k":"a\u0001\"b","n":0.000001,"z":null}"#)
    #expect(try JSONParser.parse(value.serialized) == value)
  }

  @Test("one escaper: the String and byte writers agree on every ASCII byte and on Unicode, and read back")
  func oneEscaper() throws {
    var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
    texts += ["é🐶", "line\nbreak\ttab\r", "quote\" back\\slash", ""]
    for text in texts {
      var string = ""
      JSONValue.writeString(text, to: &string)
      var bytes: [UInt8] = []
      var copy = text
      copy.withUTF8 { JSONValue.appendString($0, to: &bytes) }
      #expect(Array(string.utf8) == bytes, "\(Array(text.utf8))")
      #expect(try JSONParser.parse(string) == .string(text), "\(Array(text.utf8)) reads back")
    }
    var newline = ""
    JSONValue.writeString("\n\u{1F}", to: &newline)
    #expect(newline == #""\n\u001f""#)
  }

  @Test("camera fields: missing, null, mistyped and defaults")
  func cameraDecoding() throws {
    let base = #""lat":1,"lng":2,"latDelta":1,"lngDelta":1,"width":10,"height":10"#
    let camera = try Camera(json: try JSONParser.parse("{\(base),\"heading\":null,\"pitch\":null,\"x\":[1]}"))
    #expect(camera.heading == 0)
    func error(_ text: String) -> InvalidInput? {
      do {
        _ = try Camera(json: try JSONParser.parse(text))
        return nil
      } catch { return error }
    }
    #expect(error(#"{"lng":2,"latDelta":1,"lngDelta":1,"width":10,"height":10}"#)?.code == .missingField)
    #expect(error(#"{"lat":null,"lng":2,"latDelta":1,"lngDelta":1,"width":10,"height":10}"#)?.field == "lat")
    #expect(error("{\(base),\"heading\":\"north\"}")?.code == .invalidType)
    #expect(error("{\(base),\"heading\":true}")?.field == "heading")
    #expect(error("{\(base),\"pitch\":80}")?.field == "pitch")
    #expect(error("{\(base),\"pitch\":1,\"fov\":\"wide\"}")?.field == "fov")
    #expect(error("[1]")?.code == .malformedJSON)
  }
}
