// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_callout_options_init")
public func psg_callout_options_init(_ options: UnsafeMutablePointer<psg_callout_options>?) {
  guard let options else { return }
  options.pointee = psg_callout_options(
    struct_size: UInt32(MemoryLayout<psg_callout_options>.size), viewport_width: 0, viewport_height: 0,
    inset_top: 0, inset_left: 0, inset_bottom: 0, inset_right: 0, margin: 8, pin_height: 40, gap: 10,
    callout_width: 0, callout_height: 0, arrow_width: 20, arrow_height: 10, corner_radius: 12,
    obstacle_rects: nil, obstacle_rect_count: 0, obstacle_wkt: nil, obstacle_wkt_count: 0)
}

/// The request a C options struct describes (the pin filled in by the caller).
private func request(_ o: psg_callout_options, pin: CalloutRequest.Pin, viewport: (Double, Double)) throws(InvalidInput)
  -> CalloutRequest
{
  var layout = CalloutLayout(
    viewportWidth: viewport.0, viewportHeight: viewport.1, calloutWidth: o.callout_width,
    calloutHeight: o.callout_height)
  layout.insets = EdgeInsets(top: o.inset_top, left: o.inset_left, bottom: o.inset_bottom, right: o.inset_right)
  (layout.margin, layout.pinHeight, layout.gap) = (o.margin, o.pin_height, o.gap)
  (layout.arrowWidth, layout.arrowHeight, layout.cornerRadius) = (o.arrow_width, o.arrow_height, o.corner_radius)
  var obstacles: [CalloutRequest.Obstacle] = []
  let rectCount = Int(size: UInt(bitPattern: o.obstacle_rect_count))
  let wktCount = Int(size: UInt(bitPattern: o.obstacle_wkt_count))
  for (field, count) in [("obstacle_rect_count", rectCount), ("obstacle_wkt_count", wktCount)]
  where count > CalloutRequest.maxObstacles {
    throw InvalidInput(
      field: field, code: .outOfRange, message: "\(field) must be at most \(CalloutRequest.maxObstacles)")
  }
  if rectCount > 0 {
    guard let rects = o.obstacle_rects else {
      throw InvalidInput(
        field: "obstacle_rects", code: .missingField, message: "obstacle_rects is NULL but obstacle_rect_count > 0")
    }
    for i in 0..<rectCount {
      let r = rects[i]
      obstacles.append(.rectangle(ScreenRect(x: r.x, y: r.y, width: r.width, height: r.height)))
    }
  }
  if wktCount > 0 {
    guard let texts = o.obstacle_wkt else {
      throw InvalidInput(
        field: "obstacle_wkt", code: .missingField, message: "obstacle_wkt is NULL but obstacle_wkt_count > 0")
    }
    for i in 0..<wktCount {
      guard let text = texts[i] else {
        throw InvalidInput(
          field: "obstacles[\(obstacles.count)]", code: .missingField, message: "obstacle_wkt[\(i)] is NULL")
      }
      obstacles.append(.wkt(try CStringInput.string(text, field: "obstacle_wkt[\(i)]")))
    }
  }
  return CalloutRequest(layout: layout, pin: pin, obstacles: obstacles)
}

private func place(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_callout_options>?,
  _ out: UnsafeMutablePointer<psg_callout_placement>?,
  _ makePin: (psg_callout_options) throws(InvalidInput) -> (CalloutRequest.Pin, (Double, Double))
) -> psg_status {
  guard let handle = EngineHandle.from(engine) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard let options else { return handle.fail(PSG_ERR_INVALID_ARGUMENT, "options is NULL", field: "options") }
  guard let out else { return handle.fail(PSG_ERR_INVALID_ARGUMENT, "out is NULL", field: "out") }
  guard options.pointee.struct_size >= UInt32(MemoryLayout<psg_callout_options>.size) else {
    return handle.fail(
      PSG_ERR_INVALID_ARGUMENT, "struct_size is too small: fill options with psg_callout_options_init",
      field: "struct_size")
  }
  do {
    let (pin, viewport) = try makePin(options.pointee)
    out.pointee = psg_callout_placement(
      try handle.engine.placeCallout(try request(options.pointee, pin: pin, viewport: viewport)))
    return handle.succeed()
  } catch let error as InvalidInput {
    return handle.fail(error)
  } catch let error as GeoError {
    return handle.fail(error)
  } catch {
    return handle.fail(PSG_ERR_INTERNAL, "\(error)")
  }
}

@_cdecl("psg_callout_place")
public func psg_callout_place(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_callout_options>?, _ pinX: Double, _ pinY: Double,
  _ out: UnsafeMutablePointer<psg_callout_placement>?
) -> psg_status {
  place(engine, options, out) { o in (.screen(ScreenPoint(x: pinX, y: pinY)), (o.viewport_width, o.viewport_height)) }
}

@_cdecl("psg_callout_place_coordinate")
public func psg_callout_place_coordinate(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_callout_options>?, _ camera: UnsafePointer<psg_camera>?,
  _ lat: Double, _ lng: Double, _ out: UnsafeMutablePointer<psg_callout_placement>?
) -> psg_status {
  placeCoordinate(engine, options, lat, lng, out) { () throws(InvalidInput) in
    guard let camera else { throw InvalidInput(field: "camera", code: .missingField, message: "camera is NULL") }
    return try Camera(camera.pointee)
  }
}

/// The body of `psg_callout_place_coordinate` and its `_ex` form.
func placeCoordinate(
  _ engine: OpaquePointer?, _ options: UnsafePointer<psg_callout_options>?, _ lat: Double, _ lng: Double,
  _ out: UnsafeMutablePointer<psg_callout_placement>?, _ camera: () throws(InvalidInput) -> Camera
) -> psg_status {
  place(engine, options, out) { _ throws(InvalidInput) in
    let c = try camera()
    guard GeoCoordinate(latitude: lat, longitude: lng).isValid else {
      throw InvalidInput(
        field: "pin.lat", code: .outOfRange, message: "pin must have lat in [-90, 90] and lng in [-180, 180]")
    }
    return (.coordinate(GeoCoordinate(latitude: lat, longitude: lng), view: CameraView(c)), (c.width, c.height))
  }
}

extension psg_callout_placement {
  /// The C form of a placement.
  init(_ p: CalloutPlacement) {
    self.init(
      placement: p.side == .above ? Int32(PSG_CALLOUT_ABOVE) : Int32(PSG_CALLOUT_BELOW), fits: p.fits ? 1 : 0,
      frame: psg_rect(x: p.frame.x, y: p.frame.y, width: p.frame.width, height: p.frame.height), arrow_x: p.arrowX,
      pan_dx: p.pan.dx, pan_dy: p.pan.dy)
  }
}
