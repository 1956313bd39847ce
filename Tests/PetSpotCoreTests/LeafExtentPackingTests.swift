import PetSpotCore
import PetSpotTestSupport
import Testing

/// A cluster record keeps its leaf box in 56 bits: the stored box must hold the exact one and be
/// at most a stated sliver larger, for every size a box can have.
@Suite("Clustering: leaf boxes packed into a record")
struct LeafExtentPackingTests {
  /// Whether `stored` holds `exact` and exceeds it by less than 1/2047 of the exact box's longest
  /// offset from the drawn pin (or 2^−128 world widths for boxes smaller than that) per side.
  private func expectTight(_ exact: LeafExtent, _ context: String) {
    let stored = LeafExtent(packed: exact.packed)
    let longest = max(max(-exact.minX, exact.maxX), max(-exact.minY, exact.maxY))
    let slack = max(longest / 2047, 0x1p-128)
    #expect(stored.minX <= exact.minX && stored.minX >= exact.minX - slack, "\(context): \(exact) → \(stored)")
    #expect(stored.minY <= exact.minY && stored.minY >= exact.minY - slack, "\(context): \(exact) → \(stored)")
    #expect(stored.maxX >= exact.maxX && stored.maxX <= exact.maxX + slack, "\(context): \(exact) → \(stored)")
    #expect(stored.maxY >= exact.maxY && stored.maxY <= exact.maxY + slack, "\(context): \(exact) → \(stored)")
    #expect(LeafExtent(packed: stored.packed) == stored, "\(context): packing is idempotent")
    #expect(exact.packed >> 56 == 0, "\(context): the high byte stays free")
  }

  @Test("random boxes from 1e-300 to 4 world widths, sides zero, equal or far apart")
  func randomBoxes() {
    var random = SeededRandom(seed: 0x1EAF)
    for round in 0..<20_000 {
      let size = random.logUniform(1e-300...4)
      // Some sides exactly zero (a leaf on the drawn pin's row or column), some tiny beside a
      // large one (the shared unit is set by the largest).
      let side = { (k: Int) -> Double in
        switch (round + k) % 7 {
        case 0: 0
        case 1: size * random.logUniform(1e-12...1)
        default: size * random.unit()
        }
      }
      expectTight(LeafExtent(minX: -side(0), minY: -side(1), maxX: side(2), maxY: side(3)), "round \(round)")
    }
  }

  @Test("edge cases: empty, powers of two, the 4095 boundary, subnormal, the largest finite sizes")
  func edgeCases() {
    #expect(LeafExtent.zero.packed == 0)
    #expect(LeafExtent(packed: 0) == .zero)
    for v in [
      1.0, 0.5, 2.0, 4095.0 / 2048, 4095.5 / 2048, 4096.0 / 2048, 0x1p-116, 0x1p-128, 0x1p-140,
      Double.leastNonzeroMagnitude, 0x1p-1022, 1e30, 0x1p138,
    ] {
      expectTight(LeafExtent(minX: -v, minY: 0, maxX: v / 3, maxY: v), "side \(v)")
    }
  }

  @Test("boxes that are not finite or do not hold the drawn pin pack conservatively")
  func conservative() {
    // Not finite, or too large for the exponent: wider than any world in every direction.
    for exact in [
      LeafExtent(minX: -.infinity, minY: 0, maxX: 0, maxY: 0), LeafExtent(minX: 0, minY: 0, maxX: .nan, maxY: 0),
      LeafExtent(minX: -.greatestFiniteMagnitude, minY: 0, maxX: 1, maxY: 1),
    ] {
      let stored = LeafExtent(packed: exact.packed)
      #expect(stored.minX < -1e40 && stored.minY < -1e40 && stored.maxX > 1e40 && stored.maxY > 1e40, "\(exact)")
    }
    // A box beside the drawn pin grows to hold it.
    let stored = LeafExtent(packed: LeafExtent(minX: 0.25, minY: 0.5, maxX: 1, maxY: 1).packed)
    #expect(stored.minX == 0 && stored.minY == 0 && stored.maxX >= 1 && stored.maxY >= 1, "\(stored)")
  }
}
