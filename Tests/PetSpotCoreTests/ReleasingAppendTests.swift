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
      0, 1, 1_000, 131_071, 131_072, 131_073, 1_500_001, 4_500_001,
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
    let triples = (0..<2_200_001).map { _ in
      Triple(a: random.next(), b: UInt32(truncatingIfNeeded: random.next()), c: 7)
    }
    let odds = (0..<11_500_003).map { i in
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
    arguments: [0, 1, 4_095, 700_001, 2_000_000, 4_800_000])
  func spareCapacityReleased(kept: Int) {
    var random = SeededRandom(seed: 0x5BA2E &+ UInt64(kept))
    let values = (0..<5_000_000).map { _ in random.next() }
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

  @Test(
    "merging a sorted run into a sorted array in place, releasing the run, gives the stable merge, whatever the sizes",
    arguments: [(0, 0), (0, 5), (7, 0), (1_000, 3), (300_000, 700_001), (4_500_000, 17), (4_200_001, 4_300_000)])
  func stableMerge(sizes: (Int, Int)) {
    struct Keyed: Equatable { var key: UInt32, origin: UInt32 }  // 8 bytes: 4.2M of them are 32 MiB
    var random = SeededRandom(seed: 0x3E2 &+ UInt64(sizes.0 &* 31 &+ sizes.1))
    // Sorted runs with many equal keys within and across them, so stability is exercised.
    let run = { (count: Int, origin: UInt32) in
      var key: UInt32 = 0
      return (0..<count).map { _ in
        key &+= UInt32(random.next() % 3 == 0 ? 1 : 0)
        return Keyed(key: key, origin: origin)
      }
    }
    let first = run(sizes.0, 1)
    var second = run(sizes.1, 2)
    // The reference: a plain forward merge, the first run's element first on equal keys.
    var expected: [Keyed] = []
    var (i, k) = (0, 0)
    while i < first.count || k < second.count {
      if k == second.count || (i < first.count && first[i].key <= second[k].key) {
        expected.append(first[i])
        i += 1
      } else {
        expected.append(second[k])
        k += 1
      }
    }
    // In the array's own room, part of it handed back first (as a cluster build does): the merge
    // must not move the array, and whatever the room held is written over.
    var merged = first
    merged.reserveCapacity(first.count + second.count)
    let capacity = merged.capacity
    merged.releaseSpareCapacity()
    second.withUnsafeMutableBufferPointer { b in merged.mergeReleasing(b) { $0.key < $1.key } }
    #expect(merged.capacity == capacity)
    // The first difference, not the arrays: a failure must not print millions of elements.
    #expect(merged.count == expected.count)
    #expect(merged.indices.first { $0 >= expected.count || merged[$0] != expected[$0] } == nil)
  }

  @Test("pages consumed from both ends go back; what is not consumed, inside or around the buffer, keeps its values")
  func consumedFromBothEnds() {
    let count = 6_000_000  // 48 MB: above the size from which pages go back
    let margin = 1_000  // elements around the tracked buffer, sharing its first and last pages
    var values = (0..<UInt64(count + 2 * margin)).map { $0 &* 0x9E37_79B9_7F4A_7C15 | 1 }  // never 0
    let expected = values
    values.withUnsafeMutableBufferPointer { whole in
      let buffer = UnsafeMutableBufferPointer(rebasing: whole[margin..<(margin + count)])
      var pages = ConsumedPages(buffer)
      // Consume two million from the front, element by element, and two million from the back.
      for i in 0..<2_000_000 { pages.consumed(before: i + 1) }
      for i in stride(from: count - 1, through: 4_000_000, by: -1) { pages.consumed(from: i) }
      #if os(Linux)
        // Released anonymous pages read back as zeros (Linux): the consumed ends really went back,
        // bar the partial pages and the last chunk's worth not yet handed back at each end.
        #expect(buffer[1_024..<1_850_000].firstIndex { $0 != 0 } == nil)
        #expect(buffer[4_150_000..<(count - 1_024)].firstIndex { $0 != 0 } == nil)
      #endif
      // The middle third was never consumed: untouched (released pages would read as zeros).
      #expect((2_000_000..<4_000_000).first { buffer[$0] != expected[margin + $0] } == nil)
      // Everything consumed, from both ends again: the rest goes, and nothing outside the buffer.
      pages.consumed(before: count)
      pages.consumed(from: 0)
      #if os(Linux)
        #expect(buffer[1_024..<(count - 1_024)].firstIndex { $0 != 0 } == nil)
      #endif
      let outside = Array(0..<margin) + Array((margin + count)..<(count + 2 * margin))
      #expect(outside.first { whole[$0] != expected[$0] } == nil)
    }
  }
}
