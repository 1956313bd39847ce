// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>): pin properties and the
// aggregates clusters keep over them (API 0.3).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_pins_set_property")
public func psg_pins_set_property(
  _ pins: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ values: UnsafePointer<UnsafePointer<CChar>?>?,
  _ rawCount: UInt
) -> psg_status {
  guard let handle = PinsHandle.from(pins) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  let rows = handle.pins.count + handle.pins.invalidCount
  guard let name else { return handle.fail("name is NULL") }
  guard Int(size: rawCount) == rows else {
    return handle.fail("count is \(rawCount); one value per row the pins were created from (\(rows)) is needed")
  }
  if rows > 0 && values == nil { return handle.fail("values is NULL") }
  do throws(InvalidInput) {
    let property = try CStringInput.string(name, field: "name")
    guard !property.isEmpty else { return handle.fail("name is empty") }
    var column = PropertyColumn(name: property)
    for at in 0..<handle.pins.count {
      let row = Int(handle.pins.sourceRows[at])
      column.setValue(
        try values![row].map { v throws(InvalidInput) in try CStringInput.string(v, field: "values[\(row)]") }, at: at)
    }
    handle.pins.setProperty(column)
    return handle.succeed()
  } catch {
    return handle.fail(error)
  }
}

@_cdecl("psg_cluster_index_create_ex")
public func psg_cluster_index_create_ex(
  _ pins: OpaquePointer?, _ options: UnsafePointer<psg_cluster_options>?,
  _ aggregates: UnsafePointer<UnsafePointer<CChar>?>?, _ rawAggregateCount: UInt,
  _ outIndex: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard let pinsHandle = PinsHandle.from(pins) else { return PSG_ERR_INVALID_ARGUMENT }
  let count = Int(size: rawAggregateCount)
  var declared: [ClusterAggregate] = []
  do throws(InvalidInput) {
    if count > 0 && aggregates == nil { return pinsHandle.fail("aggregates is NULL") }
    for k in 0..<count {
      guard let text = aggregates![k] else { return pinsHandle.fail("aggregates[\(k)] is NULL") }
      declared.append(try ClusterAggregate(parsing: try CStringInput.string(text, field: "aggregates[\(k)]")))
    }
  } catch {
    return pinsHandle.fail(error)
  }
  return createClusterIndex(pinsHandle, options, aggregates: declared, outIndex)
}

@_cdecl("psg_cluster_index_set_property")
public func psg_cluster_index_set_property(
  _ index: OpaquePointer?, _ pin: UInt32, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> psg_status {
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  guard let name else { return handle.fail("name is NULL") }
  do throws(InvalidInput) {
    let property = try CStringInput.string(name, field: "name")
    let text = try value.map { v throws(InvalidInput) in try CStringInput.string(v, field: "value") }
    guard let id = handle.id(ofNumber: pin) else { return handle.fail("no pin with number \(pin)") }
    try handle.clustered.setProperty(property, to: text, id: id)
    return handle.succeed()
  } catch {
    return handle.fail(error)
  }
}

@_cdecl("psg_cluster_result_aggregate")
public func psg_cluster_result_aggregate(
  _ result: OpaquePointer?, _ rawItem: UInt, _ rawAggregate: UInt, _ outJSON: UnsafeMutablePointer<CChar>?,
  _ rawCapacity: UInt, _ outLength: UnsafeMutablePointer<Int>?
) -> psg_status {
  let (item, aggregate, capacity) = (Int(size: rawItem), Int(size: rawAggregate), Int(size: rawCapacity))
  guard let handle = ClusterResultHandle.from(result), let outLength, handle.result.items.indices.contains(item),
    handle.index.options.aggregates.indices.contains(aggregate)
  else { return PSG_ERR_INVALID_ARGUMENT }
  var json = ""
  ClusterOutput.writeAggregateValue(handle.index.aggregate(aggregate, of: handle.result.items[item]), to: &json)
  return copyText(json, to: outJSON, capacity: capacity, length: outLength)
}
