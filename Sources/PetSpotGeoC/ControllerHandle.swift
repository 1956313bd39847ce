import CPetSpotGeo
import PetSpotGeo

/// What a `psg_controller *` points to: the controller, the engine handle it keeps alive, and C
/// copies of what the accessors hand out. Pins, selection and callout text are copied after every
/// event (cheap); the callout placement and the state JSON are computed on first request after an
/// event and kept until the next one, so a client that never asks pays nothing for them.
final class ControllerHandle: ErrorReportingHandle {
  let engineHandle: EngineHandle
  let controller: MapController
  private(set) var effects: [MapController.Effect] = []
  private(set) var pinIds: [OwnedCString] = []
  private(set) var selected: OwnedCString?
  private(set) var callout: [Int32: OwnedCString] = [:]
  private var placementCache: Result<CalloutPlacement?, GeoError>?
  private var stateCache: OwnedCString?
  var lastError = LastError()
  let gate = EntryGate()

  init(engineHandle: EngineHandle, configuration: MapController.Configuration) {
    self.engineHandle = engineHandle
    controller = MapController(engine: engineHandle.engine, configuration: configuration)
    snapshot()
  }

  /// Handles an event; on failure nothing changes but the last error.
  func handle(_ event: () throws(InvalidInput) -> MapController.Event, at t: Double) -> psg_status {
    do throws(InvalidInput) {
      effects = try controller.handle(try event(), at: t.isNaN ? nil : t)
      snapshot()
      return succeed()
    } catch {
      return fail(error)
    }
  }

  /// The selected pin's callout placement at the current camera (`nil` when nothing is selected).
  func placement() -> Result<CalloutPlacement?, GeoError> {
    if let placementCache { return placementCache }
    let result = Result { () throws(GeoError) in try controller.calloutPlacement() }
    placementCache = result
    return result
  }

  /// The state as JSON (the replay format's "state").
  var state: OwnedCString {
    if let stateCache { return stateCache }
    let text = OwnedCString(controller.stateJSON(placement: placement()).serialized)
    stateCache = text
    return text
  }

  private func snapshot() {
    pinIds = controller.pins.map { OwnedCString($0.id) }
    selected = controller.selectedId.map(OwnedCString.init)
    callout = [:]
    if let content = controller.calloutContent {
      let fields: [(Int32, String?)] = [
        (PSG_CALLOUT_TITLE, content.title), (PSG_CALLOUT_SUBTITLE, content.subtitle),
        (PSG_CALLOUT_LOCATION, content.location), (PSG_CALLOUT_DATE, content.date), (PSG_CALLOUT_EMAIL, content.email),
        (PSG_CALLOUT_PHONE, content.phone), (PSG_CALLOUT_DESCRIPTION, content.description),
        (PSG_CALLOUT_PHOTO_URL, content.photoUrl), (PSG_CALLOUT_BADGE_TEXT, content.badge?.text),
        (PSG_CALLOUT_BADGE_COLOR, content.badge?.color), (PSG_CALLOUT_BADGE_TEXT_COLOR, content.badge?.textColor),
      ]
      for (key, text) in fields { if let text { callout[key] = OwnedCString(text) } }
    }
    placementCache = nil
    stateCache = nil
  }
}
