import CPetSpotGeo
import PetSpotGeo

/// What a `psg_pins *` points to: the pins (indexed or not), the last error and the last result
/// (so the two-call convention computes a query once).
final class PinsHandle: ErrorReportingHandle {
  let pins: PinSet
  let indexed: IndexedPins?
  var lastError = LastError()
  let gate = EntryGate()
  private var lastQuery: (camera: psg_camera, padding: Double, result: [UInt32])?

  init(pins: PinSet, buildIndex: Bool) {
    self.pins = pins
    self.indexed = buildIndex ? IndexedPins(pins: pins) : nil
  }

  /// Caller array indices of the visible pins, reusing the previous answer for identical input.
  func visible(camera c: psg_camera, padding: Double) throws(InvalidInput) -> [UInt32] {
    if let last = lastQuery, Self.sameBits(last.camera, c), last.padding.bitPattern == padding.bitPattern {
      return last.result
    }
    let view = CameraView(try Camera(c))
    let positions: [UInt32]
    if let indexed {
      positions = try indexed.visible(in: view, padding: padding)
    } else {
      positions = try pins.visible(in: view, padding: padding)
    }
    // Positions are in input order, and so are source rows: the mapped list stays ascending.
    let result = positions.map { pins.sourceRows[Int($0)] }
    lastQuery = (c, padding, result)
    return result
  }

  private static func sameBits(_ a: psg_camera, _ b: psg_camera) -> Bool {
    withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
  }

}
