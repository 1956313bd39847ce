// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_engine_options_init")
public func psg_engine_options_init(_ options: UnsafeMutablePointer<psg_engine_options>?) {
  guard let options else { return }
  options.pointee = psg_engine_options(
    struct_size: UInt32(MemoryLayout<psg_engine_options>.size), proj_search_path: nil)
}

@_cdecl("psg_engine_create")
public func psg_engine_create(
  _ options: UnsafePointer<psg_engine_options>?, _ outEngine: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard let outEngine else { return PSG_ERR_INVALID_ARGUMENT }
  var configuration = GeoEngine.Configuration()
  if let options {
    // Older callers may pass a shorter struct; every field we read must lie within struct_size.
    guard options.pointee.struct_size >= UInt32(MemoryLayout<psg_engine_options>.size) else {
      return PSG_ERR_INVALID_ARGUMENT
    }
    if let path = options.pointee.proj_search_path {
      configuration.projSearchPaths = [String(cString: path)]
    }
  }
  do {
    let handle = EngineHandle(engine: try GeoEngine(configuration: configuration))
    outEngine.pointee = handle.retainedPointer
    return PSG_OK
  } catch {
    switch error {
    case .proj: return PSG_ERR_PROJ
    case .geos: return PSG_ERR_GEOS
    case .invalidInput: return PSG_ERR_INVALID_ARGUMENT
    }
  }
}

@_cdecl("psg_engine_destroy")
public func psg_engine_destroy(_ engine: OpaquePointer?) {
  EngineHandle.release(engine)
}

/// "" for a NULL handle.
var emptyCString: UnsafePointer<CChar> { OwnedCString.empty.pointer }

@_cdecl("psg_engine_last_error")
public func psg_engine_last_error(_ engine: OpaquePointer?) -> UnsafePointer<CChar> {
  guard let handle = EngineHandle.from(engine) else { return emptyCString }
  return handle.lastError.message.pointer
}

@_cdecl("psg_engine_last_error_field")
public func psg_engine_last_error_field(_ engine: OpaquePointer?) -> UnsafePointer<CChar> {
  guard let handle = EngineHandle.from(engine) else { return emptyCString }
  return handle.lastError.field.pointer
}
