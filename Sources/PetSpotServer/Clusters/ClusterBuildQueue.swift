import Dispatch

/// Where `GET /clusters` builds the indexes it has not made yet: a serial dispatch queue with a
/// thread of its own, outside Swift's cooperative pool, awaited by the requests that need a build.
///
/// A build takes about a second at a million pins (longer in a debug build or on a slow machine).
/// Run on the request's own thread, it held a thread of the cooperative pool (two on a two-core
/// machine), and a second request waiting for a build held the other: nothing else in the server
/// ran until the build ended — neither other requests nor the database mirror's follower, whose
/// missed confirmations turned reads and writes into `503`s. Builds still run one at a time.
struct ClusterBuildQueue: Sendable {
  private let queue = DispatchQueue(label: "PetSpotServer.ClusterBuildQueue")

  /// Runs `work` on the queue, after the builds before it, and returns its result.
  func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: work()) }
    }
  }
}
