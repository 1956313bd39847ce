import Foundation
import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("Pins files: CSV, announcements JSON, GeoJSON, binary")
struct PinsFileTests {
  func csv(_ text: String) throws(PinsFileError) -> PinSet {
    try PinSet.decode(Array(text.utf8), format: .csv, path: "t.csv")
  }

  func error(_ text: String, format: PinSet.FileFormat = .csv) -> PinsFileError? {
    do {
      _ = try PinSet.decode(Array(text.utf8), format: format, path: "t")
      return nil
    } catch { return error }
  }

  @Test("CSV: quoted fields, CRLF, extra columns, lon, statuses normalised, invalid rows counted")
  func csvReading() throws {
    let pins = try csv(
      "name,ID,lon,Lat,status,extra\r\n"
        + "\"Rex, the dog\",\"a\"\"1\",21.01,52.23,active,x\r\n"
        + "b,b2, 151.2 ,-33.86,Found,\n"
        + "c,c3,,10,MISSING,\n"
        + "d,d4,10,nan,closed,\n"
        + "e,e5,10,-Inf,,\n"
        + "f,f6,181,0,,\n"
        + "g,g7,0,91,,\n"
        + "h,h8,1e1,1.5E1,Adopted,\n"
        + "\n")
    #expect(pins.count == 3)
    #expect(pins.invalidCount == 5)
    #expect(pins.ids[0] == "a\"1" && pins.ids[1] == "b2" && pins.ids[2] == "h8")
    #expect(pins.status(at: 0) == .missing && pins.status(at: 1) == .found && pins.status(at: 2) == .other("Adopted"))
    #expect(pins.latitudes == [52.23, -33.86, 15] && pins.longitudes == [21.01, 151.2, 10])
    #expect(pins.sourceRows == [0, 1, 7], "original row indices")
  }

  @Test("CSV statuses: every spelling read as PinStatus(normalizing:) reads it, quoted or not, near-misses included")
  func csvStatusSpellings() throws {
    var spellings = [
      "MISSING", "missing", "MiSsInG", "active", "ACTIVE", "Active", "FOUND", "found", "fOuNd", "CLOSED", "closed",
      "MISSIN", "MISSINGG", "FOUN", "FOUND ", " FOUND", "ACTIV", "CL0SED", "F\u{00D6}UND", "m\u{0131}ss\u{0131}ng",
      "Adopted", "", "FOUNDX", "@OUND", "FOUN[",
    ]
    var random = SeededRandom(seed: 0x57A7)
    // Random case and one-letter changes of the names.
    for _ in 0..<300 {
      var letters = Array(["MISSING", "ACTIVE", "FOUND", "CLOSED"][Int(random.next() % 4)])
      letters = letters.map { random.next() % 2 == 0 ? Character($0.lowercased()) : $0 }
      if random.next() % 3 == 0 { letters[Int(random.next() % UInt64(letters.count))] = "Q" }
      spellings.append(String(letters))
    }
    var text = "id,lat,lng,status\n"
    for (i, spelling) in spellings.enumerated() {
      text += "u\(i),1,2,\(spelling)\n" + "q\(i),1,2,\"\(spelling)\"\n"
    }
    let pins = try csv(text)
    #expect(pins.count == 2 * spellings.count)
    for (i, spelling) in spellings.enumerated() {
      let expected = PinStatus(normalizing: spelling)
      #expect(pins.status(at: 2 * i) == expected && pins.status(at: 2 * i + 1) == expected, "'\(spelling)'")
    }
  }

  @Test("CSV: malformed files name the line")
  func csvMalformed() {
    #expect(error("")?.location == .line(1))
    #expect(error("id,lat\n1,2\n")?.message.contains("lng") == true)
    #expect(error("id,lat,lng\na,1,2\nb,abc,3\n")?.location == .line(3))
    #expect(error("id,lat,lng\na,1,2\nb,1\n")?.location == .line(3))
    #expect(error("id,lat,lng\na,1,2\na,3,4\n")?.message.contains("duplicate id 'a'") == true)
    #expect(error("id,lat,lng\n,1,2\n")?.message.contains("empty id") == true)
    // A quoted field spanning lines: the error's line is where the bad record starts.
    #expect(error("id,lat,lng\n\"multi\nline\",1,2\nz,1,x\n")?.location == .line(4))
  }

