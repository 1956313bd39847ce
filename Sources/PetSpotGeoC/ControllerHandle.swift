import CPetSpotGeo
import PetSpotGeo

/// What a `psg_controller *` points to: the controller, the engine handle it keeps alive, and C
/// copies of everything the accessors hand out (refreshed after every event).
final class ControllerHandle: CHandle {
  let engineHandle: EngineHandle
  let controller: MapController
  private(set) var effects: [MapController.Effect] = []
  private(set) var pinIds: [OwnedCString] = []
  private(set) var selected: OwnedCString?
  private(set) var callout: [Int32: OwnedCString] = [:]
  private(set) var placement: CalloutPlacement?
  private(set) var state = OwnedCString("{}")
  private(set) var lastError = OwnedCString.empty

  init(engineHandle: EngineHandle, configuration: MapController.Configuration) {
    self.engineHandle = engineHandle
    controller = MapController(engine: engineHandle.engine, configuration: configuration)
    snapshot()
  }

  /// Handles an event; on failure nothing changes but the last error.
  func handle(_ event: () throws(InvalidInput) -> MapController.Event, at t: Double) -> psg_status {
    do throws(InvalidInput) {
      effects = try controller.handle(try event(), at: t.isNaN ? nil : t)
      lastError = .empty
      snapshot()
      return PSG_OK
    } catch {
      lastError = OwnedCString(error.message)
      return PSG_ERR_INVALID_ARGUMENT
    }
  }

  private func snapshot() {
    pinIds = controller.pins.map { OwnedCString($0.id) }
    selected = controller.selectedId.map(OwnedCString.init)
    callout = [:]
    if let content = controller.calloutContent {
      let fields: [(Int32, String?)] = [
        (PSG_CALLOUT_TITLE, content.title), (PSG_CALLOUT_SUBTITLE, content.subtitle),
        (PSG_CALLOUT_LOCATION, content.location),
        (PSG_CALLOUT_DATE, content.date), (PSG_CALLOUT_EMAIL, content.email), (PSG_CALLOUT_PHONE, content.phone),
        (PSG_CALLOUT_DESCRIPTION, content.description), (PSG_CALLOUT_PHOTO_URL, content.photoUrl),
        (PSG_CALLOUT_BADGE_TEXT, content.badge?.text), (PSG_CALLOUT_BADGE_COLOR, content.badge?.color),
        (PSG_CALLOUT_BADGE_TEXT_COLOR, content.badge?.textColor),
      ]
      for (key, text) in fields { if let text { callout[key] = OwnedCString(text) } }
    }
    placement = controller.calloutPlacement
    state = OwnedCString(controller.stateJSON.serialized)
  }

}
