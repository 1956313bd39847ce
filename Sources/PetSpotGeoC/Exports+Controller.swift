// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_controller_options_init")
public func psg_controller_options_init(_ options: UnsafeMutablePointer<psg_controller_options>?) {
  let defaults = MapController.Configuration()
  options?.pointee = psg_controller_options(
    struct_size: UInt32(MemoryLayout<psg_controller_options>.size),
    reuse_covered_fetch: defaults.reuseCoveredFetch ? 1 : 0,
    reuse_max_age_ms: defaults.reuseMaxAge, callout_width: defaults.calloutWidth, callout_height: defaults.calloutHeight
  )
}

@_cdecl("psg_controller_create")
public func psg_controller_create(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_controller_options>?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  createController(engine, options, clustering: nil, out)
}

/// The body of `psg_controller_create` and its clustered form (clustering options validated).
func createController(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_controller_options>?, clustering: ClusterOptions?,
  _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard let engineHandle = EngineHandle.from(engine), let out else { return PSG_ERR_INVALID_ARGUMENT }
  var configuration = MapController.Configuration()
  if let options {
    let o = options.pointee
    guard o.struct_size >= UInt32(MemoryLayout<psg_controller_options>.size) else { return PSG_ERR_INVALID_ARGUMENT }
    configuration.reuseCoveredFetch = o.reuse_covered_fetch != 0
    configuration.reuseMaxAge = o.reuse_max_age_ms
    (configuration.calloutWidth, configuration.calloutHeight) = (o.callout_width, o.callout_height)
    guard (try? configuration.validate()) != nil else { return PSG_ERR_INVALID_ARGUMENT }
  }
  configuration.clustering = clustering
  let handle = ControllerHandle(engineHandle: engineHandle, configuration: configuration)
  out.pointee = handle.retainedPointer
  return PSG_OK
}

@_cdecl("psg_controller_destroy")
public func psg_controller_destroy(_ controller: OpaquePointer?) {
  ControllerHandle.release(controller)
}

func controllerEvent(
  _ controller: OpaquePointer?, _ t: Double, _ make: () throws(InvalidInput) -> MapController.Event
) -> psg_status {
  guard let handle = ControllerHandle.from(controller) else { return PSG_ERR_INVALID_ARGUMENT }
  // An event runs the engine's PROJ and GEOS contexts too: claim both, so two controllers sharing
  // one engine from two threads are caught as well.
  return handle.enteredStatus { handle.engineHandle.enteredStatus { handle.handle(make, at: t) } }
}

private func camera(_ pointer: UnsafePointer<psg_camera>?) throws(InvalidInput) -> Camera {
  guard let pointer else { throw InvalidInput(field: "camera", code: .missingField, message: "camera is NULL") }
  return try Camera(pointer.pointee)
}

@_cdecl("psg_controller_appear")
public func psg_controller_appear(_ c: OpaquePointer?, _ cam: UnsafePointer<psg_camera>?, _ t: Double) -> psg_status {
  controllerEvent(c, t) { () throws(InvalidInput) in .appear(try camera(cam)) }
}

@_cdecl("psg_controller_gesture_began")
public func psg_controller_gesture_began(_ c: OpaquePointer?, _ t: Double) -> psg_status {
  controllerEvent(c, t) { .gestureBegan }
}

@_cdecl("psg_controller_camera_changed")
public func psg_controller_camera_changed(_ c: OpaquePointer?, _ cam: UnsafePointer<psg_camera>?, _ t: Double)
  -> psg_status
{
  controllerEvent(c, t) { () throws(InvalidInput) in .cameraChanged(try camera(cam)) }
}

@_cdecl("psg_controller_gesture_ended")
public func psg_controller_gesture_ended(_ c: OpaquePointer?, _ cam: UnsafePointer<psg_camera>?, _ t: Double)
  -> psg_status
{
  controllerEvent(c, t) { () throws(InvalidInput) in .gestureEnded(try camera(cam)) }
}

@_cdecl("psg_controller_fetch_succeeded")
public func psg_controller_fetch_succeeded(_ c: OpaquePointer?, _ id: Int64, _ body: UnsafePointer<CChar>?, _ t: Double)
  -> psg_status
{
  controllerEvent(c, t) { () throws(InvalidInput) in
    guard let body else {
      throw InvalidInput(field: "announcements", code: .missingField, message: "announcements_json is NULL")
    }
    return .fetchSucceeded(
      requestId: Int(id), try AnnouncementBatch(json: try JSONParser.parse(bytes: CStringInput.bytes(body))))
  }
}

@_cdecl("psg_controller_fetch_failed")
public func psg_controller_fetch_failed(_ c: OpaquePointer?, _ id: Int64, _ t: Double) -> psg_status {
  controllerEvent(c, t) { .fetchFailed(requestId: Int(id)) }
}

@_cdecl("psg_controller_tap_pin")
public func psg_controller_tap_pin(_ c: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ t: Double) -> psg_status {
  controllerEvent(c, t) { () throws(InvalidInput) in
    guard let id else { throw InvalidInput(field: "id", code: .missingField, message: "id is NULL") }
    return .tapPin(try CStringInput.string(id, field: "id"))
  }
}

