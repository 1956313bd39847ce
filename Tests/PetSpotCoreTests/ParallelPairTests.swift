import Foundation
import PetSpotCore
import Synchronization
import Testing

@Suite("Two pieces of work on two threads")
struct ParallelPairTests {
  /// A piece's sign that it is running.
  private final class Started: Sendable {
    let flag = Atomic<Bool>(false)
  }

  /// Each piece waits for the other, busy (a blocked thread would be replaced by libdispatch's
  /// monitor; a busy one, like a build's, is not): they must run at the same time.
  private static func meet(_ mine: Started, _ theirs: Started) -> Bool {
    mine.flag.store(true, ordering: .releasing)
    let deadline = ContinuousClock.now + .seconds(10)
    while !theirs.flag.load(ordering: .acquiring) {
      if ContinuousClock.now > deadline { return false }
    }
    return true
  }

  @Test("pairs run from async code never wait for a thread of Swift's pool, even when every one is taken")
  func fromAsyncCode() async {
    // More pairs at once than the pool has threads (it may have grown past the cores while other
    // threads of the test process were blocked), each started on one of them: pairs that took their
    // second thread from the same pool (as `concurrentPerform` does) would find none free, and their
    // two pieces would never meet (measured with `concurrentPerform`: 62 of 64 met).
    let pairs = 8 * ProcessInfo.processInfo.activeProcessorCount + 48
    // Detached tasks: on the global executor's threads, whatever executor the test runs on.
    let tasks = (0..<pairs).map { _ in
      Task.detached {
        let (first, second) = (Started(), Started())
        var (firstMet, secondMet) = (false, false)
        ParallelPair.run({ firstMet = Self.meet(first, second) }, { secondMet = Self.meet(second, first) })
        return firstMet && secondMet
      }
    }
    var met = 0
    for task in tasks where await task.value { met += 1 }
    #expect(met == pairs)
  }

  @Test("both pieces run, each once, and their writes are seen after the call; nested pairs; small pieces")
  func results() {
    var (a, b) = ([Int](), [Int]())
    ParallelPair.run(
      {
        var (c, d) = (0, 0)
        ParallelPair.run({ c = (1...1_000).reduce(0, +) }, { d = 7 })
        a = [c, d]
      },
      { b = Array(0..<10_000) })
    #expect(a == [500_500, 7])
    #expect(b == Array(0..<10_000))
    // Small pieces: the caller mostly runs the second itself, before the other thread starts.
    var (firsts, seconds) = (0, 0)
    for _ in 0..<10_000 { ParallelPair.run({ firsts += 1 }, { seconds += 1 }) }
    #expect(firsts == 10_000 && seconds == 10_000)
  }
}
