import Synchronization

/// Runs a database call, or gives up after `limit` with ``DatabaseError/unavailable(_:)``: a
/// caller waiting for an unreachable database gets an answer, never a hang.
///
/// On timeout the call is cancelled but not awaited (a call blocked on a dead connection may not
/// notice cancellation until the connection fails); it finishes in the background.
public func withDatabaseTimeout<T: Sendable>(
  _ limit: Duration, _ work: @escaping @Sendable () async throws(DatabaseError) -> T
) async -> Result<T, DatabaseError> {
  let gate = FirstAnswer<T>()
  return await withCheckedContinuation { continuation in
    gate.wait(with: continuation)
    let call = Task {
      let result: Result<T, DatabaseError>
      do throws(DatabaseError) { result = .success(try await work()) } catch { result = .failure(error) }
      gate.answer(result)
    }
    let timer = Task {
      try? await Task.sleep(for: limit)
      guard !Task.isCancelled else { return }
      call.cancel()
      gate.answer(.failure(.unavailable("no answer within \(limit)")))
    }
    gate.onAnswer { timer.cancel() }
  }
}

/// Resumes a continuation with the first of several answers; later ones are dropped.
private final class FirstAnswer<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Result<T, DatabaseError>, Never>?
    var answered = false
    var cleanup: (@Sendable () -> Void)?
  }
  private let state = Mutex(State())

  func wait(with continuation: CheckedContinuation<Result<T, DatabaseError>, Never>) {
    state.withLock { $0.continuation = continuation }
  }

  /// Runs `cleanup` once answered (at once if already answered).
  func onAnswer(_ cleanup: @escaping @Sendable () -> Void) {
    let now = state.withLock { state -> Bool in
      if state.answered { return true }
      state.cleanup = cleanup
      return false
    }
    if now { cleanup() }
  }

  func answer(_ result: Result<T, DatabaseError>) {
    let taken = state.withLock {
      state -> (CheckedContinuation<Result<T, DatabaseError>, Never>?, (@Sendable () -> Void)?)? in
      guard !state.answered else { return nil }
      state.answered = true
      defer {
        state.continuation = nil
        state.cleanup = nil
      }
      return (state.continuation, state.cleanup)
    }
    guard let (continuation, cleanup) = taken else { return }
    continuation?.resume(returning: result)
    cleanup?()
  }
}
