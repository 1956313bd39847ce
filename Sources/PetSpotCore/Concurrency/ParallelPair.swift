import Dispatch
import Synchronization

/// Runs two independent pieces of work on two threads and returns when both are done.
///
/// The first runs on the calling thread. The second is offered to a thread of libdispatch's own (a
/// serial queue, which always gets a thread: no pool it waits for can be full); if that thread has
/// not started it by the time the first is done, the caller runs it itself (so a pair of small
/// pieces costs no thread wake-up: 2.3–2.8 µs, against 0.5–1.8 µs with `concurrentPerform`, and a
/// pair whose helper is still busy when its first piece ends — pairs nested in a second piece,
/// pairs started on several threads at once — runs its second piece on its caller too, never
/// waiting for another pair). Never `concurrentPerform`: called from a thread of Swift's
/// cooperative pool (any `async` code), it takes its second worker from that pool, so on a
/// two-core machine a build filled the whole pool and nothing else of the process's async work ran
/// until it ended (a server's change-feed follower and its requests stalled for the seconds of a
/// cluster build).
package enum ParallelPair {
  /// The one helper queue of the process, made once. A queue made for each call put the second
  /// pieces on one libdispatch thread after another, and glibc gives each thread that allocates a
  /// heap of its own (an arena, up to eight per core): what one build freed in one arena, the next
  /// one's allocations, made in another, could not reuse. Ten filterable builds of 1M pins in one
  /// process (the `cluster.build.filterable.1M` benchmark) peaked at 1.54 GB that way, 1.04–1.05 GB
  /// with this queue (1.07 GB before the queue per call; 0.99 GB with `MALLOC_ARENA_MAX=1`).
  private static let helper = DispatchQueue(label: "PetSpotCore.ParallelPair")
  /// Runs `first` and `second` concurrently. They must not touch the same mutable state; each
  /// writes only what it captured for itself.
  package static func run(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(second) { second in
      let handoff = Handoff(second)
      helper.async { handoff.runUnlessTaken() }
      first()
      handoff.finish()
    }
  }

  /// Runs `first` and `second` concurrently, and `task` once for each of 0..<`tasks` on whichever
  /// side is free first: a side done with its own piece takes the next task no side has taken, so
  /// a task may run before, beside or after the other side's piece. The pieces and the tasks must
  /// not touch the same mutable state.
  package static func run(_ first: () -> Void, _ second: () -> Void, sharing tasks: Int, _ task: (Int) -> Void) {
    let counter = TaskCounter()
    func takeTasks() {
      while case let k = counter.take(), k < tasks { task(k) }
    }
    run(
      {
        first()
        takeTasks()
      },
      {
        second()
        takeTasks()
      })
  }
}

/// The next task of ``ParallelPair/run(_:_:sharing:_:)`` to take.
private final class TaskCounter: Sendable {
  private let next = Atomic<Int>(0)

  /// A task number no caller was given before.
  func take() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// The second piece of a pair, offered to the other thread. Whichever thread claims it first runs
/// it; the closure is released by the caller before the call returns (it must not outlive it, as
/// `withoutActuallyEscaping` requires, even when the other thread's block runs later).
private final class Handoff: @unchecked Sendable {
  // Written before the other thread is asked; read only by the thread that claimed the piece;
  // cleared by the caller after that thread is done with it.
  private var work: (() -> Void)?
  private let claimed = Atomic<Bool>(false)
  private let done = DispatchSemaphore(value: 0)

  init(_ work: @escaping () -> Void) {
    self.work = work
  }

  /// On the other thread: runs the piece unless the caller took it, then lets the caller go on.
  func runUnlessTaken() {
    guard claim() else { return }
    work?()
    done.signal()
  }

  /// On the calling thread, its own piece done: runs the second piece if the other thread has not
  /// started it, else waits for it; then drops the closure.
  func finish() {
    if claim() { work?() } else { done.wait() }
    work = nil
  }

  private func claim() -> Bool {
    claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
  }
}
