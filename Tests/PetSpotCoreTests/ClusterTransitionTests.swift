import PetSpotCore
import PetSpotTestSupport
import Testing

/// Transitions between two results: every item in exactly one transition, groups equal to the
/// connected components of "shares a pin" computed from the items' leaves, kinds by their shape.
@Suite("Cluster transitions: every item once, groups as brute force over the leaves finds them")
struct ClusterTransitionTests {
  /// The transitions brute force gives: components of the "shares a leaf" relation, as sets.
  static func reference(
    old: ClusterResult, oldIndex: ClusterIndex, new: ClusterResult, newIndex: ClusterIndex
  ) -> Set<[[Int]]> {
    func leafIds(_ item: ClusterItem, _ index: ClusterIndex) -> Set<String> {
      Set((item.cluster.map { index.leaves(of: $0) } ?? [item.position]).map { index.pins.ids[$0] })
    }
    let oldLeaves = old.items.map { leafIds($0, oldIndex) }
    let newLeaves = new.items.map { leafIds($0, newIndex) }
    var components: [([Int], [Int])] = []
    var seenOld = Set<Int>()
    var seenNew = Set<Int>()
    for start in 0..<(old.items.count + new.items.count) {
      let isOld = start < old.items.count
      let index = isOld ? start : start - old.items.count
      if isOld ? seenOld.contains(index) : seenNew.contains(index) { continue }
      var stack = [(isOld, index)]
      var component: ([Int], [Int]) = ([], [])
      if isOld { seenOld.insert(index) } else { seenNew.insert(index) }
      while let (o, k) = stack.popLast() {
        if o {
          component.0.append(k)
          for j in new.items.indices where !seenNew.contains(j) && !oldLeaves[k].isDisjoint(with: newLeaves[j]) {
            seenNew.insert(j)
            stack.append((false, j))
          }
        } else {
          component.1.append(k)
          for i in old.items.indices where !seenOld.contains(i) && !newLeaves[k].isDisjoint(with: oldLeaves[i]) {
            seenOld.insert(i)
            stack.append((true, i))
          }
        }
      }
      components.append((component.0.sorted(), component.1.sorted()))
    }
    return Set(components.map { [$0.0, $0.1] })
  }