  @Test("announcements JSON and GeoJSON")
  func jsonReading() throws {
    let announcements = try PinSet.decode(
      Array(
        """
        [{"id":"a","lastSeenLatitude":52.2,"lastSeenLongitude":21,"status":"MISSING","petName":"Rex"},
         {"id":7,"lastSeenLatitude":null,"lastSeenLongitude":1},
         {"id":"c","lastSeenLatitude":1e999,"lastSeenLongitude":1},
         {"id":"d","lastSeenLatitude":-10,"lastSeenLongitude":-20}]
        """.utf8), format: .json, path: "a.json")
    #expect(announcements.count == 2 && announcements.invalidCount == 2)
    #expect(error(#"[{"id":"a","lastSeenLatitude":"52","lastSeenLongitude":1}]"#, format: .json)?.location == .index(0))
    #expect(error(#"[{"lastSeenLatitude":1,"lastSeenLongitude":1}]"#, format: .json)?.message.contains("id") == true)
    #expect(error(#"{"not":"an array"}"#, format: .json) != nil)
    let geo = try PinSet.decode(
      Array(
        """
        {"type":"FeatureCollection","features":[
          {"type":"Feature","id":"x","geometry":{"type":"Point","coordinates":[21.0,52.2]},"properties":{"status":"found"}},
          {"type":"Feature","geometry":{"type":"Point","coordinates":[-179.5,-16.5]},"properties":{"id":"y"}},
          {"type":"Feature","geometry":null,"properties":{}},
          {"type":"Feature","geometry":{"type":"Point","coordinates":[10,20]},"properties":{}}]}
        """.utf8), format: .geojson, path: "p.geojson")
    #expect(geo.count == 3 && geo.invalidCount == 1)
    #expect(geo.ids[0] == "x" && geo.ids[1] == "y" && geo.ids[2] == "3", "position as the id when none is given")
    #expect(geo.latitudes[0] == 52.2 && geo.longitudes[0] == 21.0, "GeoJSON is lon, lat")
    #expect(
      error(
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]}}]}"#,
        format: .geojson)?.location == .index(0))
  }

  @Test("the supercluster fixture (Natural Earth places) loads")
  func naturalEarth() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Data/natural-earth-places.geojson").path
    let pins = try PinSet.load(path: path)
    #expect(pins.count + pins.invalidCount == 163)
    #expect(
      pins.longitudes.contains { $0 > 179 } && pins.longitudes.contains { $0 < -170 }, "both sides of the antimeridian")
  }

  @Test("binary format round-trips exactly; corruption is an error")
  func binary() throws {
    var random = SeededRandom(seed: 5)
    let pins = random.pinSet(count: 2_000)
    try withTemporaryPath(extension: "psgpins") { path in
      try pins.writeBinary(to: path)
      let back = try PinSet.load(path: path)
      #expect(back.count == pins.count && back.invalidCount == pins.invalidCount)
      #expect(back.latitudes == pins.latitudes && back.longitudes == pins.longitudes)
      #expect(
        back.statusCodes == pins.statusCodes && back.otherStatuses == pins.otherStatuses
          && back.sourceRows == pins.sourceRows)
      #expect((0..<pins.count).allSatisfy { back.ids[$0] == pins.ids[$0] })
      var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      bytes.removeLast(3)
      #expect(throws: PinsFileError.self) { try PinSet.decode(Array(bytes), format: .binary, path: path) }
    }
  }

  @Test("CSV written by petspot-geo reads back identically")
  func csvRoundTrip() throws {
    var random = SeededRandom(seed: 6)
    let pins = random.pinSet(count: 1_000)
    try withTemporaryPath(extension: "csv") { path in
      try pins.writeCSV(to: path)
      let back = try PinSet.load(path: path)
      #expect(
        back.latitudes == pins.latitudes && back.longitudes == pins.longitudes && back.statusCodes == pins.statusCodes)
    }
  }

  @Test("decimal cells: fast path equals the standard library; names of non-finite values")
  func decimals() {
    var random = SeededRandom(seed: 8)
    for _ in 0..<50_000 {
      let value = random.uniform(-180...180)
      for text in [String(value), String(format: "%.6f", value), String(format: "%.3e", value)] {
        var copy = text
        let parsed = copy.withUTF8 { DecimalText.cell($0) }
        #expect(parsed == .number(Double(text)!), "\(text)")
      }
    }
    // Past the fast path (more than 15 digits, exponents beyond ±22, subnormals, overflow, more
    // digits than the stack copy takes): the same double as the standard library's parser.
    let long = [
      "41.885702730205004", "-74.15939597304948", "0.1000000000000000055511151231257827", "1e23", "8.5e-23",
      "+.5", "5.", "2.2250738585072011e-308", "4.9e-324", "2.5e-324", "1.7976931348623157e308",
      "9007199254740993", "123456789012345678901234567890", "0.000000000000000000000000000001234567",
      String(repeating: "9", count: 200) + "e-190", "1" + String(repeating: "0", count: 130) + ".5e-120",
    ]
    for text in long {
      var copy = text
      #expect(copy.withUTF8 { DecimalText.parse($0) } == Double(text)!, "\(text)")
    }
    var copy = "1e400"
    #expect(copy.withUTF8 { DecimalText.cell($0) } == .missing, "beyond the largest double: not finite")
    for text in ["", "  ", "nan", "NaN", "-inf", "Infinity", "+INF"] {
      var copy = text
      #expect(copy.withUTF8 { DecimalText.cell($0) } == .missing, "\(text)")
    }
    for text in ["abc", "1.2.3", "--1", "1e", ".", "0x10", "1,5"] {
      var copy = text
      #expect(copy.withUTF8 { DecimalText.cell($0) } == .unparsable, "\(text)")
    }
  }

  @Test("the generator is deterministic")
  func generator() {
    let places = [
      PinGenerator.Place(coordinate: GeoCoordinate(latitude: 52.2, longitude: 21), name: "Warsaw, PL"),
      PinGenerator.Place(coordinate: GeoCoordinate(latitude: -16, longitude: 179.99), name: "Labasa, FJ"),
    ]
    let a = PinGenerator(kind: .skewed(places: places), seed: 3).rows(count: 500, shelters: 2)
    let b = PinGenerator(kind: .skewed(places: places), seed: 3).rows(count: 500, shelters: 2)
    #expect(a == b)
    #expect(a.allSatisfy { $0.coordinate.isValid })
    #expect(a.count >= 540 && Set(a.suffix(40).map(\.coordinate)).count <= 2, "shelters are coincident pins")
    let uniform = PinGenerator(kind: .uniform, seed: 3).pinSet(count: 1_000)
    #expect(uniform.count == 1_000 && uniform.latitudes.allSatisfy { abs($0) <= WebMercator.latitudeLimit })
  }
}
