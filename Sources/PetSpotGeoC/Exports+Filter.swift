// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>): filters at query time
// (API 0.3).
import CPetSpotGeo
import PetSpotGeo

@_cdecl("psg_cluster_index_set_filter")
public func psg_cluster_index_set_filter(
  _ index: OpaquePointer?, _ clauses: UnsafePointer<UnsafePointer<CChar>?>?, _ rawCount: UInt
) -> psg_status {
  guard let handle = ClusterIndexHandle.from(index) else { return PSG_ERR_INVALID_ARGUMENT }
  guard handle.gate.enter() else { return PSG_ERR_MISUSE }
  defer { handle.gate.leave() }
  let count = Int(size: rawCount)
  if count > 0 && clauses == nil { return handle.fail("clauses is NULL") }
  do throws(InvalidInput) {
    var filter = ClusterFilter()
    for k in 0..<count {
      guard let text = clauses![k] else { return handle.fail("clauses[\(k)] is NULL") }
      try filter.add(clause: try CStringInput.string(text, field: "clauses[\(k)]"))
    }
    try handle.setFilter(count == 0 ? nil : filter)
    return handle.succeed()
  } catch {
    return handle.fail(error)
  }
}
