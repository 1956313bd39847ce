// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

extension Camera {
  /// Validates a C camera; NaN, infinities and out-of-range values name their field.
  init(_ c: psg_camera) throws(InvalidInput) {
    try self.init(
      center: GeoCoordinate(latitude: c.lat, longitude: c.lng), latitudeDelta: c.lat_delta,
      longitudeDelta: c.lng_delta, width: c.width, height: c.height, heading: c.heading, pitch: c.pitch)
  }
}

@_cdecl("psg_engine_query_radius")
public func psg_engine_query_radius(
  _ engine: OpaquePointer?, _ camera: UnsafePointer<psg_camera>?, _ out: UnsafeMutablePointer<psg_query>?
) -> psg_status {
  queryRadius(engine, camera == nil, out) { () throws(InvalidInput) in try Camera(camera!.pointee) }
}

/// The body of `psg_engine_query_radius` and its `_ex` form.
func queryRadius(
  _ engine: OpaquePointer?, _ cameraIsNull: Bool, _ out: UnsafeMutablePointer<psg_query>?,
  _ camera: () throws(InvalidInput) -> Camera
) -> psg_status {
  guard let handle = EngineHandle.from(engine) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard !cameraIsNull else { return handle.fail(PSG_ERR_INVALID_ARGUMENT, "camera is NULL", field: "camera") }
  guard let out else { return handle.fail(PSG_ERR_INVALID_ARGUMENT, "out is NULL", field: "out") }
  do {
    out.pointee = psg_query(handle.engine.fetchQuery(for: try camera()))
    return handle.succeed()
  } catch {
    return handle.fail(error)
  }
}

extension psg_query {
  /// The C form of a fetch query.
  init(_ query: FetchQuery) {
    let box = query.visibleRegion
    self.init(
      lat: query.center.latitude, lng: query.center.longitude, range: Int64(query.range), zoom: query.zoom,
      visible_region: psg_bbox(north: box.north, south: box.south, west: box.west, east: box.east))
  }
}
