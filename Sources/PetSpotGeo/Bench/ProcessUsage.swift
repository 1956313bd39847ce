#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the whole process (every thread) spent over some repetitions of an operation, per
/// repetition: CPU time in user mode and in the kernel, and page faults served without I/O.
///
/// The kernel's share tells compute from memory supply: each page a process touches for the first
/// time is zeroed by the kernel (and, in a virtual machine, may have to be backed by the host
/// first), so an operation that writes much fresh memory shows it here rather than in its own code.
public struct ProcessUsage: Hashable, Sendable {
  /// User-mode CPU time, nanoseconds per repetition (all threads: up to the cores × the wall time).
  public let userNanoseconds: Double
  /// Kernel CPU time (page faults, system calls), nanoseconds per repetition.
  public let systemNanoseconds: Double
  /// Page faults served without reading from disk (first touches of fresh memory), per repetition.
  public let minorFaults: Double

  public init(userNanoseconds: Double, systemNanoseconds: Double, minorFaults: Double) {
    self.userNanoseconds = userNanoseconds
    self.systemNanoseconds = systemNanoseconds
    self.minorFaults = minorFaults
  }

  /// The process's totals so far, or `nil` where the system does not report them.
  struct Totals {
    var userNanoseconds: Double, systemNanoseconds: Double, minorFaults: Double

    static func now() -> Totals? {
      var usage = rusage()
      #if canImport(Glibc)
        let process = __rusage_who_t(RUSAGE_SELF.rawValue)
      #else
        let process = RUSAGE_SELF
      #endif
      guard getrusage(process, &usage) == 0 else { return nil }
      let nanoseconds = { (time: timeval) in Double(time.tv_sec) * 1e9 + Double(time.tv_usec) * 1e3 }
      return Totals(
        userNanoseconds: nanoseconds(usage.ru_utime), systemNanoseconds: nanoseconds(usage.ru_stime),
        minorFaults: Double(usage.ru_minflt))
    }
  }

  /// The usage between two readings, per repetition (`nil` when either reading is missing or
  /// there were no repetitions).
  init?(from start: Totals?, to end: Totals?, repetitions: Int) {
    guard let start, let end, repetitions > 0 else { return nil }
    self = ProcessUsage(
      userNanoseconds: end.userNanoseconds - start.userNanoseconds,
      systemNanoseconds: end.systemNanoseconds - start.systemNanoseconds,
      minorFaults: end.minorFaults - start.minorFaults
    ).divided(by: Double(repetitions))
  }

  /// Every figure divided by `count` (per repetition from a total, per call from a repetition).
  func divided(by count: Double) -> ProcessUsage {
    ProcessUsage(
      userNanoseconds: userNanoseconds / count, systemNanoseconds: systemNanoseconds / count,
      minorFaults: minorFaults / count)
  }
}
