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

  /// A number several threads write.
  private final class Shared: Sendable {
    let value: Atomic<Int>
    init(_ value: Int) { self.value = Atomic(value) }
    var current: Int { value.load(ordering: .acquiring) }
  }

  @Test("shared tasks: each runs once, on whichever side is free, its write seen after the call; both sides take some")
  func sharedTasks() {
    // Every task once, whatever the count (none, fewer than the sides, many), its write seen after.
    for tasks in [0, 1, 2, 3, 100] {
      let runs = (0..<tasks).map { _ in Shared(0) }
      var (firstDone, secondDone) = (false, false)
      ParallelPair.run(
        { firstDone = true }, { secondDone = true }, sharing: tasks,
        { k in _ = runs[k].value.wrappingAdd(1, ordering: .relaxed) })
      #expect(firstDone && secondDone)
      #expect(runs.map(\.current) == Array(repeating: 1, count: tasks))
    }
    // A long first piece: the second side takes a task meanwhile, and the first piece's side takes
    // the other once it is done (the first task holds its side until then: both sides take one).
    let (short, long) = (Started(), Started())
    let takers = [Shared(-1), Shared(-1)]
    let firstSide = Shared(0)
    let deadline = ContinuousClock.now + .seconds(10)
    ParallelPair.run(
      {
        firstSide.value.store(Int(bitPattern: pthread_self()), ordering: .releasing)
        _ = Self.meet(long, short)
        while takers[0].current < 0 && ContinuousClock.now < deadline {}
      },
      { _ = Self.meet(short, long) },
      sharing: 2,
      { k in
        takers[k].value.store(Int(bitPattern: pthread_self()) == firstSide.current ? 1 : 2, ordering: .releasing)
        if k == 0 {
          while takers[1].current < 0 && ContinuousClock.now < deadline {}
        }
      })
    #expect(takers.map(\.current) == [2, 1])
  }
}
