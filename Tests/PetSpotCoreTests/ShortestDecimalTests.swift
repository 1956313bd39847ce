import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Numbers in output")
struct ShortestDecimalTests {
  @Test(
    "shortest round-tripping decimals without exponents",
    arguments: [
      (52.2297, "52.2297"), (100, "100"), (-0.0, "0"), (1e-6, "0.000001"), (1.5e-7, "0.00000015"),
      (-2.5e-10, "-0.00000000025"), (1e21, "1000000000000000000000"), (1.2345e17, "123450000000000000"),
      (20_003_932, "20003932"), (0.1, "0.1"), (-180, "-180"),
      (Double.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5"),
    ])
  func examples(value: Double, text: String) {
    #expect(ShortestDecimal.string(value) == text)
    var bytes: [UInt8] = [1]
    ShortestDecimal.append(value, to: &bytes)
    #expect(bytes == [1] + Array(text.utf8))
  }

  @Test("append writes the same bytes as string, for coordinates and special values")
  func appendMatchesString() {
    var random = SeededRandom(seed: 4)
    var values: [Double] = [.nan, .infinity, -.infinity, 0, -0.0, 1, -1, 90, -180, 1e16, 1e-5]
    for _ in 0..<20_000 { values.append(Double(random.next() % 36_000_000_001) / 1e8 - 180) }
    for value in values {
      var bytes: [UInt8] = []
      ShortestDecimal.append(value, to: &bytes)
      #expect(bytes == Array(ShortestDecimal.string(value).utf8), "\(value)")
    }
  }

  @Test("random doubles read back exactly")
  func roundTrip() {
    var random = SeededRandom(seed: 3)
    for _ in 0..<20_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      let text = ShortestDecimal.string(value)
      #expect(Double(text) == value || (value == 0 && text == "0"), "\(value) → \(text)")
      #expect(!text.contains("e") && !text.contains("E"))
      var bytes: [UInt8] = []
      ShortestDecimal.append(value, to: &bytes)
      #expect(bytes == Array(text.utf8))
    }
  }
}
