import PetSpotCore
import PetSpotTestSupport
import Testing

/// Filters at query time: a filtered index keeps every clustering invariant for the pins it shows
/// (checked against brute force: the filter worked out from the pins' texts), its counts, ids and
/// aggregates are those of the shown leaves, and it needs no rebuild — also under changes.
@Suite("Clustering: filters at query time keep every invariant for the shown pins")
struct ClusterFilterTests {
  static let aggregates = ["species:counts", "score:min", "score:max", "seen:max"].map {
    try! ClusterAggregate(parsing: $0)
  }

  /// A random pin set of every awkward kind, with species, score and seen properties.
  static func pins(_ random: inout SeededRandom, count: Int) -> PinSet {
    var pins = random.pinSet(count: count)
    for i in 0..<pins.count {
      for (name, value) in ClusterAggregateTests.values(&random) { pins.setProperty(name, to: value, at: i) }
    }
    for name in ["species", "score", "seen"] { pins.declareProperty(name) }
    return pins
  }

  /// A random filter: some statuses (sometimes "no status"), some species (sometimes "no value"),
  /// or both.
  static func filter(_ random: inout SeededRandom) -> ClusterFilter {
    let statuses: [PinStatus?] = [.missing, .found, .closed, nil, .other("ADOPTED")]
    let species = ["DOG", "CAT", "BIRD", "Rabbit", "ÉLAN", "", "WOLF"]
    var filter = ClusterFilter()
    let shape = random.next() % 3
    if shape != 1 { filter.statuses = Set(statuses.filter { _ in random.next() % 2 == 0 }) }
    if shape != 0 { filter.values["species"] = Set(species.filter { _ in random.next() % 3 == 0 }) }
    return filter
  }

  static func options(_ random: inout SeededRandom) -> ClusterOptions {
    var options = ClusterPropertyTests.options(&random)
    options.aggregates = aggregates
    options.filterable = true
    return options
  }

