import PetSpotCore
import PetSpotTestSupport
import Testing

/// The id table against a dictionary: appends, forgets and appends again, across the table's
/// growth (a rehash must not bring forgotten ids back).
@Suite("Pins: the id table")
struct IdTableTests {
  @Test("a forgotten id stays forgotten, and one appended again is found at its new place, after the table grows")
  func forgottenAcrossGrowth() {
    var table = IdTable()
    for i in 0..<10 { _ = table.append("pin-\(i)") }
    table.forget(3)
    table.forget(5)
    #expect(table.position(of: "pin-3") == nil && table.position(of: "pin-5") == nil)
    let reAppended = table.append("pin-3")  // a new entry, position 10
    #expect(reAppended)
    #expect(table.position(of: "pin-3") == 10)
    // Enough ids that the table doubles several times (16 slots to 4,096).
    for i in 10..<2_000 { _ = table.append("more-\(i)") }
    #expect(table.count == 2_001)
    #expect(table.position(of: "pin-3") == 10)
    #expect(table.position(of: "pin-5") == nil)
    #expect(table.position(of: "pin-4") == 4)
    let (again, fiveAgain) = (table.append("pin-3"), table.append("pin-5"))
    #expect(!again && fiveAgain)
    #expect(table.position(of: "pin-5") == 2_001)
  }

  @Test("random appends, forgets and appends again answer as a dictionary, through growth and reserve")
  func againstDictionary() {
    var random = SeededRandom(seed: 0x1D7A_B1E)
    var table = IdTable()
    var reference: [String: Int] = [:]
    var count = 0
    for step in 0..<20_000 {
      let id = "id-\(random.next() % 3_000)"
      switch random.next() % 10 {
      case 0..<6:
        let appended = table.append(id)
        #expect(appended == (reference[id] == nil))
        if appended {
          reference[id] = count
          count += 1
        }
      case 6..<9:
        if let at = reference[id] {
          table.forget(at)
          reference[id] = nil
        }
      default:
        break  // a look-up only
      }
      if step % 1_000 == 999 { table.reserve(Int(random.next() % 5_000)) }  // grows the table at once
      #expect(table.position(of: id) == reference[id])
    }
    #expect(table.count == count)
    for (id, at) in reference { #expect(table.position(of: id) == at) }
  }

  @Test("ids loaded in bulk: a repeated one is named")
  func bulkRepeat() throws {
    let ids = ["a", "bb", "c", "bb", "d", "c"]
    var bytes: [UInt8] = []
    var offsets: [UInt32] = [0]
    for id in ids {
      bytes += Array(id.utf8)
      offsets.append(UInt32(bytes.count))
    }
    #expect(throws: PinRejection.duplicateId("bb")) { try IdTable(bytes: bytes, offsets: offsets) }
    let unique = try IdTable(bytes: Array("abc".utf8), offsets: [0, 1, 2, 3])
    #expect(unique.position(of: "b") == 1 && unique.position(of: "d") == nil)
  }

  @Test(
    "ids loaded in bulk, few (probing past the last slot) to 100,000 (many chunks): each at its row, the first repeating row named, forgets after"
  )
  func bulkAgainstDictionary() throws {
    var random = SeededRandom(seed: 0xB11C)
    let large = [100_000, 4_096, 4_095, 30_000, 1, 0, 70_000]
    for round in 0..<(600 + large.count) {
      let n = round < 600 ? Int(random.next() % 40) : large[round - 600]
      var ids: [String] = []
      for i in 0..<n {
        let repeatsOne = round % 3 == 0 && i > 0 && random.next() % 40 == 0
        ids.append(repeatsOne ? ids[Int(random.next() % UInt64(i))] : "id\(random.next() % 1_000_000)-\(i)")
      }
      var bytes: [UInt8] = []
      var offsets: [UInt32] = [0]
      var firstRow: [String: Int] = [:]
      var firstRepeat: Int?
      for (i, id) in ids.enumerated() {
        bytes += Array(id.utf8)
        offsets.append(UInt32(bytes.count))
        if firstRow[id] != nil { firstRepeat = firstRepeat ?? i } else { firstRow[id] = i }
      }
      if let firstRepeat {
        #expect(throws: PinRejection.duplicateId(ids[firstRepeat]), "round \(round)") {
          try IdTable(bytes: bytes, offsets: offsets)
        }
        continue
      }
      var table = try IdTable(bytes: bytes, offsets: offsets)
      #expect(ids.indices.filter { table.position(of: ids[$0]) != $0 } == [], "round \(round)")
      #expect(table.position(of: "absent") == nil)
      for i in stride(from: 0, to: n, by: 3) { table.forget(i) }
      #expect(ids.indices.filter { table.position(of: ids[$0]) != ($0 % 3 == 0 ? nil : $0) } == [], "round \(round)")
      // Appending grows the table past the bulk load (a rehash leaving the forgotten out).
      for i in 0..<(n + 20) { _ = table.append("new-\(i)") }
      #expect(
        ids.indices.filter { table.position(of: ids[$0]) != ($0 % 3 == 0 ? nil : $0) } == []
          && (0..<(n + 20)).allSatisfy { table.position(of: "new-\($0)") == n + $0 }, "round \(round)")
    }
  }
}
