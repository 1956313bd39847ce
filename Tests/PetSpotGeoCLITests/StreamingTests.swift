import Foundation
import Testing

@Suite("batch mode streams")
struct StreamingTests {
  @Test("each answer arrives before the next camera is written")
  func answersBeforeNextLine() throws {
    let process = Process()
    process.executableURL = CLIRunner.binary
    process.arguments = ["radius", "--batch"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { process.terminate() }
    var pending = Data()
    for i in 0..<20 {
      let camera = #"{"lat":\#(i),"lng":0,"latDelta":1,"lngDelta":1,"width":100,"height":100}"# + "\n"
      input.fileHandleForWriting.write(Data(camera.utf8))
      // Read until this camera's answer line is complete; stdin is still open.
      while !pending.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        try #require(!chunk.isEmpty, "output closed before answer \(i)")
        pending.append(chunk)
      }
      let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
      let line = String(decoding: pending[..<end], as: UTF8.self)
      pending.removeSubrange(...end)
      #expect(line.hasPrefix(#"{"lat":\#(i),"#), "answer \(i): \(line)")
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test("the test runner survives a child whose output outgrows a pipe before its input is written")
  func largeInputAndOutput() throws {
    // 30,000 cameras (about 2.5 MB in, 6 MB out, far beyond a 64 KiB pipe buffer): a runner that
    // wrote all of stdin before reading stdout would wait on the child forever.
    let line = #"{"lat":52.2297,"lng":21.0122,"latDelta":0.05,"lngDelta":0.08,"width":390,"height":844}"#
    let input = String(repeating: line + "\n", count: 30_000)
    let result = try CLIRunner.run(["radius", "--batch"], stdin: input)
    #expect(result.status == 0)
    #expect(result.lines.count == 30_000)
    #expect(result.lines.allSatisfy { $0.hasPrefix(#"{"lat":52.2297,"lng":21.0122,"range":6506,"#) })
  }
}
