// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_cluster_options_init")
public func psg_cluster_options_init(_ options: UnsafeMutablePointer<psg_cluster_options>?) {
  let defaults = ClusterOptions()
  options?.pointee = psg_cluster_options(
    struct_size: UInt32(MemoryLayout<psg_cluster_options>.size), min_separation: defaults.minSeparation,
    max_zoom: Int32(defaults.maxZoom))
}

@_cdecl("psg_cluster_index_create")
public func psg_cluster_index_create(
  _ pins: OpaquePointer?, _ options: UnsafePointer<psg_cluster_options>?,
  _ outIndex: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard let pinsHandle = PinsHandle.from(pins) else { return PSG_ERR_INVALID_ARGUMENT }
  return createClusterIndex(pinsHandle, options, aggregates: [], outIndex)
}

/// The body of `psg_cluster_index_create` and its `_ex` form: errors go to the pin set's handle.
func createClusterIndex(
  _ pinsHandle: PinsHandle, _ options: UnsafePointer<psg_cluster_options>?, aggregates: [ClusterAggregate],
  _ outIndex: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard pinsHandle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { pinsHandle.gate.leave() }
  guard let outIndex else { return pinsHandle.fail("out_index is NULL") }
  var chosen = ClusterOptions()
  if let options {
    guard options.pointee.struct_size >= UInt32(MemoryLayout<psg_cluster_options>.size) else {
      return pinsHandle.fail("options.struct_size is too small: fill options with psg_cluster_options_init")
    }
    chosen = ClusterOptions(minSeparation: options.pointee.min_separation, maxZoom: Int(options.pointee.max_zoom))
  }
  chosen.aggregates = aggregates
  do {
    let handle = ClusterIndexHandle(clustered: try ClusteredPins(pins: pinsHandle.pins, options: chosen))
    outIndex.pointee = handle.retainedPointer
    return pinsHandle.succeed()
  } catch {
    return pinsHandle.fail(error.message)
  }
}

@_cdecl("psg_cluster_index_destroy")
public func psg_cluster_index_destroy(_ index: OpaquePointer?) {
  ClusterIndexHandle.release(index)
}

@_cdecl("psg_cluster_index_count")
public func psg_cluster_index_count(_ index: OpaquePointer?) -> Int {
  ClusterIndexHandle.from(index)?.clustered.count ?? 0
}

@_cdecl("psg_cluster_index_last_error")
public func psg_cluster_index_last_error(_ index: OpaquePointer?) -> UnsafePointer<CChar> {
  ClusterIndexHandle.from(index)?.lastError.message.pointer ?? emptyCString
}

@_cdecl("psg_cluster_index_query")
public func psg_cluster_index_query(
  _ index: OpaquePointer?, _ camera: UnsafePointer<psg_camera>?, _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  clusterQuery(index, camera == nil, outResult) { () throws(InvalidInput) in try Camera(camera!.pointee) }
}

/// The body of `psg_cluster_index_query` and its `_ex` form.
func clusterQuery(
  _ index: OpaquePointer?, _ cameraIsNull: Bool, _ outResult: UnsafeMutablePointer<OpaquePointer?>?,
  _ camera: () throws(InvalidInput) -> Camera
) -> psg_status {
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard !cameraIsNull else { return handle.fail("camera is NULL") }
  guard let outResult else { return handle.fail("out_result is NULL") }
  do {
    let snapshot = handle.clustered.index
    let result = snapshot.items(in: CameraView(try camera()))
    handle.remember(result)
    outResult.pointee = ClusterResultHandle(index: snapshot, result: result).retainedPointer
    return handle.succeed()
  } catch {
    return handle.fail(error.message)
  }
}

@_cdecl("psg_cluster_result_destroy")
public func psg_cluster_result_destroy(_ result: OpaquePointer?) {
  ClusterResultHandle.release(result)
}

@_cdecl("psg_cluster_result_count")
public func psg_cluster_result_count(_ result: OpaquePointer?) -> Int {
  ClusterResultHandle.from(result)?.result.items.count ?? 0
}

@_cdecl("psg_cluster_result_zoom")
public func psg_cluster_result_zoom(_ result: OpaquePointer?) -> Double {
  ClusterResultHandle.from(result)?.result.zoom ?? .nan
}

@_cdecl("psg_cluster_result_item")
public func psg_cluster_result_item(
  _ result: OpaquePointer?, _ index: UInt, _ outItem: UnsafeMutablePointer<psg_cluster_item>?
) -> psg_status {
  let i = Int(size: index)
  guard let handle = ClusterResultHandle.from(result), let outItem, handle.result.items.indices.contains(i) else {
    return PSG_ERR_INVALID_ARGUMENT
  }
  let item = handle.result.items[i]
  outItem.pointee = cClusterItem(
    kind: item.kind, coordinate: item.coordinate, screen: (item.point, item.anchor), cluster: item.cluster,
    position: item.position, pins: handle.index.pins)
  return PSG_OK
}

