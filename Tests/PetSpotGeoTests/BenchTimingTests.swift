import PetSpotGeo
import Testing

@Suite("The benchmark runner's timing: percentiles, and what the process spent")
struct BenchTimingTests {
  @Test("percentiles by nearest rank, from any order; none of an empty summary")
  func percentiles() {
    let timing = TimingSummary(samples: [50, 10, 30, 20, 40])
    #expect(timing.samples == [10, 20, 30, 40, 50])
    #expect(timing.median == 30 && timing.p90 == 50 && timing.p99 == 50 && timing.percentile(20) == 10)
    #expect(TimingSummary(samples: []).median.isNaN)
  }

  @Test("measure reads the process's CPU time and page faults over the recorded repetitions")
  func usage() throws {
    // Each repetition writes 64 MiB of fresh memory (above the C library's largest mmap threshold,
    // 32 MiB: mapped anew each time, so its pages fault in again) and reads a byte per 4 KiB: CPU
    // time and at least one fault per 2 MiB (huge pages) or per 4 KiB.
    var sums: [Int] = []
    let timing = measure(warmup: 1, repetitions: 3) {
      let bytes = [UInt8](repeating: 1, count: 64 << 20)
      sums.append(stride(from: 0, to: bytes.count, by: 4096).reduce(0) { $0 + Int(bytes[$1]) })
    }
    #expect(sums == Array(repeating: 16 << 10, count: 4))
    let usage = try #require(timing.usage)
    #expect(usage.minorFaults >= 32, "faults per repetition \(usage.minorFaults)")
    #expect(usage.userNanoseconds >= 0 && usage.systemNanoseconds >= 0)
    #expect(usage.userNanoseconds + usage.systemNanoseconds > 0)
  }

  @Test("per operation: times and usage divided by the operations a repetition ran")
  func perOperation() throws {
    let usage = ProcessUsage(userNanoseconds: 3_000, systemNanoseconds: 600, minorFaults: 30)
    let one = TimingSummary(samples: [2_000, 1_000], usage: usage).perOperation(1_000)
    #expect(one.samples == [1, 2])
    #expect(one.usage == ProcessUsage(userNanoseconds: 3, systemNanoseconds: 0.6, minorFaults: 0.03))
    #expect(TimingSummary(samples: [4]).perOperation(2).usage == nil)
  }
}
