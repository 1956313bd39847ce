import PetSpotCore
import PetSpotTestSupport
import Testing

/// Joining arrays while handing the source's pages back: the result must be exactly the
/// concatenation, whatever the sizes and however the chunks fall on pages.
@Suite("Memory: appending while releasing the source")
struct ReleasingAppendTests {
  @Test(
    "the joined array is the prefix then the transformed source; the source is emptied",
    arguments: [
      0, 1, 1_000, 131_071, 131_072, 131_073, 1_500_001, 3_000_000,
    ])
  func concatenation(count: Int) {
    var random = SeededRandom(seed: 0xA77E_0000 &+ UInt64(count))
    let prefix = (0..<Int(random.next() % 5_000)).map { _ in random.next() }
    let values = (0..<count).map { _ in random.next() }
    var target = prefix
    var source = values
    target.appendReleasing(&source) { $0 &+ 1 }
    #expect(source.isEmpty)
    #expect(target.count == prefix.count + count)
    #expect(Array(target[..<prefix.count]) == prefix)
    #expect(Array(target[prefix.count...]) == values.map { $0 &+ 1 })
  }

  @Test("elements of odd sizes straddle the pages released")
  func oddStride() {
    struct Triple: Equatable { var a: UInt64, b: UInt32, c: UInt8 }  // stride 16, not a power of a page's divisor
    struct Odd: Equatable { var a: UInt8, b: UInt8, c: UInt8 }  // stride 3: chunks end mid-page
    var random = SeededRandom(seed: 0x0DD)
    let triples = (0..<700_001).map { _ in Triple(a: random.next(), b: UInt32(truncatingIfNeeded: random.next()), c: 7)
    }
    let odds = (0..<5_000_003).map { i in
      Odd(a: UInt8(truncatingIfNeeded: i), b: 1, c: UInt8(truncatingIfNeeded: i >> 8))
    }
    var target: [Triple] = []
    var source = triples
    target.appendReleasing(&source) { $0 }
    #expect(target == triples && source.isEmpty)
    var oddTarget = [Odd(a: 9, b: 9, c: 9)]
    var oddSource = odds
    oddTarget.appendReleasing(&oddSource) { Odd(a: $0.c, b: $0.b, c: $0.a) }
    #expect(oddTarget.count == odds.count + 1 && oddTarget[0] == Odd(a: 9, b: 9, c: 9))
    #expect(zip(oddTarget.dropFirst(), odds).allSatisfy { $0 == Odd(a: $1.c, b: $1.b, c: $1.a) })
  }

  @Test(
    "an array shrunk in place keeps its elements and its room when the spare pages go back; the room is usable again",
    arguments: [0, 1, 4_095, 700_001, 2_000_000])
  func spareCapacityReleased(kept: Int) {
    var random = SeededRandom(seed: 0x5BA2E &+ UInt64(kept))
    let values = (0..<3_000_000).map { _ in random.next() }
    var array = values.map { $0 }  // its own buffer (not shared with `values`: no copy on write)
    let capacity = array.capacity
    array.removeLast(values.count - kept)
    array.releaseSpareCapacity()
    #expect(array.capacity == capacity)
    #expect(array == Array(values[..<kept]))
    // Appending into the released room (pages faulted back in) neither moves nor loses anything.
    array.append(contentsOf: values[kept...])
    #expect(array.capacity == capacity)
    #expect(array == values)
    array.releaseSpareCapacity()  // nothing spare: a no-op
    #expect(array == values)
  }
}