/// The C form of an item (or of a node, with NaN screen points): `position` is the pin's place in
/// `pins` for a pin or spider leg.
func cClusterItem(
  kind: ClusterItem.Kind, coordinate: GeoCoordinate, screen: (point: ScreenPoint, anchor: ScreenPoint),
  cluster: ClusterSummary?, position: Int, pins: PinSet
) -> psg_cluster_item {
  let code: Int32 =
    switch kind {
    case .pin: PSG_ITEM_PIN
    case .cluster: PSG_ITEM_CLUSTER
    case .spider: PSG_ITEM_SPIDER
    }
  var out = psg_cluster_item(
    kind: code, pin: UInt32.max, cluster_id: 0, lat: coordinate.latitude, lng: coordinate.longitude,
    x: screen.point.x, y: screen.point.y, anchor_x: screen.anchor.x, anchor_y: screen.anchor.y, count: 1, missing: 0,
    found: 0, closed: 0, expansion_zoom: -1)
  if let c = cluster {
    out.cluster_id = c.idHash
    out.count = UInt32(c.count)
    out.missing = UInt32(c.missing)
    out.found = UInt32(c.found)
    out.closed = UInt32(c.closed)
    out.expansion_zoom = Int32(c.expansionZoom)
  } else {
    out.pin = pins.sourceRows[position]
    let status = pins.statusCodes[position]
    (out.missing, out.found, out.closed) = (status == 1 ? 1 : 0, status == 2 ? 1 : 0, status == 3 ? 1 : 0)
  }
  return out
}

@_cdecl("psg_cluster_result_hit_test")
public func psg_cluster_result_hit_test(_ result: OpaquePointer?, _ x: Double, _ y: Double) -> Int64 {
  guard let handle = ClusterResultHandle.from(result), let hit = handle.result.hitTest(ScreenPoint(x: x, y: y)) else {
    return -1
  }
  return Int64(hit)
}

@_cdecl("psg_cluster_result_leaves")
public func psg_cluster_result_leaves(
  _ result: OpaquePointer?, _ index: UInt, _ rawOffset: UInt, _ outPins: UnsafeMutablePointer<UInt32>?,
  _ rawCapacity: UInt, _ outCount: UnsafeMutablePointer<Int>?
) -> psg_status {
  let (i, offset, capacity) = (Int(size: index), Int(size: rawOffset), Int(size: rawCapacity))
  guard let handle = ClusterResultHandle.from(result), let outCount, handle.result.items.indices.contains(i),
    capacity == 0 || outPins != nil
  else { return PSG_ERR_INVALID_ARGUMENT }
  let item = handle.result.items[i]
  let leaves =
    item.cluster.map { handle.index.leaves(of: $0, offset: offset, limit: capacity) }
    ?? (offset == 0 ? [item.position] : [])
  writeLeaves(leaves, pins: handle.index.pins, to: outPins, capacity: capacity, count: outCount)
  return PSG_OK
}

@_cdecl("psg_cluster_index_leaves")
public func psg_cluster_index_leaves(
  _ index: OpaquePointer?, _ clusterId: UInt64, _ rawOffset: UInt, _ outPins: UnsafeMutablePointer<UInt32>?,
  _ rawCapacity: UInt, _ outCount: UnsafeMutablePointer<Int>?
) -> psg_status {
  let (offset, capacity) = (Int(size: rawOffset), Int(size: rawCapacity))
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard let outCount else { return handle.fail("out_count is NULL") }
  guard capacity == 0 || outPins != nil else { return handle.fail("out_pins is NULL with capacity > 0") }
  guard let cluster = handle.cluster(clusterId) else { return PSG_ERR_INVALID_ARGUMENT }
  let leaves = handle.clustered.index.leaves(of: cluster, offset: offset, limit: capacity)
  writeLeaves(leaves, pins: handle.clustered.pins, to: outPins, capacity: capacity, count: outCount)
  return handle.succeed()
}

@_cdecl("psg_cluster_index_expansion_zoom")
public func psg_cluster_index_expansion_zoom(
  _ index: OpaquePointer?, _ clusterId: UInt64, _ outZoom: UnsafeMutablePointer<Int32>?
) -> psg_status {
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard let outZoom else { return handle.fail("out_zoom is NULL") }
  guard let cluster = handle.cluster(clusterId) else { return PSG_ERR_INVALID_ARGUMENT }
  outZoom.pointee = Int32(cluster.expansionZoom)
  return handle.succeed()
}

