import Dispatch

/// Runs two independent pieces of work on two threads and returns when both are done.
enum ParallelPair {
  /// Runs `first` and `second` concurrently. They must not touch the same mutable state; each
  /// writes only what it captured for itself.
  static func run(_ first: () -> Void, _ second: () -> Void) {
    withoutActuallyEscaping(first) { first in
      withoutActuallyEscaping(second) { second in
        let work = UnsafeSendable((first, second))
        DispatchQueue.concurrentPerform(iterations: 2) { i in
          if i == 0 { work.value.0() } else { work.value.1() }
        }
      }
    }
  }
}

/// A value handed to `concurrentPerform`'s @Sendable closure; the caller guarantees the two
/// closures inside touch disjoint state.
private struct UnsafeSendable<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