@_cdecl("psg_controller_tap_map")
public func psg_controller_tap_map(_ c: OpaquePointer?, _ t: Double) -> psg_status {
  controllerEvent(c, t) { .tapMap }
}

@_cdecl("psg_controller_viewport_changed")
public func psg_controller_viewport_changed(_ c: OpaquePointer?, _ width: Double, _ height: Double, _ t: Double)
  -> psg_status
{
  controllerEvent(c, t) { .viewportChanged(width: width, height: height) }
}

@_cdecl("psg_controller_effect_count")
public func psg_controller_effect_count(_ c: OpaquePointer?) -> Int {
  ControllerHandle.from(c)?.effects.count ?? 0
}

private func effect(_ c: OpaquePointer?, _ index: UInt) -> MapController.Effect? {
  let i = Int(size: index)
  guard let handle = ControllerHandle.from(c), i < handle.effects.count else { return nil }
  return handle.effects[i]
}

@_cdecl("psg_controller_effect_type")
public func psg_controller_effect_type(_ c: OpaquePointer?, _ i: UInt) -> Int32 {
  switch effect(c, i) {
  case .fetch?: Int32(PSG_EFFECT_FETCH)
  case .cancel?: Int32(PSG_EFFECT_CANCEL)
  case .pinsChanged?: Int32(PSG_EFFECT_PINS_CHANGED)
  case .selectionChanged?: Int32(PSG_EFFECT_SELECTION_CHANGED)
  case .displayChanged?: Int32(PSG_EFFECT_DISPLAY_CHANGED)
  case .revealSelection?: Int32(PSG_EFFECT_REVEAL_SELECTION)
  case nil: 0
  }
}

@_cdecl("psg_controller_effect_request_id")
public func psg_controller_effect_request_id(_ c: OpaquePointer?, _ i: UInt) -> Int64 {
  switch effect(c, i) {
  case .fetch(let id, _)?, .cancel(let id)?: Int64(id)
  default: 0
  }
}

@_cdecl("psg_controller_effect_query")
public func psg_controller_effect_query(_ c: OpaquePointer?, _ i: UInt, _ out: UnsafeMutablePointer<psg_query>?)
  -> psg_status
{
  guard let out, case .fetch(_, let query)? = effect(c, i) else { return PSG_ERR_INVALID_ARGUMENT }
  out.pointee = psg_query(query)
  return PSG_OK
}

@_cdecl("psg_controller_is_loading")
public func psg_controller_is_loading(_ c: OpaquePointer?) -> Int32 {
  ControllerHandle.from(c)?.controller.isLoading == true ? 1 : 0
}

@_cdecl("psg_controller_pin_count")
public func psg_controller_pin_count(_ c: OpaquePointer?) -> Int {
  ControllerHandle.from(c)?.pinIds.count ?? 0
}

@_cdecl("psg_controller_pin_id")
public func psg_controller_pin_id(_ c: OpaquePointer?, _ i: UInt) -> UnsafePointer<CChar>? {
  guard let handle = ControllerHandle.from(c), Int(size: i) < handle.pinIds.count else { return nil }
  return handle.pinIds[Int(size: i)].pointer
}

@_cdecl("psg_controller_selected_id")
public func psg_controller_selected_id(_ c: OpaquePointer?) -> UnsafePointer<CChar>? {
  guard let handle = ControllerHandle.from(c) else { return nil }
  return handle.entered { handle.selected?.pointer } ?? nil
}

@_cdecl("psg_controller_callout_text")
public func psg_controller_callout_text(_ c: OpaquePointer?, _ field: Int32) -> UnsafePointer<CChar>? {
  guard let handle = ControllerHandle.from(c) else { return nil }
  return handle.entered { handle.engineHandle.entered { handle.callout[field]?.pointer } ?? nil } ?? nil
}

@_cdecl("psg_controller_callout_placement")
public func psg_controller_callout_placement(_ c: OpaquePointer?, _ out: UnsafeMutablePointer<psg_callout_placement>?)
  -> psg_status
{
  guard let out, let handle = ControllerHandle.from(c) else { return PSG_ERR_INVALID_ARGUMENT }
  guard let placement = handle.entered({ handle.engineHandle.entered { handle.placement() } }) ?? nil else {
    return PSG_ERR_MISUSE
  }
  switch placement {
  case .success(let placement?):
    out.pointee = psg_callout_placement(placement)
    return PSG_OK
  case .success(nil): return PSG_ERR_INVALID_ARGUMENT
  case .failure(.invalidInput): return PSG_ERR_INVALID_ARGUMENT
  case .failure(.proj): return PSG_ERR_PROJ
  case .failure(.geos): return PSG_ERR_GEOS
  }
}

@_cdecl("psg_controller_state_json")
public func psg_controller_state_json(_ c: OpaquePointer?) -> UnsafePointer<CChar> {
  guard let handle = ControllerHandle.from(c) else { return emptyCString }
  let state: UnsafePointer<CChar>?? = handle.entered { handle.engineHandle.entered { handle.state.pointer } }
  return (state ?? nil) ?? emptyCString
}

@_cdecl("psg_controller_last_error")
public func psg_controller_last_error(_ c: OpaquePointer?) -> UnsafePointer<CChar> {
  ControllerHandle.from(c)?.lastError.message.pointer ?? emptyCString
}
