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
    }
  }
}
