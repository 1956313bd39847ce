import PetSpotGeo

/// The clustering invariants under perspective (docs/clustering.md, "Tilted cameras"), every
/// length measured on the screen through the spec's pitch formula.
public enum TiltedClusterInvariants {
  /// The items for a pitch-form `camera` and every broken invariant, described: 1 items ≥
  /// minSeparation apart; 2 every visible pin shown exactly once, counts and status counts adding
  /// up; 3 a cluster's visible leaves within 4 × minSeparation of it; 5 in the near half of the
  /// screen, a cluster from the index is at least as fine as the flat camera's level; spiders only
  /// where the local zoom reaches maxZoom; 6 every item drawn inside the viewport.
  public static func check(_ index: ClusterIndex, camera: Camera) -> (result: ClusterResult, problems: [String]) {
    let view = CameraView(camera)
    let result = index.items(in: view)
    let reference = TiltedReference(camera: camera)
    let tolerance = reference.tolerance(padding: 0)
    let d = index.options.minSeparation
    let pins = index.pins
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition && problems.count < 5 {
        problems.append("\(message()); camera \(camera), options \(index.options)")
      }
    }
    let items = result.items
    for problem in ClusterInvariants.tooClose(items, separation: d) { expect(false, problem) }
    func visibility(_ leaf: Int) -> (visible: Bool, borderline: Bool, screen: ScreenPoint?) {
      let (lat, lng) = (pins.latitudes[leaf], pins.longitudes[leaf])
      guard let e = reference.signedEdgeDistance(latitude: lat, longitude: lng, padding: 0) else {
        return (false, false, nil)
      }
      let p = view.screenPoint(of: GeoCoordinate(latitude: lat, longitude: lng))
      return (e <= 0, abs(e) <= tolerance, p)
    }
    var shownBy = [Int: Int]()
    for (k, item) in items.enumerated() {
      let leaves = item.cluster.map { index.leaves(of: $0) } ?? [item.position]
      if let summary = item.cluster {
        expect(leaves.count == summary.count && summary.count >= 2, "2: cluster \(k) count \(summary.count)")
        let codes = leaves.map { pins.statusCodes[$0] }
        expect(
          codes.filter { $0 == 1 }.count == summary.missing && codes.filter { $0 == 2 }.count == summary.found
            && codes.filter { $0 == 3 }.count == summary.closed, "2: status counts of cluster \(k)")
        for leaf in leaves {
          let v = visibility(leaf)
          guard v.visible, !v.borderline else { continue }
          // The leaf's copy nearest the cluster, as for flat cameras (a view over a world wide shows
          // several copies; the cluster is drawn in one).
          let (x, y) = (pins.mercatorX[leaf], pins.mercatorY[leaf])
          var distance = Double.infinity
          for copy in -4...4 {
            guard let p = reference.screenPoint(x: x + Double(copy), y: y) else { continue }
            distance = min(
              distance,
              ((p.x - item.point.x) * (p.x - item.point.x) + (p.y - item.point.y) * (p.y - item.point.y)).squareRoot())
          }
          expect(
            distance <= 4 * d * (1 + 1e-6),
            "3: visible leaf \(leaf) is \(distance) pt from cluster \(k) (\(summary.isMerged ? "merged" : "index"))")
        }
        if !summary.isMerged && item.point.y >= camera.height / 2 {
          expect(
            summary.expansionZoom > result.level, "5: cluster \(k) near the camera coarser than level \(result.level)")
        }
      }
      var anyVisible = false
      for leaf in leaves {
        expect(
          FilterReference.shows(index.filter, leaf, in: pins), "2: item \(k) holds pin \(leaf), hidden by the filter")
        if let other = shownBy[leaf] { expect(false, "2: pin \(leaf) shown by items \(other) and \(k)") }
        shownBy[leaf] = k
        let v = visibility(leaf)
        anyVisible = anyVisible || v.visible || v.borderline
      }
      expect(anyVisible, "item \(k) holds no visible pin")
    }
    for i in 0..<pins.count where shownBy[i] == nil && FilterReference.shows(index.filter, i, in: pins) {
      let v = visibility(i)
      expect(!v.visible || v.borderline, "2: visible pin \(i) not shown")
    }
    for problem in ClusterInvariants.offScreen(
      items, width: camera.width, height: camera.height, scale: view.rectangle.scale * 4)
    {
      expect(false, problem)
    }
    for (k, item) in items.enumerated() where item.kind == .cluster {
      let c = item.cluster!
      expect(c.expansionZoom >= 0 && c.expansionZoom <= index.options.maxZoom, "expansion zoom of \(k)")
    }
    return (result, problems)
  }
}
