import PetSpotCore
import Testing

/// The bit count a filter ranks run entries with equals the standard library's.
@Suite struct SparseBitCountTests {
  @Test("equals nonzeroBitCount: zero, every single bit, all ones, random words of every density")
  func equalsTheStandardCount() {
    var words: [UInt64] = [0, .max, 1 << 63, 3 << 62]
    words += (0..<64).map { 1 << UInt64($0) }
    var random = SplitMix64(seed: 20)
    for density in 0...64 {
      for _ in 0..<50 {
        var word: UInt64 = 0
        for bit in 0..<64 where random.next() % 64 < UInt64(density) { word |= 1 << UInt64(bit) }
        words.append(word)
      }
    }
    let mismatches = words.filter { $0.sparseNonzeroBitCount != $0.nonzeroBitCount }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    #expect(words.count == 4 + 64 + 65 * 50)
  }

  @Test("counted bit by bit up to three, then in full: every word of two bits, and of three, four and five bits")
  func eachStepOfTheCount() {
    var words: [UInt64] = []
    for a in 0..<64 {
      for b in (a + 1)..<64 { words.append(1 << UInt64(a) | 1 << UInt64(b)) }
    }
    #expect(words.count == 64 * 63 / 2)
    var random = SplitMix64(seed: 21)
    for bits in 3...5 {
      for _ in 0..<2_000 {
        var word: UInt64 = 0
        while word.nonzeroBitCount < bits { word |= 1 << (random.next() % 64) }
        words.append(word)
      }
    }
    let mismatches = words.filter { $0.sparseNonzeroBitCount != $0.nonzeroBitCount }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }
}
