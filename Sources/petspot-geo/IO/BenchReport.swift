import PetSpotGeo

#if canImport(Glibc)
  import Glibc
#endif

/// Rows and machine facts for `petspot-geo bench`.
enum BenchReport {
  struct Row {
    var operation: String
    var camera: String
    var pins: Int
    var result: Int
    var timing: TimingSummary

    var text: String {
      // A value as wide as its column or wider still gets one space after it.
      func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(n - s.count, 1)) }
      return pad(operation, 19) + pad(camera, 15) + pad(String(pins), 10) + pad(String(result), 10)
        + pad(format(timing.median), 12) + pad(format(timing.p90), 12) + pad(format(timing.p99), 12)
        + pad(timing.usage.map { format($0.userNanoseconds + $0.systemNanoseconds) } ?? "-", 12)
        + pad(timing.usage.map { format($0.systemNanoseconds) } ?? "-", 12) + String(timing.samples.count)
    }

    var json: String {
      JSONValue.object(
        [
          ("operation", .string(operation)), ("camera", .string(camera)), ("pins", .number(Double(pins))),
          ("result", .number(Double(result))), ("medianNs", .number(timing.median.rounded())),
          ("p90Ns", .number(timing.p90.rounded())), ("p99Ns", .number(timing.p99.rounded())),
          ("repetitions", .number(Double(timing.samples.count))),
          ("perSecond", .number((1e9 / timing.median).rounded())),
        ] + usageFields
      ).serialized
    }

    /// The process's CPU time (user, kernel) and minor page faults per repetition, when known.
    private var usageFields: [(key: String, value: JSONValue)] {
      guard let usage = timing.usage else { return [] }
      return [
        ("cpuUserNs", .number(usage.userNanoseconds.rounded())),
        ("cpuSystemNs", .number(usage.systemNanoseconds.rounded())),
        ("minorFaults", .number(usage.minorFaults.rounded())),
      ]
    }
  }

  static func format(_ ns: Double) -> String {
    if ns < 1e3 { return "\(Int(ns)) ns" }
    if ns < 1e6 { return "\((ns / 1e2).rounded() / 10) µs" }
    if ns < 1e9 { return "\((ns / 1e5).rounded() / 10) ms" }
    return "\((ns / 1e8).rounded() / 10) s"
  }

  static func header(pins: PinSet) -> String {
    "# \(Machine.description), scan kernel \(PinSet.scanKernelName)\n# \(pins.count) pins (\(pins.invalidCount) invalid)\n"
      + "operation          camera         pins      result    median      p90         p99         cpu         kernel      reps"
  }

  /// The first JSON line: `{"machine":{"cpu","cores","swift","petspotGeo","scanKernel"},"pins":N,"invalid":N}`.
  static func machineJSON(pins: PinSet) -> String {
    JSONValue.object([
      (
        "machine",
        .object([
          ("cpu", .string(Machine.cpuModel)), ("cores", .number(Double(Machine.cores))),
          ("swift", .string(Machine.swiftVersion)),
          ("petspotGeo", .string(LibraryVersion.text)), ("scanKernel", .string(PinSet.scanKernelName)),
        ])
      ),
      ("pins", .number(Double(pins.count))), ("invalid", .number(Double(pins.invalidCount))),
    ]).serialized
  }

  /// The last JSON line: `{"peakResidentMB":N}`.
  static func memoryJSON() -> String {
    JSONValue.object([("peakResidentMB", .number(Double(Machine.peakResidentMegabytes)))]).serialized
  }

  static func footer() -> String {
    "# peak resident memory \(Machine.peakResidentMegabytes) MB"
  }
}

/// Facts about the machine, read from the OS.
enum Machine {
  static var cpuModel: String {
    guard let text = try? readText("/proc/cpuinfo") else { return "unknown CPU" }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      return (line.split(separator: ":", maxSplits: 1).last ?? "").trimmingWhitespace()
    }
    return "unknown CPU"
  }

  static var cores: Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

  static var peakResidentMegabytes: Int {
    guard let text = try? readText("/proc/self/status") else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.filter(\.isNumber)
      return (Int(digits) ?? 0) / 1024
    }
    return 0
  }

  static var swiftVersion: String {
    #if compiler(>=6.3)
      "Swift 6.3+"
    #else
      "Swift < 6.3"
    #endif
  }

  static var description: String { "\(cpuModel), \(cores) cores, \(swiftVersion), petspot-geo \(LibraryVersion.text)" }

  static func readText(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw UnreadableFile(path: path) }
    defer { fclose(file) }
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = fread(&buffer, 1, buffer.count, file)
      if n <= 0 { break }
      out.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// A file that could not be opened for reading.
  struct UnreadableFile: Error, CustomStringConvertible {
    var path: String
    var description: String { "cannot read \(path)" }
  }
}
