// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_pins_options_init")
public func psg_pins_options_init(_ options: UnsafeMutablePointer<psg_pins_options>?) {
  options?.pointee = psg_pins_options(
    struct_size: UInt32(MemoryLayout<psg_pins_options>.size), build_index: 1, order: Int32(PSG_PRUNE_ORDER_INPUT))
}

/// `psg_pins_options` as callers built against each version fill it: 0.1 and 0.2 had no `order`
/// (8 bytes), so a struct of that size is read as it was and keeps input order.
private let pinsOptionsSizeWithoutOrder = UInt32(MemoryLayout<psg_pins_options>.offset(of: \.order)!)

@_cdecl("psg_pins_create")
public func psg_pins_create(
  _ lat: UnsafePointer<Double>?, _ lng: UnsafePointer<Double>?, _ statuses: UnsafePointer<UnsafePointer<CChar>?>?,
  _ rawCount: UInt, _ options: UnsafePointer<psg_pins_options>?, _ outPins: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  createPins(lat, lng, statuses, ids: nil, rawCount, options, outPins)
}

@_cdecl("psg_pins_create_with_ids")
public func psg_pins_create_with_ids(
  _ lat: UnsafePointer<Double>?, _ lng: UnsafePointer<Double>?, _ statuses: UnsafePointer<UnsafePointer<CChar>?>?,
  _ ids: UnsafePointer<UnsafePointer<CChar>?>?, _ rawCount: UInt, _ options: UnsafePointer<psg_pins_options>?,
  _ outPins: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard ids != nil || rawCount == 0 else { return PSG_ERR_INVALID_ARGUMENT }
  return createPins(lat, lng, statuses, ids: ids, rawCount, options, outPins)
}

/// Both creation functions: pin i's id is ids[i] (UTF-8, non-empty, unique) or, without ids, its
/// number in decimal — the id cluster ids are hashed from.
private func createPins(
  _ lat: UnsafePointer<Double>?, _ lng: UnsafePointer<Double>?, _ statuses: UnsafePointer<UnsafePointer<CChar>?>?,
  ids: UnsafePointer<UnsafePointer<CChar>?>?, _ rawCount: UInt, _ options: UnsafePointer<psg_pins_options>?,
  _ outPins: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  let count = Int(size: rawCount)
  guard let outPins, count <= Int(UInt32.max) else { return PSG_ERR_INVALID_ARGUMENT }
  guard count == 0 || (lat != nil && lng != nil) else { return PSG_ERR_INVALID_ARGUMENT }
  var buildIndex = true
  var order = PruneOrder.input
  if let options {
    let size = options.pointee.struct_size
    guard size >= pinsOptionsSizeWithoutOrder else { return PSG_ERR_INVALID_ARGUMENT }
    buildIndex = options.pointee.build_index != 0
    if size >= UInt32(MemoryLayout<psg_pins_options>.size) {
      switch options.pointee.order {
      case Int32(PSG_PRUNE_ORDER_INPUT): order = .input
      case Int32(PSG_PRUNE_ORDER_ANY): order = .any
      default: return PSG_ERR_INVALID_ARGUMENT
      }
    }
  }
  var pins = PinSet()
  pins.reserveCapacity(count)
  for i in 0..<count {
    let latitude = lat![i]
    let longitude = lng![i]
    guard PinSet.isValidCoordinate(latitude: latitude, longitude: longitude) else {
      pins.countInvalidRow()
      continue
    }
    var status: PinStatus?
    if let text = statuses?[i] {
      guard let checked = try? CStringInput.string(text, field: "statuses") else { return PSG_ERR_INVALID_ARGUMENT }
      status = PinStatus(normalizing: checked)
    }
    var id = String(i)
    if let ids {
      guard let text = ids[i], let checked = try? CStringInput.string(text, field: "ids") else {
        return PSG_ERR_INVALID_ARGUMENT
      }
      id = checked
    }
    do throws(PinRejection) {
      try pins.append(id: id, latitude: latitude, longitude: longitude, status: status, sourceRow: i)
    } catch {
      return PSG_ERR_INVALID_ARGUMENT  // an empty or repeated id, or more than 252 distinct other statuses
    }
  }
  let handle = PinsHandle(pins: pins, buildIndex: buildIndex, order: order)
  outPins.pointee = handle.retainedPointer
  return PSG_OK
}

@_cdecl("psg_pins_destroy")
public func psg_pins_destroy(_ pins: OpaquePointer?) {
  PinsHandle.release(pins)
}

@_cdecl("psg_pins_count")
public func psg_pins_count(_ pins: OpaquePointer?) -> Int {
  PinsHandle.from(pins)?.pins.count ?? 0
}

@_cdecl("psg_pins_invalid_count")
public func psg_pins_invalid_count(_ pins: OpaquePointer?) -> Int {
  PinsHandle.from(pins)?.pins.invalidCount ?? 0
}

@_cdecl("psg_pins_last_error")
public func psg_pins_last_error(_ pins: OpaquePointer?) -> UnsafePointer<CChar> {
  guard let handle = PinsHandle.from(pins) else { return emptyCString }
  return handle.lastError.message.pointer
}

@_cdecl("psg_pins_visible")
public func psg_pins_visible(
  _ pins: OpaquePointer?, _ camera: UnsafePointer<psg_camera>?, _ padding: Double,
  _ outIndices: UnsafeMutablePointer<UInt32>?, _ rawCapacity: UInt, _ outCount: UnsafeMutablePointer<Int>?
) -> psg_status {
  pinsVisible(pins, camera == nil, padding, outIndices, rawCapacity, outCount) { () throws(InvalidInput) in
    try Camera(camera!.pointee)
  }
}

/// The body of `psg_pins_visible` and its `_ex` form.
func pinsVisible(
  _ pins: OpaquePointer?, _ cameraIsNull: Bool, _ padding: Double, _ outIndices: UnsafeMutablePointer<UInt32>?,
  _ rawCapacity: UInt, _ outCount: UnsafeMutablePointer<Int>?, _ camera: () throws(InvalidInput) -> Camera
) -> psg_status {
  let capacity = Int(size: rawCapacity)
  guard let handle = PinsHandle.from(pins) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard !cameraIsNull else { return handle.fail("camera is NULL") }
  guard let outCount else { return handle.fail("out_count is NULL") }
  do {
    let visible = try handle.visible(camera: try camera(), padding: padding)
    outCount.pointee = visible.count
    guard visible.count <= capacity, visible.isEmpty || outIndices != nil else {
      _ = handle.fail("buffer too small: \(visible.count) indices needed, capacity \(capacity)")
      return PSG_ERR_BUFFER_TOO_SMALL
    }
    if let outIndices, !visible.isEmpty {
      visible.withUnsafeBufferPointer { outIndices.update(from: $0.baseAddress!, count: $0.count) }
    }
    return handle.succeed()
  } catch {
    return handle.fail(error.message)
  }
}
