// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>): every form of camera
// (psg_camera_ex, API 0.3).
import CPetSpotGeo
import PetSpotGeo

extension Camera {
  /// Validates a C camera of any form; every bad value names its field.
  init(_ c: psg_camera_ex) throws(InvalidInput) {
    guard c.struct_size >= UInt32(MemoryLayout<psg_camera_ex>.size) else {
      throw InvalidInput(
        field: "struct_size", code: .outOfRange,
        message: "struct_size is too small: fill the camera with psg_camera_ex_init")
    }
    guard c.reserved == 0 else {
      throw InvalidInput(field: "reserved", code: .outOfRange, message: "reserved must be 0")
    }
    switch c.form {
    case Int32(PSG_CAMERA_FORM_SPAN):
      try self.init(
        center: GeoCoordinate(latitude: c.lat, longitude: c.lng), latitudeDelta: c.lat_delta,
        longitudeDelta: c.lng_delta, width: c.width, height: c.height, heading: c.heading, pitch: c.pitch,
        fieldOfView: c.fov)
    case Int32(PSG_CAMERA_FORM_CORNERS):
      let unused: [(String, Double, Double)] = [
        ("latDelta", c.lat_delta, 0), ("lngDelta", c.lng_delta, 0), ("heading", c.heading, 0), ("pitch", c.pitch, 0),
        ("fov", c.fov, Camera.defaultFieldOfView),
      ]
      for (field, value, untouched) in unused where value.bitPattern != untouched.bitPattern {
        throw InvalidInput(
          field: field, code: .unsupported,
          message: "\(field) cannot be combined with corners: leave it as psg_camera_ex_init set it")
      }
      guard c.has_center == 0 || c.has_center == 1 else {
        throw InvalidInput(field: "has_center", code: .outOfRange, message: "has_center must be 0 or 1")
      }
      let numbers = withUnsafeBytes(of: c.corners) { Array($0.bindMemory(to: Double.self)) }
      let corners = (0..<4).map { GeoCoordinate(latitude: numbers[2 * $0], longitude: numbers[2 * $0 + 1]) }
      try self.init(
        corners: corners, width: c.width, height: c.height,
        center: c.has_center == 1 ? GeoCoordinate(latitude: c.lat, longitude: c.lng) : nil)
    default:
      throw InvalidInput(
        field: "form", code: .outOfRange,
        message: "form must be PSG_CAMERA_FORM_SPAN (0) or PSG_CAMERA_FORM_CORNERS (1), not \(c.form)")
    }
  }

  /// A C camera from a pointer, or an error naming `camera` for NULL.
  static func from(_ pointer: UnsafePointer<psg_camera_ex>?) throws(InvalidInput) -> Camera {
    guard let pointer else { throw InvalidInput(field: "camera", code: .missingField, message: "camera is NULL") }
    return try Camera(pointer.pointee)
  }
}

extension psg_camera_ex {
  /// The C form of a span-form camera.
  init(_ camera: Camera) {
    var c = psg_camera_ex()
    psg_camera_ex_init(&c)
    (c.lat, c.lng, c.lat_delta, c.lng_delta) = (
      camera.center.latitude, camera.center.longitude, camera.latitudeDelta, camera.longitudeDelta
    )
    (c.width, c.height, c.heading, c.pitch, c.fov) = (
      camera.width, camera.height, camera.heading, camera.pitch, camera.fieldOfView
    )
    self = c
  }
}

@_cdecl("psg_camera_ex_init")
public func psg_camera_ex_init(_ camera: UnsafeMutablePointer<psg_camera_ex>?) {
  guard let camera else { return }
  camera.pointee = psg_camera_ex()
  camera.pointee.struct_size = UInt32(MemoryLayout<psg_camera_ex>.size)
  camera.pointee.form = Int32(PSG_CAMERA_FORM_SPAN)
  camera.pointee.fov = Camera.defaultFieldOfView
}