  static func checkShape(_ transitions: [ClusterTransition], old: ClusterResult, new: ClusterResult) {
    let froms = transitions.flatMap { Array($0.from) }
    let tos = transitions.flatMap { Array($0.to) }
    #expect(froms.sorted() == Array(old.items.indices), "every old item exactly once")
    #expect(tos.sorted() == Array(new.items.indices), "every new item exactly once")
    for t in transitions {
      #expect(Array(t.from) == t.from.sorted() && Array(t.to) == t.to.sorted())
      switch t.kind {
      case .appear: #expect(t.from.isEmpty && t.to.count == 1, "an appearing group is one new item")
      case .disappear: #expect(t.to.isEmpty && t.from.count == 1)
      case .stay:
        #expect(t.from.count == 1 && t.to.count == 1)
        let (a, b) = (old.items[t.from[0]], new.items[t.to[0]])
        #expect(a.cluster?.idHash == b.cluster?.idHash, "stay keeps the id")
      case .split: #expect(t.from.count == 1 && !t.to.isEmpty)
      case .merge: #expect(t.to.count == 1 && !t.from.isEmpty)
      case .regroup: #expect(t.from.count >= 2 && t.to.count >= 2)
      }
      guard t.from.count == 1 && t.to.count == 1 else { continue }
      let (a, b) = (old.items[t.from[0]], new.items[t.to[0]])
      let expected: ClusterTransition.Kind =
        a.cluster?.idHash == b.cluster?.idHash
        ? .stay : (b.cluster?.count ?? 1) < (a.cluster?.count ?? 1) ? .split : .merge
      #expect(
        t.kind == expected,
        "one old item to one new one: stay when it keeps its id (or pin), else split when the new one holds fewer pins, merge otherwise"
      )
    }
  }

  static func index(seed: UInt64) throws -> ClusterIndex {
    var random = SeededRandom(seed: seed)
    var pins = random.pinSet(count: 1_500)
    // Paris, and a town on each side of the antimeridian.
    for (t, center) in [(48.8566, 2.3522), (64.1, 179.85), (64.1, -179.85)].enumerated() {
      let town = try random.town(count: 400, center: center, radius: (0.2, 0.1), prefix: "t\(t)-")
      for k in 0..<town.count {
        let c = town.coordinate(at: k)
        try pins.append(
          id: town.ids[k], latitude: c.latitude, longitude: c.longitude, status: .missing, sourceRow: pins.count)
      }
    }
    return try ClusterIndex(pins: pins, options: ClusterOptions(minSeparation: 44, maxZoom: 14))
  }

  /// Pairs of cameras a user makes: zoom in and out by up to 3 levels, pan, rotate, tilt.
  static func next(after camera: Camera, _ random: inout SeededRandom) -> Camera {
    let factor = Double.exp2(random.uniform(-3...3))
    let c = camera.center
    let pan = random.uniform(-0.5...0.5) * camera.longitudeDelta
    return
      (try? Camera(
        center: GeoCoordinate(
          latitude: min(max(c.latitude + random.uniform(-0.3...0.3) * camera.latitudeDelta, -80), 80),
          longitude: c.longitude + pan),
        latitudeDelta: min(camera.latitudeDelta * factor, 170),
        longitudeDelta: min(camera.longitudeDelta * factor, 720),
        width: camera.width, height: camera.height, heading: random.next() % 3 == 0 ? random.uniform(0...360) : 0,
        pitch: random.next() % 4 == 0 ? random.uniform(0...60) : 0)) ?? camera
  }

  @Test("same index: random camera sequences over Paris, the antimeridian and the world", arguments: [0, 1, 2])
  func sameIndex(start: Int) throws {
    let index = try Self.index(seed: 71)
    var random = SeededRandom(seed: 72 + UInt64(start))
    let centers = [(48.8566, 2.3522, 1.0), (64.1, -179.95, 2.0), (20.0, 0.0, 200.0)]
    let (lat, lng, span) = centers[start]
    var camera = try Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: span, longitudeDelta: span, width: 390,
      height: 844)
    var previous = index.items(in: CameraView(camera))
    var kinds = Set<ClusterTransition.Kind>()
    for step in 0..<40 {
      camera = Self.next(after: camera, &random)
      let result = index.items(in: CameraView(camera))
      let transitions = index.transitions(from: previous, of: index, to: result)
      Self.checkShape(transitions, old: previous, new: result)
      let groups = Set(transitions.map { [Array($0.from), Array($0.to)] })
      #expect(
        groups == Self.reference(old: previous, oldIndex: index, new: result, newIndex: index),
        "step \(step): groups differ from the leaves' components")
      kinds.formUnion(transitions.map(\.kind))
      previous = result
    }
    #expect(kinds.isSuperset(of: [.stay, .split, .merge, .appear, .disappear]), "\(kinds)")
  }

  @Test("the same result twice: every item stays")
  func identity() throws {
    let index = try Self.index(seed: 73)
    let camera = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 1, longitudeDelta: 1, width: 390,
      height: 844)
    let result = index.items(in: CameraView(camera))
    let transitions = index.transitions(from: result, of: index, to: result)
    #expect(transitions.count == result.items.count && transitions.allSatisfy { $0.kind == .stay && $0.from == $0.to })
    #expect(transitions.map { $0.to[0] } == Array(result.items.indices), "in the order of the new items")
    var empty = result
    empty.items = []
    #expect(index.transitions(from: empty, of: index, to: result).allSatisfy { $0.kind == .appear })
    #expect(index.transitions(from: result, of: index, to: empty).allSatisfy { $0.kind == .disappear })
    #expect(index.transitions(from: empty, of: index, to: empty).isEmpty, "no items: no transitions")
  }

  @Test("an index made filterable beside its plain copy: the same transitions as from a separate build")
  func filterableCopy() throws {
    // `makeFilterable` keeps the cluster records: the copy shares them with the plain index, but
    // not its category runs, so the filter is judged by the drawn pins found, as across builds.
    let plain = try Self.index(seed: 76)
    let separate = try Self.index(seed: 76)
    var filterable = plain
    try filterable.makeFilterable()
    let filtered = try filterable.filtered(by: ClusterFilter(clauses: ["status=FOUND,CLOSED"]))
    var random = SeededRandom(seed: 77)
    var camera = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 1, longitudeDelta: 1, width: 390,
      height: 844)
    for step in 0..<60 {
      let (old, oldSeparate) = (plain.items(in: CameraView(camera)), separate.items(in: CameraView(camera)))
      camera = Self.next(after: camera, &random)
      let new = filtered.items(in: CameraView(camera))
      let transitions = filtered.transitions(from: old, of: plain, to: new)
      Self.checkShape(transitions, old: old, new: new)
      #expect(
        transitions == filtered.transitions(from: oldSeparate, of: separate, to: new),
        "step \(step): sharing the cluster records changed the transitions")
    }
  }

  @Test("pins inserted and removed between the two results: every item once, related items share a pin")
  func changedPins() throws {
    var index = try Self.index(seed: 74)
    var random = SeededRandom(seed: 75)
    let camera = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 0.8, longitudeDelta: 0.8,
      width: 390, height: 844)
    for round in 0..<10 {
      let before = index
      let old = before.items(in: CameraView(camera))
      for k in 0..<20 {
        try index.insert(
          id: "new-\(round)-\(k)", latitude: 48.8566 + random.uniform(-0.3...0.3),
          longitude: 2.3522 + random.uniform(-0.3...0.3), status: .found, sourceRow: index.pins.count)
        if let at = index.pins.ids.position(of: "t0-\(round * 20 + k)") { index.remove(at: at) }
      }
      let after = index
      let new = after.items(in: CameraView(camera))
      let transitions = after.transitions(from: old, of: before, to: new)
      Self.checkShape(transitions, old: old, new: new)
      // Sound: the items a transition relates are connected through shared pins (by id).
      let exact = Self.reference(old: old, oldIndex: before, new: new, newIndex: after)
      for t in transitions where !t.from.isEmpty && !t.to.isEmpty {
        #expect(
          exact.contains {
            $0[0].count >= t.from.count && Set(t.from).isSubset(of: $0[0]) && Set(t.to).isSubset(of: $0[1])
          },
          "round \(round): \(t) relates items sharing no pin")
      }
    }
  }
}
