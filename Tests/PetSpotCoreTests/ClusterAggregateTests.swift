import PetSpotCore
import PetSpotTestSupport
import Testing

/// Aggregates beyond status counts: every item's value against brute force over its leaves, at
/// build, under every kind of change, across a two-part build; declarations and values checked.
@Suite("Clustering: aggregates equal brute force over the leaves")
struct ClusterAggregateTests {
  static let aggregates = ["species:counts", "score:min", "score:max", "seen:max", "seen:min"].map {
    try! ClusterAggregate(parsing: $0)
  }

  /// Random property values (some missing), with ties in score and dates in several spellings.
  static func values(_ random: inout SeededRandom) -> [(name: String, value: String?)] {
    let species = ["DOG", "CAT", "BIRD", "Rabbit", "ÉLAN", nil][Int(random.next() % 6)]
    let score = random.next() % 5 == 0 ? nil : ["1", "2.5", "-3", "1e1", "2.50", "7"][Int(random.next() % 6)]
    let day = 1 + Int(random.next() % 28)
    let seen: String? =
      switch random.next() % 5 {
      case 0: nil
      case 1: "2026-02-\(day < 10 ? "0" : "")\(day)"
      case 2: "2026-02-\(day < 10 ? "0" : "")\(day)T12:00:00Z"
      case 3: "2026-02-\(day < 10 ? "0" : "")\(day)T13:30+01:30"
      default: "2025-12-31T23:59:59.5Z"
      }
    return [("species", species), ("score", score), ("seen", seen)]
  }

  static func pins(_ random: inout SeededRandom, count: Int) throws -> PinSet {
    let spot = (random.uniform(-60...60), random.uniform(-180...180))
    var pins = PinSet()
    for i in 0..<count {
      let (lat, lng) = ClusterIncrementalTests.coordinate(&random, spot: spot)
      try pins.append(
        id: "p\(i)", latitude: lat, longitude: lng, status: [.missing, .found, nil][i % 3], sourceRow: i)
      for (name, value) in values(&random) {
        pins.setProperty(name, to: value, at: i)
      }
    }
    for name in ["species", "score", "seen"] { pins.declareProperty(name) }
    return pins
  }

  /// What aggregate `aggregate` should be over the pins `leaves`.
  static func bruteForce(_ aggregate: ClusterAggregate, leaves: [Int], pins: PinSet) -> AggregateValue {
    let texts = leaves.compactMap { pins.property(named: aggregate.property)!.value(at: $0) }
    switch aggregate.kind {
    case .counts:
      var counts: [String: Int] = [:]
      for text in texts { counts[text, default: 0] += 1 }
      return .counts(
        counts.map { CategoryCount(value: $0.key, count: $0.value) }.sorted {
          $0.value.utf8.lexicographicallyPrecedes($1.value.utf8)
        })
    case .min, .max:
      let kind: OrderedValueKind = aggregate.property == "seen" ? .date : .number
      let best = texts.min { a, b in
        let (ka, kb) = (kind.key(a)!, kind.key(b)!)
        if ka != kb { return aggregate.kind == .min ? ka < kb : ka > kb }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
      }
      return kind == .date ? .date(best) : .number(best.map { kind.key($0)! })
    }
  }

  /// Checks every item of a query at each kind of camera (and at maxZoom, where spiders are).
  static func expectExact(_ index: ClusterIndex, _ random: inout SeededRandom, _ context: String) {
    var cameras = [CameraKind.city, .country, .continent, .antimeridian, .wholeWorld, .tiny].map { random.camera($0) }
    if let deep = random.camera(onPinOf: index.pins, zooms: Double(index.options.maxZoom)...23) { cameras.append(deep) }
    for camera in cameras {
      let result = index.items(in: VisibleRectangle(camera: camera))
      for item in result.items {
        let leaves = item.cluster.map { index.leaves(of: $0) } ?? [item.position]
        for (k, aggregate) in index.options.aggregates.enumerated() {
          let expected = bruteForce(aggregate, leaves: leaves, pins: index.pins)
          let actual = index.aggregate(k, of: item)
          #expect(actual == expected, "\(context): \(aggregate) of \(item.kind) (\(leaves.count) leaves)")
        }
      }
    }
  }

