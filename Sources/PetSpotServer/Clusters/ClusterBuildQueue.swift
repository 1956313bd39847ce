import Dispatch

/// Where `GET /clusters` builds the indexes it has not made yet: a serial dispatch queue with a
/// thread of its own, outside Swift's cooperative pool, awaited by the requests that need a build.
///
/// A build takes 2–3 s at a million pins (every index the server makes is filterable; longer in a
/// debug build). Run on the request's own thread, it held a thread of the cooperative pool (which
/// has one per core), and each request waiting for a build held another: with two cores, nothing
/// else in the server ran until the build ended — neither other requests nor the database
/// mirror's follower, whose missed confirmations turned reads and writes into `503`s. Builds still
/// run one at a time.
struct ClusterBuildQueue: Sendable {
  private let queue = DispatchQueue(label: "PetSpotServer.ClusterBuildQueue")

  /// Runs `work` on the queue, after the builds before it, and returns its result.
  func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: work()) }
    }
  }
}
