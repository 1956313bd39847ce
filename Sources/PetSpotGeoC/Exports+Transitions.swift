// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>): transitions between two
// cluster results (API 0.3).
import CPetSpotGeo
import PetSpotGeo

/// What a `psg_cluster_transitions *` points to: the transitions, their item indices in one
/// buffer whose address stays put until the handle is destroyed (C reads them through pointers).
final class TransitionsHandle: CHandle {
  let kinds: [Int32]
  /// Transition k's old items are `indices[from[k]]`, its new ones `indices[to[k]]`.
  let from: [Range<Int>]
  let to: [Range<Int>]
  let indices: UnsafeMutableBufferPointer<UInt32>

  init(_ transitions: [ClusterTransition]) {
    var flat: [UInt32] = []
    var from: [Range<Int>] = []
    var to: [Range<Int>] = []
    for t in transitions {
      let start = flat.count
      flat += t.from.map { UInt32(truncatingIfNeeded: $0) }
      from.append(start..<flat.count)
      flat += t.to.map { UInt32(truncatingIfNeeded: $0) }
      to.append(from.last!.upperBound..<flat.count)
    }
    kinds = transitions.map { Self.code($0.kind) }
    (self.from, self.to) = (from, to)
    indices = .allocate(capacity: max(flat.count, 1))
    _ = indices.initialize(from: flat)
  }

  deinit { indices.deallocate() }

  static func code(_ kind: ClusterTransition.Kind) -> Int32 {
    switch kind {
    case .stay: PSG_TRANSITION_STAY
    case .split: PSG_TRANSITION_SPLIT
    case .merge: PSG_TRANSITION_MERGE
    case .regroup: PSG_TRANSITION_REGROUP
    case .appear: PSG_TRANSITION_APPEAR
    case .disappear: PSG_TRANSITION_DISAPPEAR
    }
  }
}

@_cdecl("psg_cluster_result_transitions")
public func psg_cluster_result_transitions(
  _ oldResult: OpaquePointer?, _ newResult: OpaquePointer?, _ outTransitions: UnsafeMutablePointer<OpaquePointer?>?
) -> psg_status {
  guard let outTransitions, let new = ClusterResultHandle.from(newResult) else { return PSG_ERR_INVALID_ARGUMENT }
  let transitions: [ClusterTransition]
  if let old = ClusterResultHandle.from(oldResult) {
    transitions = new.index.transitions(from: old.result, of: old.index, to: new.result)
  } else {
    transitions = new.result.items.indices.map { ClusterTransition(kind: .appear, from: [], to: [$0]) }
  }
  outTransitions.pointee = TransitionsHandle(transitions).retainedPointer
  return PSG_OK
}

@_cdecl("psg_cluster_transitions_count")
public func psg_cluster_transitions_count(_ transitions: OpaquePointer?) -> Int {
  TransitionsHandle.from(transitions)?.kinds.count ?? 0
}

@_cdecl("psg_cluster_transitions_get")
public func psg_cluster_transitions_get(
  _ transitions: OpaquePointer?, _ rawIndex: UInt, _ outTransition: UnsafeMutablePointer<psg_cluster_transition>?
) -> psg_status {
  let k = Int(size: rawIndex)
  guard let handle = TransitionsHandle.from(transitions), let outTransition, handle.kinds.indices.contains(k) else {
    return PSG_ERR_INVALID_ARGUMENT
  }
  let base = UnsafePointer(handle.indices.baseAddress!)
  outTransition.pointee = psg_cluster_transition(
    kind: handle.kinds[k], from_count: UInt32(handle.from[k].count), to_count: UInt32(handle.to[k].count),
    from: base + handle.from[k].lowerBound, to: base + handle.to[k].lowerBound)
  return PSG_OK
}

@_cdecl("psg_cluster_transitions_destroy")
public func psg_cluster_transitions_destroy(_ transitions: OpaquePointer?) {
  TransitionsHandle.release(transitions)
}
