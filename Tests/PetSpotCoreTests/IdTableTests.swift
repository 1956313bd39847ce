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
}