@_cdecl("psg_engine_query_radius_ex")
public func psg_engine_query_radius_ex(
  _ engine: OpaquePointer?, _ camera: UnsafePointer<psg_camera_ex>?, _ out: UnsafeMutablePointer<psg_query>?
) -> psg_status {
  queryRadius(engine, camera == nil, out) { () throws(InvalidInput) in try Camera.from(camera) }
}

@_cdecl("psg_pins_visible_ex")
public func psg_pins_visible_ex(
  _ pins: OpaquePointer?, _ camera: UnsafePointer<psg_camera_ex>?, _ padding: Double,
  _ outIndices: UnsafeMutablePointer<UInt32>?, _ rawCapacity: UInt, _ outCount: UnsafeMutablePointer<Int>?
) -> psg_status {
  pinsVisible(pins, camera == nil, padding, outIndices, rawCapacity, outCount) { () throws(InvalidInput) in
    try Camera.from(camera)
  }
}

@_cdecl("psg_cluster_index_query_ex")
public func psg_cluster_index_query_ex(
  _ index: OpaquePointer?, _ camera: UnsafePointer<psg_camera_ex>?, _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  clusterQuery(index, camera == nil, outResult) { () throws(InvalidInput) in try Camera.from(camera) }
}

@_cdecl("psg_cluster_index_zoom_camera_ex")
public func psg_cluster_index_zoom_camera_ex(
  _ index: OpaquePointer?, _ clusterId: UInt64, _ from: UnsafePointer<psg_camera_ex>?,
  _ outCamera: UnsafeMutablePointer<psg_camera_ex>?
) -> psg_status {
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard let from else { return handle.fail("from is NULL") }
  guard let outCamera else { return handle.fail("out_camera is NULL") }
  guard let cluster = handle.cluster(clusterId) else { return PSG_ERR_INVALID_ARGUMENT }
  do {
    let start = try Camera(from.pointee)
    let (heading, pitch) = start.corners == nil ? (start.heading, start.pitch) : (CameraView(start).screenHeading, 0)
    let camera = try handle.clustered.index.camera(
      showing: cluster, width: start.width, height: start.height, heading: heading, pitch: pitch,
      fieldOfView: start.fieldOfView)
    outCamera.pointee = psg_camera_ex(camera)
    return handle.succeed()
  } catch {
    return handle.fail(error.message)
  }
}

@_cdecl("psg_callout_place_coordinate_ex")
public func psg_callout_place_coordinate_ex(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_callout_options>?, _ camera: UnsafePointer<psg_camera_ex>?,
  _ lat: Double, _ lng: Double, _ out: UnsafeMutablePointer<psg_callout_placement>?
) -> psg_status {
  placeCoordinate(engine, options, lat, lng, out) { () throws(InvalidInput) in try Camera.from(camera) }
}

@_cdecl("psg_controller_appear_ex")
public func psg_controller_appear_ex(_ c: OpaquePointer?, _ cam: UnsafePointer<psg_camera_ex>?, _ t: Double)
  -> psg_status
{
  controllerEvent(c, t) { () throws(InvalidInput) in .appear(try Camera.from(cam)) }
}

@_cdecl("psg_controller_camera_changed_ex")
public func psg_controller_camera_changed_ex(_ c: OpaquePointer?, _ cam: UnsafePointer<psg_camera_ex>?, _ t: Double)
  -> psg_status
{
  controllerEvent(c, t) { () throws(InvalidInput) in .cameraChanged(try Camera.from(cam)) }
}

@_cdecl("psg_controller_gesture_ended_ex")
public func psg_controller_gesture_ended_ex(_ c: OpaquePointer?, _ cam: UnsafePointer<psg_camera_ex>?, _ t: Double)
  -> psg_status
{
  controllerEvent(c, t) { () throws(InvalidInput) in .gestureEnded(try Camera.from(cam)) }
}
