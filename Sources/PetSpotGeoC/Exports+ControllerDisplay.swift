// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>): the map controller with
// clustering (API 0.3).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_controller_create_clustered")
public func psg_controller_create_clustered(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_controller_options>?,
  _ clustering: UnsafePointer<psg_cluster_options>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard EngineHandle.from(engine) != nil, let out else { return PSG_ERR_INVALID_ARGUMENT }
  var chosen = ClusterOptions()
  if let clustering {
    guard clustering.pointee.struct_size >= UInt32(MemoryLayout<psg_cluster_options>.size) else {
      return PSG_ERR_INVALID_ARGUMENT
    }
    chosen = ClusterOptions(minSeparation: clustering.pointee.min_separation, maxZoom: Int(clustering.pointee.max_zoom))
  }
  guard (try? chosen.validate()) != nil else { return PSG_ERR_INVALID_ARGUMENT }
  return createController(engine, options, clustering: chosen, out)
}

@_cdecl("psg_controller_display")
public func psg_controller_display(_ c: OpaquePointer?, _ outResult: UnsafeMutablePointer<OpaquePointer?>?)
  -> psg_status
{
  guard let handle = ControllerHandle.from(c), let outResult else { return PSG_ERR_INVALID_ARGUMENT }
  guard let display = handle.controller.display, let index = handle.controller.displayIndex else {
    return handle.fail("no display: clustering is off, or no camera yet")
  }
  outResult.pointee = ClusterResultHandle(index: index, result: display).retainedPointer
  return handle.succeed()
}

@_cdecl("psg_controller_display_transitions")
public func psg_controller_display_transitions(
  _ c: OpaquePointer?, _ outTransitions: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard let handle = ControllerHandle.from(c), let outTransitions else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.controller.display != nil else {
    return handle.fail("no display: clustering is off, or no camera yet")
  }
  outTransitions.pointee = TransitionsHandle(handle.controller.displayTransitions).retainedPointer
  return handle.succeed()
}

@_cdecl("psg_controller_selection_item")
public func psg_controller_selection_item(_ c: OpaquePointer?) -> Int64 {
  guard let item = ControllerHandle.from(c)?.controller.selectionReveal?.item else { return -1 }
  return Int64(item)
}

@_cdecl("psg_controller_selection_hidden")
public func psg_controller_selection_hidden(_ c: OpaquePointer?) -> Int32 {
  ControllerHandle.from(c)?.controller.isSelectionHidden == true ? 1 : 0
}

@_cdecl("psg_controller_effect_camera")
public func psg_controller_effect_camera(
  _ c: OpaquePointer?, _ rawIndex: UInt, _ outCamera: UnsafeMutablePointer<psg_camera_ex>?
) -> psg_status {
  let i = Int(size: rawIndex)
  guard let handle = ControllerHandle.from(c), let outCamera, i < handle.effects.count,
    case .revealSelection(let camera) = handle.effects[i]
  else { return PSG_ERR_INVALID_ARGUMENT }
  outCamera.pointee = psg_camera_ex(camera)
  return PSG_OK
}
