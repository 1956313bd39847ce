import Foundation
import PetSpotCore
import PetSpotGeo
import PetSpotTestSupport
import Testing

@Suite("Clustering: real pins and incremental changes")
struct ClusteredPinsTests {
  static let placesPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Data/geonames-places.csv").path

  @Test("GeoNames places with jitter and shelters: the invariants over a thousand cameras")
  func realPins() throws {
    let places = try PinGenerator.Place.load(path: Self.placesPath)
    let pins = PinGenerator(kind: .skewed(places: places), seed: 2026).pinSet(count: 10_000, shelters: 12)
    var random = SeededRandom(seed: 0x6E0)
    for options in [ClusterOptions(), ClusterOptions(minSeparation: 60, maxZoom: 16)] {
      let index = try ClusterIndex(pins: pins, options: options)
      for k in 0..<500 {
        let camera: Camera
        if k % 2 == 0 {
          camera = random.camera(CameraKind.allCases[k / 2 % CameraKind.allCases.count])
        } else {  // centred on a pin, any zoom: where the pins are
          let pin = Int(random.next() % UInt64(pins.count))
          let zoom = random.uniform(-1...21)
          camera = try Camera(
            center: pins.coordinate(at: pin), latitudeDelta: 1e-9, longitudeDelta: 360 * 390 / (256 * pow(2, zoom)),
            width: 390,
            height: 844, heading: random.uniform(0...360))
        }
        let problems = ClusterInvariants.check(index, camera: camera).problems
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
      }
    }
  }

  /// The pins a model list describes, in order (what a fresh build would get).
  static func pinSet(_ model: [(id: String, lat: Double, lng: Double, status: PinStatus?)]) -> PinSet {
    var pins = PinSet()
    for (i, pin) in model.enumerated() {
      try! pins.append(id: pin.id, latitude: pin.lat, longitude: pin.lng, status: pin.status, sourceRow: i)
    }
    return pins
  }

