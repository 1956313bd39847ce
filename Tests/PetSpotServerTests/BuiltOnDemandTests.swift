import Synchronization
import Testing

@testable import PetSpotServer

@Suite("BuiltOnDemand: values made once, at most the capacity kept, least recently used dropped")
struct BuiltOnDemandTests {
  private struct Refused: Error {}

  /// What the makes of the concurrent test saw.
  private final class MakeLog: Sendable {
    let state = Mutex((makes: 0, running: 0, overlapped: false))
  }

  @Test("a kept value is not made again; the least recently used goes first; errors keep nothing")
  func keepsAndEvicts() throws {
    let store = BuiltOnDemand<Int, String>(capacity: 2)
    let makes = Mutex(0)
    func value(_ key: Int) -> String {
      store.value(for: key) { () -> String in
        makes.withLock { $0 += 1 }
        return "v\(key)"
      }
    }
    #expect(value(1) == "v1" && value(2) == "v2" && value(1) == "v1")
    #expect(makes.withLock { $0 } == 2)
    _ = value(3)  // 2 was used least recently: dropped
    #expect(makes.withLock { $0 } == 3)
    _ = value(1)
    #expect(makes.withLock { $0 } == 3)
    _ = value(2)
    #expect(makes.withLock { $0 } == 4)
    #expect(throws: Refused.self) { try store.value(for: 9) { () throws(Refused) -> String in throw Refused() } }
    #expect(store.value(for: 9) { "made" } == "made")  // the failed make kept nothing
    store.removeAll { $0 == 9 }
    #expect(store.value(for: 9) { "again" } == "again")
  }

  @Test("concurrent requests for one new key make it once; makes never overlap")
  func makesOnce() async {
    let store = BuiltOnDemand<Int, Int>(capacity: 4)
    let log = MakeLog()
    await withTaskGroup(of: Int.self) { group in
      for k in 0..<32 {
        group.addTask {
          store.value(for: k % 3) { () -> Int in
            log.state.withLock { s in
              s.makes += 1
              s.running += 1
              if s.running > 1 { s.overlapped = true }
            }
            var x = 0
            for i in 0..<200_000 { x &+= i }  // some work, so that requests meet
            log.state.withLock { $0.running -= 1 }
            return x &* 0 + k % 3
          }
        }
      }
      for await value in group { #expect((0..<3).contains(value)) }
    }
    let final = log.state.withLock { $0 }
    #expect(final.makes == 3)
    #expect(!final.overlapped)
  }
}
