import PetSpotGeo

/// The clustering contract's invariants checked item by item against brute force, for one camera.
public enum ClusterInvariants {
  /// The items for `camera` and every broken invariant, described (empty when all hold):
  /// 1 tappable (items ≥ minSeparation apart), 2 nothing lost or twice and counts adding up,
  /// 3 local (leaves within 4 × minSeparation), 4 separable (no clusters at maxZoom but stacks, no
  /// spiders below), ids equal to the members' hash sum, hit-testing each item at its position,
  /// 6 every item (each holds a visible pin) drawn inside the viewport.
  public static func check(_ index: ClusterIndex, camera: Camera) -> (result: ClusterResult, problems: [String]) {
    let rect = VisibleRectangle(camera: camera)
    let result = index.items(in: rect)
    let d = index.options.minSeparation
    let pins = index.pins
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append("\(message()); camera \(camera), options \(index.options)") }
    }
    expect(result.level == min(max(Int(rect.zoom.rounded(.down)), 0), index.options.maxZoom), "level \(result.level)")
    let items = result.items
    for problem in ClusterInvariants.tooClose(items, separation: d) { expect(false, problem) }
    let reference = VisibilityReference(camera: camera, padding: 0)
    var shownBy = [Int: Int]()
    for (k, item) in items.enumerated() {
      let leaves = item.cluster.map { index.leaves(of: $0) } ?? [item.position]
      if let summary = item.cluster {
        expect(
          leaves.count == summary.count && summary.count >= 2,
          "2: cluster \(k) count \(summary.count), \(leaves.count) leaves")
        let codes = leaves.map { pins.statusCodes[$0] }
        expect(
          codes.filter { $0 == 1 }.count == summary.missing && codes.filter { $0 == 2 }.count == summary.found
            && codes.filter { $0 == 3 }.count == summary.closed, "2: status counts of cluster \(k)")
        var hash: UInt64 = 0
        for leaf in leaves { hash &+= pins.ids.withUTF8(leaf) { ClusterIndex.idHash($0) } }
        expect(hash == summary.idHash, "5: cluster \(k)'s id is not its members' hash sum")
        let origin = WebMercator.project(item.coordinate)
        for leaf in leaves {
          var dx = abs(pins.mercatorX[leaf] - origin.x).truncatingRemainder(dividingBy: 1)
          if dx > 0.5 { dx = 1 - dx }
          let dy = pins.mercatorY[leaf] - origin.y
          let onScreen = (dx * dx + dy * dy).squareRoot() * rect.scale
          expect(onScreen <= 4 * d * (1 + 1e-9), "3: leaf \(leaf) is \(onScreen) pt from cluster \(k)")
        }
      } else {
        let expected = rect.screenPoint(
          of: MercatorPoint(x: pins.mercatorX[item.position], y: pins.mercatorY[item.position]))
        expect(
          abs(item.anchor.x - expected.x) <= 1e-6 && abs(item.anchor.y - expected.y) <= 1e-6,
          "anchor of item \(k) not on its pin")
        if item.kind == .pin { expect(item.point == item.anchor, "pin \(k) not drawn where it is") }
      }
      var anyVisible = false
      for leaf in leaves {
        expect(
          FilterReference.shows(index.filter, leaf, in: pins), "2: item \(k) holds pin \(leaf), hidden by the filter")
        if let other = shownBy[leaf] { expect(false, "2: pin \(leaf) shown by items \(other) and \(k)") }
        shownBy[leaf] = k
        let (lat, lng) = (pins.latitudes[leaf], pins.longitudes[leaf])
        anyVisible =
          anyVisible || reference.isVisible(latitude: lat, longitude: lng)
          || reference.isBorderline(latitude: lat, longitude: lng)
      }
      expect(anyVisible, "item \(k) holds no visible pin")
    }
    for i in 0..<pins.count where shownBy[i] == nil && FilterReference.shows(index.filter, i, in: pins) {
      let (lat, lng) = (pins.latitudes[i], pins.longitudes[i])
      expect(
        !reference.isVisible(latitude: lat, longitude: lng) || reference.isBorderline(latitude: lat, longitude: lng),
        "2: visible pin \(i) (\(lat), \(lng)) not shown")
    }
    if result.level == index.options.maxZoom {
      // Only stacks: a spider the viewport cannot hold, one marker at a visible seed with its
      // pins within minSeparation.
      for (k, item) in items.enumerated() where item.kind == .cluster {
        let summary = item.cluster!
        expect(
          summary.isMerged && summary.expansionZoom == index.options.maxZoom, "4: cluster \(k) at zoom \(rect.zoom)")
        for leaf in index.leaves(of: summary) {
          let p = rect.screenPoint(of: MercatorPoint(x: pins.mercatorX[leaf], y: pins.mercatorY[leaf]))
          let distance = ((p.x - item.point.x) * (p.x - item.point.x) + (p.y - item.point.y) * (p.y - item.point.y))
            .squareRoot()
          expect(distance < d * (1 + 1e-9), "4: stack \(k)'s leaf \(leaf) is \(distance) pt from it")
        }
      }
    } else {
      expect(!items.contains { $0.kind == .spider }, "4: spiders below maxZoom")
    }
    for item in items where item.kind == .cluster && rect.zoom >= 0 && result.level < index.options.maxZoom {
      expect(
        item.cluster!.expansionZoom > result.level && item.cluster!.expansionZoom <= index.options.maxZoom,
        "4: expansion zoom")
    }
    for (k, item) in items.enumerated() { expect(result.hitTest(item.point) == k, "hit test of item \(k)") }
    for problem in ClusterInvariants.offScreen(items, width: camera.width, height: camera.height, scale: rect.scale) {
      expect(false, problem)
    }
    return (result, Array(problems.prefix(5)))
  }

  /// Invariant 6: every item is drawn inside the viewport. Every item holds a pin in view (checked
  /// apart), so every pin in view is shown by an item drawn in view. The tolerance is the
  /// visibility rule's 1e-9 points plus the rounding of unit-square coordinates at `scale`.
  public static func offScreen(_ items: [ClusterItem], width: Double, height: Double, scale: Double) -> [String] {
    let tolerance = 1e-9 + 64 * Double.ulpOfOne * scale
    return items.enumerated().compactMap { k, item in
      let p = item.point
      guard p.x < -tolerance || p.x > width + tolerance || p.y < -tolerance || p.y > height + tolerance else {
        return nil
      }
      return "6: item \(k) \(item.kind) drawn at (\(p.x), \(p.y)), outside the \(width) × \(height) viewport"
    }
  }

  /// Invariant 1 on screen: every pair of items closer than `separation` points, described.
  public static func tooClose(_ items: [ClusterItem], separation d: Double) -> [String] {
    var problems: [String] = []
    for i in items.indices {
      for j in items.indices where j > i {
        let dx = items[i].point.x - items[j].point.x
        let dy = items[i].point.y - items[j].point.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance < d * (1 - 1e-9) {
          problems.append("1: items \(i) \(items[i].kind) and \(j) \(items[j].kind) are \(distance) pt apart")
        }
      }
    }
    return problems
  }
}
