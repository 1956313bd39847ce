import Foundation
import PetSpotCore
import Testing

/// Arrays in huge pages: they hold what they were given, and on Linux a large one's aligned
/// interior is marked for huge pages (its mapping's `hg` flag in /proc/self/smaps).
@Suite("Memory: arrays in huge pages")
struct HugePagesTests {
  @Test("a large array's 2 MiB-aligned interior is marked for huge pages; its elements are the ones given")
  func largeArrayAdvised() throws {
    let count = 4 << 20  // 32 MiB of UInt64
    let array = [UInt64](hugePagesRepeating: 0x5EED, count: count)
    #expect(array.count == count && array.allSatisfy { $0 == 0x5EED })
    let start = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let size: UInt = 2 << 20
    let alignedStart = (start + size - 1) / size * size
    let flags = try #require(Self.mappingFlags(containing: alignedStart))
    #expect(flags.contains("hg"), "VmFlags: \(flags.joined(separator: " "))")
  }

  /// (On a fresh mapping of its own: an array's memory may come from the allocator's heap, where
  /// an earlier array — of another test running at the same time — was advised.)
  @Test("only a buffer's 2 MiB-aligned interior is advised: the page holding its first byte keeps its flags")
  func adviceStaysInside() throws {
    let (size, length) = (2 << 20, 24 << 20)
    let mapping = try #require(mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
    try #require(mapping != UnsafeMutableRawPointer(bitPattern: -1), "mmap failed")
    defer { munmap(mapping, length) }
    // A start one page past the mapping's, or two when that one is aligned.
    let page = (UInt(bitPattern: mapping) + 4096) % UInt(size) == 0 ? 8192 : 4096
    let buffer = UnsafeMutableRawBufferPointer(start: mapping + page, count: 16 << 20).bindMemory(to: UInt8.self)
    HugePages.advise(buffer)
    let start = UInt(bitPattern: buffer.baseAddress)
    let alignedStart = (start + UInt(size) - 1) / UInt(size) * UInt(size)
    let interior = try #require(Self.mappingFlags(containing: alignedStart))
    #expect(interior.contains("hg"), "VmFlags: \(interior.joined(separator: " "))")
    let firstPage = try #require(Self.mappingFlags(containing: start))
    #expect(!firstPage.contains("hg"), "VmFlags: \(firstPage.joined(separator: " "))")
  }

  @Test(
    "every initialiser holds what it was given, at any size; room reserved is used without moving",
    arguments: [0, 1, 4_095, 1_048_577, 3_000_001])
  func initialisers(count: Int) {
    let repeated = [UInt32](hugePagesRepeating: 9, count: count)
    #expect(repeated == [UInt32](repeating: 9, count: count))
    let filled = [UInt64](hugePagesCapacity: count) { buffer, initialized in
      for i in 0..<count { buffer[i] = UInt64(i) &* 0x9E37_79B9 }
      initialized = count
    }
    #expect(filled == (0..<count).map { UInt64($0) &* 0x9E37_79B9 })
    var reserved = [UInt64](hugePagesCapacity: count)
    #expect(reserved.isEmpty && reserved.capacity >= count)
    let base = reserved.withUnsafeBufferPointer { $0.baseAddress }
    for i in 0..<count { reserved.append(UInt64(i)) }
    #expect(reserved.elementsEqual((0..<count).map { UInt64($0) }))
    if count > 0 { #expect(reserved.withUnsafeBufferPointer { $0.baseAddress } == base) }
  }

  /// The `VmFlags` of the mapping of this process holding `address`, from /proc/self/smaps.
  private static func mappingFlags(containing address: UInt) -> [String]? {
    // Read to the end (a /proc file reports size 0).
    guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? file.readToEnd() else {
      return nil
    }
    let smaps = String(decoding: data, as: UTF8.self)
    var inside = false
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
        let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
        inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
      } else if inside, fields.first == "VmFlags:" {
        return fields.dropFirst().map(String.init)
      }
    }
    return nil
  }
}