  @Test("random filters at thousands of random cameras of every kind", arguments: CameraKind.allCases)
  func randomCameras(kind: CameraKind) throws {
    var random = SeededRandom(seed: 0xF117 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for round in 0..<4 {
      let pins = Self.pins(&random, count: 300 + 200 * round)
      let index = try ClusterIndex(pins: pins, options: Self.options(&random))
      for _ in 0..<6 {
        let filtered = try index.filtered(by: Self.filter(&random))
        for _ in 0..<12 {
          ClusterPropertyTests.check(filtered, camera: random.camera(kind), "filter \(filtered.filter!)")
        }
        ClusterAggregateTests.expectExact(filtered, &random, "filter \(filtered.filter!)")
      }
    }
  }

  @Test("random filters under tilted cameras", arguments: [CameraKind.city, .country, .antimeridian, .wholeWorld])
  func tilted(kind: CameraKind) throws {
    var random = SeededRandom(seed: 0xF118 &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    for round in 0..<3 {
      let index = try ClusterIndex(pins: Self.pins(&random, count: 400 + 300 * round), options: Self.options(&random))
      for _ in 0..<5 {
        let filtered = try index.filtered(by: Self.filter(&random))
        for _ in 0..<10 {
          let (_, problems) = TiltedClusterInvariants.check(filtered, camera: random.tiltedCamera(kind))
          #expect(problems.isEmpty, "filter \(filtered.filter!): \(problems.joined(separator: "\n"))")
        }
      }
    }
  }

  @Test("one category shown: a cluster's expansion zoom read from its run is where its shown leaves split")
  func expansionZoomOfOneCategory() throws {
    var random = SeededRandom(seed: 0xF11B)
    for round in 0..<3 {
      // Many pins on few spots (deep chains of one child holding a category) and some spread out.
      let index = try ClusterIndex(pins: Self.pins(&random, count: 600 + 400 * round), options: Self.options(&random))
      // (MISSING, FOUND or CLOSED with DOG or CAT is its own hierarchy's unfiltered query: no run is
      // read there; the others are one category of the hierarchy over every pin or a status's.)
      var checked = 0
      for status in [PinStatus.missing, .found, .closed, .other("ADOPTED"), nil] {
        for species in ["DOG", "CAT", ""] {
          let filtered = try index.filtered(by: ClusterFilter(statuses: [status], values: ["species": [species]]))
          let (mismatches, compared) = filtered.filteredExpansionZoomMismatches()
          #expect(mismatches.isEmpty, "round \(round) \(status) \(species)")
          checked += compared
        }
      }
      #expect(checked > 100)
      // Several categories shown: followed down the runs' holders.
      for _ in 0..<4 {
        let filtered = try index.filtered(by: Self.filter(&random))
        #expect(filtered.filteredExpansionZoomMismatches().mismatches.isEmpty, "round \(round) \(filtered.filter!)")
      }
    }
  }

  @Test(
    "the repair's shortcuts: merged items' counts, ids and zoom those of their nodes' summaries; a node at a hidden pin drawn whole keeps every shown leaf within twice the reseed radius"
  )
  func repairShortcuts() throws {
    var random = SeededRandom(seed: 0xF11D)
    var (compared, drawnWhole) = (0, 0)
    for round in 0..<3 {
      // Dense spots (nodes with wide leaf boxes at the query's level) and spread pins.
      let index = try ClusterIndex(pins: Self.pins(&random, count: 1_000 + 500 * round), options: Self.options(&random))
      for _ in 0..<6 {
        let filtered = try index.filtered(by: Self.filter(&random))
        for kind in [CameraKind.city, .country, .continent, .antimeridian, .rotated] {
          for _ in 0..<8 {
            let rectangle = VisibleRectangle(camera: random.camera(kind))
            let context = "round \(round), filter \(filtered.filter!)"
            let reaches = filtered.wholeFragmentReaches(in: rectangle)
            #expect(reaches.allSatisfy { $0 <= 2 * (1 + 1e-9) }, "\(context): \(reaches)")
            drawnWhole += reaches.count
            let result = filtered.items(in: rectangle)
            guard result.zoom >= 0 else { continue }  // (below zoom 0 the merge sets its own zoom)
            let check = filtered.mergedSummaryMismatches(in: result)
            #expect(check.mismatches.isEmpty, "\(context), items \(check.mismatches)")
            compared += check.compared
          }
        }
      }
    }
    #expect(compared > 100 && drawnWhole > 100)
  }

  @Test("a filter showing every pin gives the unfiltered items, ids and counts")
  func showingEverything() throws {
    var random = SeededRandom(seed: 0xF119)
    let index = try ClusterIndex(pins: Self.pins(&random, count: 1500), options: Self.options(&random))
    let everything = ClusterFilter(statuses: [.missing, .found, .closed, nil, .other("ADOPTED")])
    let all = try index.filtered(by: everything)
    #expect(try index.filtered(by: ClusterFilter()).filter == nil)
    for kind in CameraKind.allCases {
      for _ in 0..<5 {
        let camera = random.camera(kind)
        let a = index.items(in: CameraView(camera)).items
        let b = all.items(in: CameraView(camera)).items
        #expect(
          a.map { "\($0.kind) \($0.point) \($0.position) \($0.cluster?.id ?? "") \($0.cluster?.expansionZoom ?? 0)" }
            == b.map {
              "\($0.kind) \($0.point) \($0.position) \($0.cluster?.id ?? "") \($0.cluster?.expansionZoom ?? 0)"
            }, "\(kind)")
      }
    }
  }

  @Test("under inserts, removes, moves, status and property changes: exact without a rebuild", arguments: 0..<4)
  func underChanges(round: Int) throws {
    var random = SeededRandom(seed: 0xF11A + UInt64(round))
    var options = Self.options(&random)
    options.maxZoom = [16, 8, 20, 12][round]
    // Without a counts aggregate (the last round), the per-status hierarchies keep no category runs.
    if round == 3 { options.aggregates.removeAll { $0.kind == .counts } }
    // Changes made under a filter answered by the hierarchy over every pin, then under ones answered
    // by a status's own hierarchy (the other hierarchies follow the changes on the side).
    let filterUnderChanges = [
      ClusterFilter(statuses: [.missing, .closed], values: ["species": ["DOG", "CAT", ""]]),
      ClusterFilter(statuses: [.missing]), ClusterFilter(statuses: [.found], values: ["species": ["DOG", "CAT"]]),
      ClusterFilter(statuses: [.found]),
    ][round]
    var index = try ClusterIndex(pins: try ClusterAggregateTests.pins(&random, count: 250), options: options)
      .filtered(by: filterUnderChanges)
    let spot = (index.pins.latitudes[0], index.pins.longitudes[0])
    var serial = index.pins.count
    for step in 0..<150 {
      let live = (0..<index.pins.count).filter { !index.pins.isRetired($0) }
      let target = live.isEmpty ? nil : live[Int(random.next() % UInt64(live.count))]
      switch (random.next() % 5, target) {
      case (0, let pin?): index.remove(at: pin)
      case (1, let pin?):
        let (lat, lng) = ClusterIncrementalTests.coordinate(&random, spot: spot)
        try index.update(at: pin, latitude: lat, longitude: lng, status: [.closed, .found, nil][step % 3])
      case (2, let pin?):
        try index.update(
          at: pin, latitude: index.pins.latitudes[pin], longitude: index.pins.longitudes[pin],
          status: [.missing, .found, .other("ADOPTED")][step % 3])
      case (3, let pin?):
        for (name, value) in ClusterAggregateTests.values(&random) where random.next() % 2 == 0 {
          try index.setProperty(name, to: value, at: pin)
        }
      default:
        let (lat, lng) = ClusterIncrementalTests.coordinate(&random, spot: spot)
        let pin = try index.insert(
          id: "n\(serial)", latitude: lat, longitude: lng, status: .missing, sourceRow: serial)
        for (name, value) in ClusterAggregateTests.values(&random) { try index.setProperty(name, to: value, at: pin) }
        serial += 1
      }
      if step % 10 == 9 {
        for kind in [CameraKind.city, .country, .continent, .wholeWorld] {
          ClusterPropertyTests.check(index, camera: random.camera(kind), "round \(round) step \(step)")
        }
        ClusterAggregateTests.expectExact(index, &random, "round \(round) step \(step)")
        #expect(index.categoryRunBreaks() == [], "round \(round) step \(step)")
        #expect(index.marginalRunBreaks().breaks == [], "round \(round) step \(step)")
        #expect(index.categoryRunOrderBreaks().breaks == [], "round \(round) step \(step)")
        let foundCats = ClusterFilter(statuses: [.found], values: ["species": ["CAT"]])
        for filter in [ClusterFilter(statuses: [.missing, nil]), index.filter!] + (round == 3 ? [] : [foundCats]) {
          let single = try index.filtered(by: filter)
          let (mismatches, compared) = single.filteredExpansionZoomMismatches()
          #expect(
            mismatches.isEmpty && (compared > 0 || filter.values.isEmpty == false || filter.statuses?.count == 1),
            "round \(round) step \(step) \(filter)")
        }
        try Self.expectFilterHierarchiesFresh(index, camera: random.camera(.continent), "round \(round) step \(step)")
        // The same answers as a fresh filterable build over the same pins.
        let fresh = try ClusterIndex(pins: index.pins.withoutRetired(), options: options).filtered(by: index.filter)
        let camera = random.camera(.continent)
        let a = index.items(in: CameraView(camera)).items
        let b = fresh.items(in: CameraView(camera)).items
        #expect(
          a.map { "\($0.kind) \($0.point) \($0.cluster?.id ?? "") \($0.cluster?.count ?? 1)" }
            == b.map { "\($0.kind) \($0.point) \($0.cluster?.id ?? "") \($0.cluster?.count ?? 1)" },
          "round \(round) step \(step)")
      }
    }
  }

  @Test(
    "category runs: the bulk build gives every cluster the run filling it from its children gives, in every hierarchy",
    arguments: 0..<8)
  func bulkCategoryRuns(round: Int) throws {
    var random = SeededRandom(seed: 0xB01C + UInt64(round))
    var options = Self.options(&random)
    // Counts over one property or none (then only the hierarchy over every pin keeps runs, and
    // there are no value hierarchies).
    if round % 4 == 3 { options.aggregates.removeAll { $0.kind == .counts } }
    let pins = Self.pins(&random, count: [1, 60, 700, 3000][round % 4])
    let index = try ClusterIndex(pins: pins, options: options, parts: 1 + round % 2, releasingPagesFrom: 1 << 12)
    #expect(index.categoryRunBreaks() == [], "round \(round)")
    #expect(index.marginalRunBreaks().breaks == [], "round \(round)")
    #expect(index.categoryRunOrderBreaks().breaks == [], "round \(round)")
    // Per species value (at most maxFilterValues, the most common): one hierarchy over its pins and
    // one per status with it; those with a status keep no runs (their one counts property is fixed).
    let species = Set((0..<pins.count).compactMap { pins.property(named: "species")?.value(at: $0) })
    let valueNames = round % 4 == 3 ? [] : species.map { "species=\($0)" }
    #expect(valueNames.count <= 5, "round \(round)")
    let expectedNames =
      ["1", "2", "3", "all"] + valueNames + valueNames.flatMap { v in ["1 \(v)", "2 \(v)", "3 \(v)"] }
    #expect(index.hierarchyNames == expectedNames.sorted(), "round \(round)")
    #expect(
      index.hierarchiesKeepingCategoryRuns
        == (round % 4 == 3 ? ["all"] : (["1", "2", "3", "all"] + valueNames).sorted()),
      "round \(round)")
    // Filtered on one status, one value or both: answered by that scope's hierarchy, runs or not,
    // as a fresh build over its pins; a property without a counts aggregate is refused there too.
    try Self.expectFilterHierarchiesFresh(index, camera: random.camera(.continent), "round \(round)")
    if round % 4 == 3 {
      #expect(throws: InvalidInput.self) {
        try index.filtered(by: ClusterFilter(statuses: [.found], values: ["species": ["CAT"]]))
      }
    }
  }

  @Test(
    "marginal runs: a filter on statuses alone or on one property alone reads the marginal over it, whose entries are the categories' merged",
    arguments: 0..<4)
  func marginalRuns(round: Int) throws {
    var random = SeededRandom(seed: 0x3A26 + UInt64(round))
    var options = Self.options(&random)
    // Rounds 2 and 3: a second counts property (scores, as texts), so a second marginal over values.
    if round >= 2 { options.aggregates.append(try ClusterAggregate(parsing: "score:counts")) }
    var index = try ClusterIndex(pins: Self.pins(&random, count: [700, 2500, 900, 2000][round]), options: options)
    if round % 2 == 1 {
      // And after changes: removals, status and property changes.
      for position in stride(from: 5, to: index.pins.count, by: 11) { index.remove(at: position) }
      for position in stride(from: 2, to: index.pins.count, by: 13) where !index.pins.isRetired(position) {
        try index.update(
          at: position, latitude: index.pins.latitudes[position], longitude: index.pins.longitudes[position],
          status: [.missing, .closed, .other("ADOPTED")][position % 3])
        try index.setProperty("species", to: ["CAT", nil, "WOLF"][position % 3], at: position)
      }
    }
    let (breaks, compared) = index.marginalRunBreaks()
    #expect(breaks == [] && compared > 0, "round \(round)")
    #expect(index.categoryRunBreaks() == [], "round \(round)")
    let (orderBreaks, runsCompared) = index.categoryRunOrderBreaks()
    #expect(orderBreaks == [] && runsCompared > 0, "round \(round)")
    // Which runs each filter's queries read: a marginal exactly when it restricts statuses alone or
    // one property alone in the hierarchy answering it.
    var expected: [(ClusterFilter, String?)] = [
      (ClusterFilter(values: ["species": ["DOG", "CAT"]]), "species"),
      (ClusterFilter(values: ["species": ["BIRD", "", "Rabbit"]]), "species"),
      (ClusterFilter(statuses: [.missing, .found]), "status"),
      (ClusterFilter(statuses: [.other("ADOPTED")]), "status"),
      (ClusterFilter(statuses: [.missing, .found], values: ["species": ["DOG", "CAT"]]), "categories"),
      // Answered by FOUND's hierarchy, which keeps no marginals.
      (ClusterFilter(statuses: [.found], values: ["species": ["DOG", "CAT"]]), "categories"),
      // Answered by the cats' hierarchy as an unfiltered query.
      (ClusterFilter(values: ["species": ["CAT"]]), nil),
    ]
    if round >= 2 {
      let scores = Set((0..<index.pins.count).compactMap { index.pins.property(named: "score")?.value(at: $0) })
      let some = Set(scores.sorted().prefix(scores.count / 2))
      expected.append((ClusterFilter(values: ["score": some]), "score"))
      expected.append((ClusterFilter(values: ["score": some, "species": ["DOG", "CAT"]]), "categories"))
    }
    for (filter, reads) in expected {
      let filtered = try index.filtered(by: filter)
      #expect(filtered.filterReadRuns == reads, "round \(round) \(filter)")
      for kind in [CameraKind.city, .country, .continent, .antimeridian, .wholeWorld] {
        ClusterPropertyTests.check(filtered, camera: random.camera(kind), "round \(round) \(filter)")
      }
      ClusterAggregateTests.expectExact(filtered, &random, "round \(round) \(filter)")
      let (mismatches, _) = filtered.filteredExpansionZoomMismatches()
      #expect(mismatches.isEmpty, "round \(round) \(filter)")
    }
  }

  @Test("value hierarchies: the most common values get them, as many as asked; 0 keeps the statuses' only")
  func valueHierarchies() throws {
    var random = SeededRandom(seed: 0xF11C)
    var pins = random.pinSet(count: 900)
    // DOG on half the pins, CAT on a third, BIRD on the rest but 20, which have none.
    for i in 0..<pins.count where i >= 20 {
      pins.setProperty("species", to: i % 2 == 0 ? "DOG" : i % 3 == 0 ? "CAT" : "BIRD", at: i)
    }
    var options = ClusterOptions(aggregates: [try ClusterAggregate(parsing: "species:counts")], filterable: true)
    let statusNames = ["1", "2", "3", "all"]
    for (asked, values) in [(0, [String]()), (1, ["DOG"]), (2, ["DOG", "BIRD"]), (64, ["DOG", "BIRD", "CAT"])] {
      options.filterValueHierarchies = asked
      let index = try ClusterIndex(pins: pins, options: options)
      let valueNames = values.map { "species=\($0)" }
      let expected = statusNames + valueNames + valueNames.flatMap { v in ["1 \(v)", "2 \(v)", "3 \(v)"] }
      #expect(index.hierarchyNames == expected.sorted(), "\(asked)")
      try Self.expectFilterHierarchiesFresh(index, camera: random.camera(.continent), "\(asked)")
      // Made filterable later: the same hierarchies.
      var plain = options
      plain.filterable = false
      var later = try ClusterIndex(pins: pins, options: plain)
      try later.makeFilterable()
      #expect(later.hierarchyNames == expected.sorted(), "\(asked)")
    }
    for bad in [-1, 65] {
      options.filterValueHierarchies = bad
      #expect(throws: InvalidInput.self) { try ClusterIndex(pins: pins, options: options) }
    }
  }

  /// A filter on one status, on one species value that has a hierarchy, or on both gives the
  /// items of a fresh build over exactly its pins (that scope's own hierarchy, kept in step with
  /// every change); so does a filter on one species value, answered so.
  static func expectFilterHierarchiesFresh(_ index: ClusterIndex, camera: Camera, _ context: String) throws {
    let values = index.hierarchyNames.filter { $0.hasPrefix("species=") }.map { String($0.dropFirst(8)) }
    let statuses: [PinStatus?] = [nil, .missing, .found, .closed]
    for status in statuses {
      for value in [nil] + values where status != nil || value != nil {
        let filter = ClusterFilter(
          statuses: status.map { [$0] }, values: value.map { ["species": [$0]] } ?? [:])
        let filtered = try index.filtered(by: filter)
        var alone = index.pins
        for p in 0..<alone.count where !alone.isRetired(p) {
          if status.map({ alone.status(at: p) != $0 }) ?? false {
            alone.retire(at: p)
            continue
          }
          if let value, alone.property(named: "species")?.value(at: p) != value { alone.retire(at: p) }
        }
        var options = index.options
        options.filterable = false
        let fresh = try ClusterIndex(pins: alone.withoutRetired(), options: options)
        let describe = { (items: [ClusterItem]) in
          items.map { "\($0.kind) \($0.point) \($0.cluster?.id ?? "") \($0.cluster?.count ?? 1)" }
        }
        #expect(
          describe(filtered.items(in: CameraView(camera)).items) == describe(fresh.items(in: CameraView(camera)).items),
          "\(context) \(filter)")
        #expect(filtered.pinCount == fresh.pinCount, "\(context) \(filter)")
      }
    }
  }

  @Test("switching filters between frames: transitions cover every item once and relate items sharing shown pins")
  func transitions() throws {
    var random = SeededRandom(seed: 0xF11B)
    var index = try ClusterTransitionTests.index(seed: 73)
    var pins = index.pins
    for i in 0..<pins.count {
      pins.setProperty("species", to: ["DOG", "CAT", "BIRD"][Int(random.next() % 3)], at: i)
    }
    var options = index.options
    options.aggregates = [try ClusterAggregate(parsing: "species:counts")]
    options.filterable = true
    index = try ClusterIndex(pins: pins, options: options)
    let filters: [ClusterFilter?] = [
      nil, ClusterFilter(statuses: [.missing]), ClusterFilter(values: ["species": ["DOG"]]),
      ClusterFilter(statuses: [.missing], values: ["species": ["DOG", "CAT"]]), nil,
    ]
    var camera = try Camera(
      center: GeoCoordinate(latitude: 48.8566, longitude: 2.3522), latitudeDelta: 1, longitudeDelta: 1, width: 390,
      height: 844)
    for step in 0..<40 {
      let (a, b) = (filters[step % 5], filters[(step + 1) % 5])
      try Self.expectExactTransitions(
        from: index.filtered(by: a), to: index.filtered(by: b), camera: &camera, move: step % 2 == 1, &random,
        "step \(step): \(String(describing: a)) → \(String(describing: b))")
    }
  }

  /// The transitions from `oldIndex`'s result at `camera` to `newIndex`'s (at `camera` moved on
  /// first when `move`) cover every item once and equal the groups brute force over the leaves finds.
  static func expectExactTransitions(
    from oldIndex: ClusterIndex, to newIndex: ClusterIndex, camera: inout Camera, move: Bool,
    _ random: inout SeededRandom, _ context: String
  ) {
    let old = oldIndex.items(in: CameraView(camera))
    if move { camera = ClusterTransitionTests.next(after: camera, &random) }
    let new = newIndex.items(in: CameraView(camera))
    let transitions = newIndex.transitions(from: old, of: oldIndex, to: new)
    ClusterTransitionTests.checkShape(transitions, old: old, new: new)
    let expected = ClusterTransitionTests.reference(old: old, oldIndex: oldIndex, new: new, newIndex: newIndex)
    #expect(Set(transitions.map { [Array($0.from), Array($0.to)] }) == expected, "\(context)")
  }

  @Test(
    "a status or species chip toggled at random cameras of every kind: the transitions between two hierarchies equal brute force",
    arguments: CameraKind.allCases)
  func transitionsBetweenHierarchies(kind: CameraKind) throws {
    var random = SeededRandom(seed: 0xF11D &+ UInt64(CameraKind.allCases.firstIndex(of: kind)!))
    let index = try ClusterIndex(pins: Self.pins(&random, count: 1500), options: Self.options(&random))
    let filters: [ClusterFilter?] = [
      nil, ClusterFilter(statuses: [.missing]), ClusterFilter(statuses: [.found], values: ["species": ["DOG", "CAT"]]),
      ClusterFilter(statuses: [.missing, .found]), ClusterFilter(statuses: [.closed]),
      // A species' hierarchy, a species with a status (its own), two statuses in a species' one.
      ClusterFilter(values: ["species": ["CAT"]]), ClusterFilter(statuses: [.found], values: ["species": ["CAT"]]),
      ClusterFilter(statuses: [.missing, .found], values: ["species": ["DOG"]]),
    ]
    for step in 0..<40 {
      let count = UInt64(filters.count)
      let (a, b) = (filters[Int(random.next() % count)], filters[Int(random.next() % count)])
      var camera = random.camera(kind)
      try Self.expectExactTransitions(
        from: index.filtered(by: a), to: index.filtered(by: b), camera: &camera, move: step % 2 == 1, &random,
        "\(kind) step \(step): \(String(describing: a)) → \(String(describing: b))")
    }
  }

  @Test("made filterable after removals: each filter hierarchy is a fresh build's and counts the same retired places")
  func filterableAfterRemovals() throws {
    var random = SeededRandom(seed: 0xF11E)
    var options = Self.options(&random)
    options.filterable = false
    var index = try ClusterIndex(pins: Self.pins(&random, count: 800), options: options)
    for position in stride(from: 3, to: index.pins.count, by: 7) { index.remove(at: position) }
    try index.makeFilterable()
    for status in [PinStatus.missing, .found, .closed] {
      #expect(try index.filtered(by: ClusterFilter(statuses: [status])).retiredCount == index.retiredCount)
    }
    for kind in [CameraKind.country, .wholeWorld] {
      try Self.expectFilterHierarchiesFresh(index, camera: random.camera(kind), "\(kind)")
    }
  }

  @Test("reveal under a filter: the camera shows the pin alone; a hidden pin is not revealed")
  func reveal() throws {
    var random = SeededRandom(seed: 0xF11C)
    let index = try ClusterIndex(pins: Self.pins(&random, count: 2000), options: Self.options(&random))
    let filtered = try index.filtered(by: ClusterFilter(statuses: [.found, nil]))
    let camera = random.camera(.wholeWorld)
    let result = filtered.items(in: CameraView(camera))
    var revealed = 0
    for position in stride(from: 0, to: index.pins.count, by: 37) where !index.pins.isRetired(position) {
      let reveal = filtered.reveal(position: position, in: result, from: camera)
      guard FilterReference.shows(filtered.filter, position, in: index.pins) else {
        #expect(reveal == nil, "hidden pin \(position) revealed")
        continue
      }
      guard let reveal else { continue }  // off the map
      revealed += 1
      #expect(reveal.isShownAlone, "pin \(position)")
      let unfiltered = index.reveal(position: position, in: index.items(in: CameraView(camera)), from: camera)!
      #expect(reveal.level <= unfiltered.level, "pin \(position): fewer pins never need a deeper zoom")
    }
    #expect(revealed > 10)
  }

  @Test("filters are checked: clauses, properties that cannot be filtered, indexes built without")
  func validation() throws {
    var filter = try ClusterFilter(clauses: ["status=missing,FOUND", "species=DOG", "species=", "status=ACTIVE"])
    #expect(filter.statuses == [.missing, .found])
    #expect(filter.values == ["species": ["DOG", ""]])
    try filter.add(clause: "status=")
    #expect(filter.statuses == [.missing, .found, nil])
    for bad in ["status", "=DOG", ""] {
      #expect(throws: InvalidInput.self, "\(bad)") { try ClusterFilter(clauses: [bad]) }
    }
    var random = SeededRandom(seed: 0xF11D)
    let pins = Self.pins(&random, count: 50)
    let plain = try ClusterIndex(pins: pins, options: ClusterOptions(aggregates: Self.aggregates))
    #expect(throws: InvalidInput.self) { try plain.filtered(by: ClusterFilter(statuses: [.missing])) }
    #expect(try plain.filtered(by: nil).filter == nil)
    let index = try ClusterIndex(pins: pins, options: ClusterOptions(aggregates: Self.aggregates, filterable: true))
    do {
      _ = try index.filtered(by: ClusterFilter(values: ["score": ["1"]]))
      Issue.record("a min/max property was accepted as a filter")
    } catch {
      #expect(error.field == "filter")
      #expect(
        error.message
          == "filter on 'score': only status and the properties of counts aggregates can be filtered (species); declare score:counts"
      )
    }
    let tooMany = (0...ClusterOptions.maxFilterDimensions).map { ClusterAggregate(property: "p\($0)", kind: .counts) }
    #expect(throws: InvalidInput.self) { try ClusterOptions(aggregates: tooMany, filterable: true).validate() }
  }
}