@_cdecl("psg_cluster_index_zoom_camera")
public func psg_cluster_index_zoom_camera(
  _ index: OpaquePointer?, _ clusterId: UInt64, _ width: Double, _ height: Double,
  _ outCamera: UnsafeMutablePointer<psg_camera>?
) -> psg_status {
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard let outCamera else { return handle.fail("out_camera is NULL") }
  guard let cluster = handle.cluster(clusterId) else { return PSG_ERR_INVALID_ARGUMENT }
  do {
    let camera = try handle.clustered.index.camera(showing: cluster, width: width, height: height)
    outCamera.pointee = psg_camera(
      lat: camera.center.latitude, lng: camera.center.longitude, lat_delta: camera.latitudeDelta,
      lng_delta: camera.longitudeDelta,
      width: camera.width, height: camera.height, heading: 0, pitch: 0)
    return handle.succeed()
  } catch {
    return handle.fail(error.message)
  }
}

@_cdecl("psg_cluster_index_insert")
public func psg_cluster_index_insert(
  _ index: OpaquePointer?, _ pin: UInt32, _ lat: Double, _ lng: Double, _ status: UnsafePointer<CChar>?
) -> psg_status {
  changePins(index, pin: pin, status: status) { _, status in
    .insert(id: String(pin), coordinate: GeoCoordinate(latitude: lat, longitude: lng), status: status, row: Int(pin))
  }
}

@_cdecl("psg_cluster_index_remove")
public func psg_cluster_index_remove(_ index: OpaquePointer?, _ pin: UInt32) -> psg_status {
  changePins(index, pin: pin, status: nil) { handle, _ in handle.id(ofNumber: pin).map { .remove(id: $0) } }
}

@_cdecl("psg_cluster_index_update")
public func psg_cluster_index_update(
  _ index: OpaquePointer?, _ pin: UInt32, _ lat: Double, _ lng: Double, _ status: UnsafePointer<CChar>?
) -> psg_status {
  changePins(index, pin: pin, status: status) { handle, status in
    handle.id(ofNumber: pin).map {
      .update(id: $0, coordinate: GeoCoordinate(latitude: lat, longitude: lng), status: status)
    }
  }
}

/// The body of insert, remove and update: the handle checked and entered, `status` read (NULL: no
/// status), the change made by `change` (`nil`: no pin with number `pin`) and applied.
private func changePins(
  _ index: OpaquePointer?, pin: UInt32, status: UnsafePointer<CChar>?,
  _ change: (ClusterIndexHandle, PinStatus?) -> ClusteredPins.Change?
) -> psg_status {
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  var normalized: PinStatus?
  if let status {
    do throws(InvalidInput) {
      normalized = PinStatus(normalizing: try CStringInput.string(status, field: "status"))
    } catch {
      return handle.fail(error)
    }
  }
  guard let change = change(handle, normalized) else { return handle.fail("no pin with number \(pin)") }
  do {
    try handle.apply([change])
    return handle.succeed()
  } catch {
    return handle.fail(error.description)
  }
}

@_cdecl("psg_cluster_index_children")
public func psg_cluster_index_children(
  _ index: OpaquePointer?, _ clusterId: UInt64, _ outItems: UnsafeMutablePointer<psg_cluster_item>?,
  _ rawCapacity: UInt, _ outCount: UnsafeMutablePointer<Int>?
) -> psg_status {
  let capacity = Int(size: rawCapacity)
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard let outCount else { return handle.fail("out_count is NULL") }
  guard capacity == 0 || outItems != nil else { return handle.fail("out_items is NULL with capacity > 0") }
  guard let cluster = handle.cluster(clusterId) else { return PSG_ERR_INVALID_ARGUMENT }
  let children = handle.clustered.index.children(of: cluster)
  outCount.pointee = children.count
  guard children.count <= capacity else {
    return handle.fail(
      PSG_ERR_BUFFER_TOO_SMALL, "buffer too small: \(children.count) children, capacity \(capacity)")
  }
  let pins = handle.clustered.pins
  for (k, child) in children.enumerated() {
    outItems![k] = cClusterItem(
      kind: child.cluster == nil ? .pin : .cluster, coordinate: child.coordinate,
      screen: (ScreenPoint(x: .nan, y: .nan), ScreenPoint(x: .nan, y: .nan)), cluster: child.cluster,
      position: child.position, pins: pins)
  }
  return handle.succeed()
}

@_cdecl("psg_cluster_result_reveal")
public func psg_cluster_result_reveal(
  _ result: OpaquePointer?, _ pin: UInt32, _ from: UnsafePointer<psg_camera_ex>?,
  _ outReveal: UnsafeMutablePointer<psg_pin_reveal>?
) -> psg_status {
  guard let handle = ClusterResultHandle.from(result), let outReveal, let camera = try? Camera.from(from),
    let position = pinPosition(number: pin, in: handle.index.pins),
    let reveal = handle.index.reveal(position: position, in: handle.result, from: camera)
  else { return PSG_ERR_INVALID_ARGUMENT }
  outReveal.pointee = psg_pin_reveal(
    item: Int64(reveal.item ?? -1), level: Int32(reveal.level), shown_alone: reveal.isShownAlone ? 1 : 0,
    camera: psg_camera_ex(reveal.camera))
  return PSG_OK
}
