import CPetSpotGeo
import PetSpotGeo

/// What a `psg_pins *` points to: the pins (indexed or not), the last error and the last result
/// (so the two-call convention computes a query once). Its pins change only by gaining properties
/// (`psg_pins_set_property`), which no query reads.
final class PinsHandle: ErrorReportingHandle {
  var pins: PinSet
  let indexed: IndexedPins?
  /// The order of the answers (`psg_pins_options.order`).
  let order: PruneOrder
  var lastError = LastError()
  let gate = EntryGate()
  private var lastQuery: (camera: Camera, padding: Double, result: [UInt32])?

  init(pins: PinSet, buildIndex: Bool, order: PruneOrder = .input) {
    self.pins = pins
    self.order = order
    self.indexed = buildIndex ? IndexedPins(pins: pins) : nil
  }

  /// Caller array indices of the visible pins, reusing the previous answer for identical input.
  /// A new answer is written into the previous one's memory (the handle is used by one thread at a
  /// time), so a view showing most pins does not take fresh pages on every query.
  func visible(camera c: Camera, padding: Double) throws(InvalidInput) -> [UInt32] {
    if let last = lastQuery, last.camera == c, last.padding.bitPattern == padding.bitPattern {
      return last.result
    }
    let window = try VisibilityWindow(view: CameraView(c), padding: padding)
    var answer = lastQuery?.result ?? []
    lastQuery = nil  // the previous answer's only other reference: `answer` is now unique
    if let indexed {
      indexed.visible(in: window, plan: indexed.index.plan(for: window, order: order), order: order, into: &answer)
    } else {
      pins.scanVisible(in: window, into: &answer)
    }
    // Source rows grow with positions: a list in input order stays ascending once mapped.
    pins.sourceRows.withUnsafeBufferPointer { rows in
      answer.withUnsafeMutableBufferPointer { out in
        for i in out.indices { out[i] = rows[Int(out[i])] }
      }
    }
    lastQuery = (c, padding, answer)
    return answer
  }

}