  @Test("after random inserts, removes and updates, queries equal a fresh build", arguments: 0..<4)
  func incrementalEqualsFresh(seed: UInt64) throws {
    var random = SeededRandom(seed: 0x1AC + seed)
    let options = ClusterOptions(minSeparation: [44, 60, 20, 90][Int(seed)], maxZoom: 12 + Int(seed))
    var model: [(id: String, lat: Double, lng: Double, status: PinStatus?)] = []
    func randomPin() -> (Double, Double) {
      random.next() % 3 == 0
        ? (random.uniform(-85...85), random.uniform(-180...180))
        : (48.85 + random.uniform(-0.05...0.05), 2.35 + random.uniform(-0.05...0.05))
    }
    for i in 0..<300 {
      let (lat, lng) = randomPin()
      model.append(("p\(i)", lat, lng, i % 2 == 0 ? .missing : .found))
    }
    var clustered = try ClusteredPins(pins: Self.pinSet(model), options: options)
    var serial = 300
    for step in 0..<60 {
      var changes: [ClusteredPins.Change] = []
      for _ in 0..<(1 + Int(random.next() % 3)) {
        switch random.next() % 3 {
        case 0:
          let (lat, lng) = randomPin()
          serial += 1
          changes.append(
            .insert(id: "p\(serial)", coordinate: GeoCoordinate(latitude: lat, longitude: lng), status: .missing))
          model.append(("p\(serial)", lat, lng, .missing))
        case 1 where !model.isEmpty:
          let k = Int(random.next() % UInt64(model.count))
          changes.append(.remove(id: model[k].id))
          model.remove(at: k)
        case 2 where !model.isEmpty:
          let k = Int(random.next() % UInt64(model.count))
          let (lat, lng) = randomPin()
          changes.append(
            .update(id: model[k].id, coordinate: GeoCoordinate(latitude: lat, longitude: lng), status: .found))
          model[k] = (model[k].id, lat, lng, .found)
        default: break
        }
      }
      if step % 2 == 0 {
        try clustered.apply(changes)
      } else {
        for change in changes { try clustered.apply([change]) }
      }
      let fresh = try ClusterIndex(pins: Self.pinSet(model), options: options)
      Self.expectSameHierarchy(clustered.index, fresh, "step \(step)")
      #expect(clustered.count == model.count)
      for _ in 0..<10 {
        let rect = VisibleRectangle(camera: random.camera(random.next() % 2 == 0 ? .city : .continent))
        let a = clustered.index.items(in: rect)
        let b = fresh.items(in: rect)
        #expect(a.items.count == b.items.count, "step \(step)")
        for (x, y) in zip(a.items, b.items) {
          #expect(x.kind == y.kind && x.point == y.point && x.cluster?.idHash == y.cluster?.idHash, "step \(step)")
          #expect(
            ClusterOutput.id(of: x, index: clustered.index) == ClusterOutput.id(of: y, index: fresh), "step \(step)")
        }
      }
    }
    // Refused changes leave everything as it was (checked before anything is applied).
    let before = clustered.pins.count
    let structure = clustered.index.structureDescription()
    #expect(throws: ClusteredPins.ChangeError.self) {
      try clustered.apply([
        .insert(id: "new", coordinate: GeoCoordinate(latitude: 1, longitude: 1), status: nil),
        .remove(id: "missing-id"),
      ])
    }
    #expect(throws: ClusteredPins.ChangeError.self) {
      try clustered.insert(id: "nan", latitude: .nan, longitude: 0, status: nil)
    }
    #expect(clustered.pins.count == before && clustered.pins.ids.position(of: "new") == nil)
    #expect(try clustered.remove(id: "never-there") == false)
    #expect(throws: ClusteredPins.ChangeError.self) {
      try clustered.apply([
        .insert(id: "x", coordinate: GeoCoordinate(latitude: 1, longitude: 1), status: nil),
        .insert(id: "x", coordinate: GeoCoordinate(latitude: 2, longitude: 1), status: nil),
      ])
    }
    #expect(throws: ClusteredPins.ChangeError.self) {
      try clustered.apply([
        .remove(id: model[0].id),
        .update(id: model[0].id, coordinate: GeoCoordinate(latitude: 2, longitude: 1), status: nil),
      ])
    }
    #expect(clustered.pins.count == before)
    #expect(clustered.index.structureDescription().elementsEqual(structure), "refused changes changed the hierarchy")
    // A removal then an insert of the same id in one list is fine.
    try clustered.apply([
      .remove(id: model[0].id),
      .insert(id: model[0].id, coordinate: GeoCoordinate(latitude: 3, longitude: 3), status: .found),
    ])
    #expect(clustered.count == model.count)
  }

  @Test("many removals: the retired places are compacted away, the hierarchy stays a fresh build's")
  func compaction() throws {
    let places = try PinGenerator.Place.load(path: Self.placesPath)
    let pins = PinGenerator(kind: .skewed(places: places), seed: 7).pinSet(count: 3_000, shelters: 3)
    var clustered = try ClusteredPins(pins: pins, options: ClusterOptions(minSeparation: 60, maxZoom: 16))
    var random = SeededRandom(seed: 0xC0)
    var survivors = Array(0..<pins.count)
    var sawCompaction = false
    for _ in 0..<1_600 {
      let k = Int(random.next() % UInt64(survivors.count))
      try clustered.apply([.remove(id: pins.ids[survivors.remove(at: k)])])
      sawCompaction = sawCompaction || clustered.index.retiredCount == 0
    }
    #expect(sawCompaction && clustered.pins.count < pins.count && clustered.count == survivors.count)
    var model = PinSet()
    for i in survivors {
      try model.append(
        id: pins.ids[i], latitude: pins.latitudes[i], longitude: pins.longitudes[i], status: pins.status(at: i),
        sourceRow: i)
    }
    Self.expectSameHierarchy(
      clustered.index, try ClusterIndex(pins: model, options: clustered.options), "after compaction")
  }

  /// Expects two indexes to hold the same hierarchy (``ClusterIndex/structureDescription()``),
  /// reporting a few differing lines (not the whole description).
  static func expectSameHierarchy(_ a: ClusterIndex, _ b: ClusterIndex, _ context: String) {
    let x = a.structureDescription()
    let y = b.structureDescription()
    if x != y { Issue.record("\(context): \(Set(x).symmetricDifference(y).sorted().prefix(6))") }
  }
}
