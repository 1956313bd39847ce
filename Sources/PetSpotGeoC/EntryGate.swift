import CPetSpotGeo
import Synchronization

/// Misuse detection, as SQLite does it: one atomic flag per handle, set while a call is inside it.
/// A second thread entering the same handle meanwhile does not touch it and gets
/// `PSG_ERR_MISUSE` (or NULL / 0 from functions that return a pointer or a count) instead of
/// corrupting memory. Correct programs (one thread per handle at a time, as the header says) pay one
/// uncontended compare-and-swap and one store per call (docs/benchmarks.md has the figure).
final class EntryGate: Sendable {
  private let busy = Atomic<Bool>(false)

  /// Claims the handle; `false` when another call is inside it.
  func enter() -> Bool {
    busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
  }

  /// Releases the handle.
  func leave() {
    busy.store(false, ordering: .releasing)
  }
}

/// A handle whose calls go through an ``EntryGate``.
protocol GatedHandle: CHandle {
  var gate: EntryGate { get }
}

extension GatedHandle {
  /// `body`'s result with the handle claimed, or `nil` when another thread is inside it.
  func entered<R>(_ body: () throws -> R) rethrows -> R? {
    guard gate.enter() else { return nil }
    defer { gate.leave() }
    return try body()
  }

  /// A status-returning call with the handle claimed; `PSG_ERR_MISUSE` on concurrent entry.
  func enteredStatus(_ body: () -> psg_status) -> psg_status {
    entered(body) ?? PSG_ERR_MISUSE
  }
}
