import CPetSpotGeo
import PetSpotGeo

/// What a `psg_pins *` points to: the pins (indexed or not), the last error and the last result
/// (so the two-call convention computes a query once). Its pins change only by gaining properties
/// (`psg_pins_set_property`), which no query reads.
final class PinsHandle: ErrorReportingHandle {
  var pins: PinSet
  let indexed: IndexedPins?
  var lastError = LastError()
  let gate = EntryGate()
  private var lastQuery: (camera: Camera, padding: Double, result: [UInt32])?

  init(pins: PinSet, buildIndex: Bool) {
    self.pins = pins
    self.indexed = buildIndex ? IndexedPins(pins: pins) : nil
  }

  /// Caller array indices of the visible pins, reusing the previous answer for identical input.
  func visible(camera c: Camera, padding: Double) throws(InvalidInput) -> [UInt32] {
    if let last = lastQuery, last.camera == c, last.padding.bitPattern == padding.bitPattern {
      return last.result
    }
    let view = CameraView(c)
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

}