  @Test("at build: every item of random queries", arguments: 0..<6)
  func atBuild(round: Int) throws {
    var random = SeededRandom(seed: 0xA66 + UInt64(round))
    let pins = try Self.pins(&random, count: 300 + 400 * round)
    let options = ClusterOptions(
      minSeparation: [44, 60, 20, 300, 5, 44][round], maxZoom: [16, 12, 20, 6, 22, 0][round],
      aggregates: Self.aggregates)
    let index = try ClusterIndex(pins: pins, options: options)
    Self.expectExact(index, &random, "round \(round)")
  }

  @Test("under inserts, removes, updates and property changes: brute force and a fresh build", arguments: 0..<4)
  func underChanges(round: Int) throws {
    var random = SeededRandom(seed: 0xA67 + UInt64(round))
    let options = ClusterOptions(
      minSeparation: [44, 120, 20, 44][round], maxZoom: [16, 8, 20, 3][round], aggregates: Self.aggregates)
    var index = try ClusterIndex(pins: try Self.pins(&random, count: 250), options: options)
    let spot = (index.pins.latitudes[0], index.pins.longitudes[0])
    var serial = index.pins.count
    for step in 0..<120 {
      let live = (0..<index.pins.count).filter { !index.pins.isRetired($0) }
      let target = live.isEmpty ? nil : live[Int(random.next() % UInt64(live.count))]
      switch (random.next() % 4, target) {
      case (0, let pin?): index.remove(at: pin)
      case (1, let pin?):
        let (lat, lng) = ClusterIncrementalTests.coordinate(&random, spot: spot)
        try index.update(at: pin, latitude: lat, longitude: lng, status: .closed)
      case (2, let pin?):
        for (name, value) in Self.values(&random) where random.next() % 2 == 0 {
          try index.setProperty(name, to: value, at: pin)
        }
      default:
        let (lat, lng) = ClusterIncrementalTests.coordinate(&random, spot: spot)
        let pin = try index.insert(id: "n\(serial)", latitude: lat, longitude: lng, status: nil, sourceRow: serial)
        for (name, value) in Self.values(&random) { try index.setProperty(name, to: value, at: pin) }
        serial += 1
      }
      if step % 10 == 9 {
        Self.expectExact(index, &random, "round \(round) step \(step)")
        let fresh = try ClusterIndex(pins: index.pins.withoutRetired(), options: options)
        let camera = random.camera(.continent)
        let a = index.items(in: VisibleRectangle(camera: camera)).items
        let b = fresh.items(in: VisibleRectangle(camera: camera)).items
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
          #expect(
            options.aggregates.indices.map { index.aggregate($0, of: x) }
              == options.aggregates.indices.map { fresh.aggregate($0, of: y) }, "round \(round) step \(step)")
        }
      }
    }
  }

  @Test("a two-part build keeps the same aggregates as a one-part build")
  func twoParts() throws {
    var random = SeededRandom(seed: 0xA68)
    let pins = try Self.pins(&random, count: 6000)
    let options = ClusterOptions(minSeparation: 44, maxZoom: 14, aggregates: Self.aggregates)
    let one = try ClusterIndex(pins: pins, options: options, parts: 1)
    let two = try ClusterIndex(pins: pins, options: options, parts: 2)
    for kind in [CameraKind.city, .country, .continent, .wholeWorld] {
      let camera = random.camera(kind)
      let a = one.items(in: VisibleRectangle(camera: camera)).items
      let b = two.items(in: VisibleRectangle(camera: camera)).items
      #expect(
        a.map { "\($0.kind) \($0.point) \($0.position) \($0.cluster?.id ?? "")" }
          == b.map { "\($0.kind) \($0.point) \($0.position) \($0.cluster?.id ?? "")" })
      for (x, y) in zip(a, b) {
        #expect(
          options.aggregates.indices.map { one.aggregate($0, of: x) }
            == options.aggregates.indices.map { two.aggregate($0, of: y) })
      }
    }
    Self.expectExact(two, &random, "two parts")
  }

  @Test("declarations and values are checked; a refused value changes nothing")
  func validation() throws {
    for bad in ["species", "species:avg", ":counts", "species:COUNTS"] {
      #expect(throws: InvalidInput.self, "\(bad)") { try ClusterAggregate(parsing: bad) }
    }
    #expect(try ClusterAggregate(parsing: "a:b:max") == ClusterAggregate(property: "a:b", kind: .max))
    var pins = PinSet()
    for i in 0..<3 { try pins.append(id: "p\(i)", latitude: 1, longitude: Double(i), status: nil, sourceRow: i) }
    pins.setProperty("note", to: "yesterday", at: 0)
    pins.setProperty("n", to: "5", at: 1)
    func error(_ options: ClusterOptions) -> String? {
      do {
        _ = try ClusterIndex(pins: pins, options: options)
        return nil
      } catch { return error.message }
    }
    let missing = error(ClusterOptions(aggregates: [ClusterAggregate(property: "age", kind: .max)]))
    #expect(missing == "aggregate age:max: the pins carry no property 'age'")
    let text = error(ClusterOptions(aggregates: [ClusterAggregate(property: "note", kind: .min)]))
    #expect(text == "aggregate note:min: values must be numbers or ISO 8601 dates; 'yesterday' is not")
    let twice = error(
      ClusterOptions(
        aggregates: [ClusterAggregate(property: "n", kind: .min)] + [ClusterAggregate(property: "n", kind: .min)]))
    #expect(twice == "aggregate n:min is declared twice")
    var many = pins
    for i in 0...ClusterAggregate.maxCategories { many.setProperty("tag", to: "t\(i)", at: i % 3) }
    #expect(
      (try? ClusterIndex(
        pins: many, options: ClusterOptions(aggregates: [ClusterAggregate(property: "tag", kind: .counts)])))
        == nil)

    var index = try ClusterIndex(
      pins: pins, options: ClusterOptions(aggregates: [ClusterAggregate(property: "n", kind: .max)]))
    let before = index.aggregate(0, ofPin: 1)
    #expect(before == .number(5))
    #expect(throws: InvalidInput.self) { try index.setProperty("n", to: "2026-01-01", at: 1) }
    #expect(index.aggregate(0, ofPin: 1) == before && index.pins.property(named: "n")?.value(at: 1) == "5")
    try index.setProperty("n", to: "6.5", at: 1)
    #expect(index.aggregate(0, ofPin: 1) == .number(6.5))
    try index.setProperty("n", to: nil, at: 1)
    #expect(index.aggregate(0, ofPin: 1) == .number(nil))
  }

  @Test("numbers and dates are ordered by value, not by text")
  func orderedValues() {
    #expect(OrderedValueKind.of("12") == .number && OrderedValueKind.of("-1.5e3") == .number)
    #expect(OrderedValueKind.of("2026-11-20") == .date && OrderedValueKind.of("2026-11-20T10:00:00.25Z") == .date)
    for notOne in [
      "nan", "inf", "0x10", "", " 1", "2026-02-30", "2025-02-29", "2026-13-01", "2026-11-20T24:00",
      "2026-11-20T10:00+1", "2026-11-20Z", "yesterday",
    ] {
      #expect(OrderedValueKind.of(notOne) == nil, "\(notOne)")
    }
    #expect(OrderedValueKind.date.key("1970-01-01") == 0)
    #expect(OrderedValueKind.date.key("2024-02-29") == Double(19_782 * 86_400))
    #expect(OrderedValueKind.date.key("2026-11-20T10:00+02:00") == OrderedValueKind.date.key("2026-11-20T08:00:00Z"))
    #expect(
      OrderedValueKind.date.key("2026-11-20T08:00:00.5Z")! - OrderedValueKind.date.key("2026-11-20T08:00Z")! == 0.5)
    #expect(OrderedValueKind.date.key("1969-12-31T23:00-01:00") == 0)
    #expect(OrderedValueKind.number.key("10")! > OrderedValueKind.number.key("9")!)
  }
}
