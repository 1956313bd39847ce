extension GeoEngine {
  /// Composes the picture of what a camera's view shows (see ``MapPicture``).
  ///
  /// - Parameters:
  ///   - index: the clustered pins.
  ///   - insets: the safe area's insets, points.
  ///   - selectedId: a pin shown on its own (as a pin or a spider leg) whose callout to place.
  ///   - cardSize: the callout card (width, height), points.
  ///   - fetchCircle: draw the circle of the camera's fetch query (`GET /announcements` range).
  ///   - prunedFrom: when given, draw in grey the pins the server would return for the fetch
  ///     query (within the range) that pruning keeps out of view.
  ///   - previous: when given, the camera before this one: its items (those that did not leave the
  ///     view) are drawn as dashed ghosts where they lie on this screen, with an arrow for each
  ///     moving part of the transitions
  ///     (docs/clustering.md, "Transitions"): a split from the old item to each new one, a merge
  ///     from each old item to the new one, a stay that moved, a regroup from the nearest old item.
  /// - Throws: ``InvalidInput`` naming `select` for an unknown pin or one not shown on its own;
  ///   ``GeoError`` when the callout's GEOS work fails.
  public func mapPicture(
    index: ClusterIndex, view: CameraView, insets: EdgeInsets = EdgeInsets(), selectedId: String? = nil,
    cardSize: (width: Double, height: Double) = CalloutLayout.defaultCardSize, fetchCircle: Bool = false,
    prunedFrom indexed: IndexedPins? = nil, previous: CameraView? = nil
  ) throws -> MapPicture {
    try CalloutLayout.validateCardSize(width: cardSize.width, height: cardSize.height)
    for (field, inset) in [
      ("insets.top", insets.top), ("insets.left", insets.left), ("insets.bottom", insets.bottom),
      ("insets.right", insets.right),
    ] {
      try Camera.check(field, inset, "a finite number of points in [0, 1e6]") { CameraLimits.padding.contains($0) }
    }
    let camera = view.camera
    let result = index.items(in: view)
    var picture = MapPicture(
      viewportWidth: camera.width, viewportHeight: camera.height, insets: insets, index: index, result: result)
    if let selectedId {
      picture.selection = try selection(
        of: selectedId, index: index, result: result, camera: camera, insets: insets, cardSize: cardSize)
    }
    let query = fetchQuery(for: view)
    // A tilted view shows ground up to its horizon: marks behind the camera or far beyond the
    // viewport (towards the horizon) are left out of the picture.
    func drawable(_ c: GeoCoordinate) -> ScreenPoint? {
      guard view.isInFront(c) else { return nil }
      let p = view.screenPoint(of: c)
      guard view.projection != nil else { return p }
      let (w, h) = (camera.width, camera.height)
      return p.x >= -w && p.x <= 2 * w && p.y >= -h && p.y <= 2 * h ? p : nil
    }
    if fetchCircle {
      picture.fetchCircle = stride(from: 0.0, to: 360, by: 2).compactMap { azimuth in
        drawable(geodesic.destination(from: camera.center, azimuth: azimuth, metres: Double(query.range)))
      }
    }
    if let indexed {
      let window = VisibilityWindow(view: view)
      for p in indexed.positions(withinMetres: Double(query.range), of: camera.center) {
        if !window.contains(x: indexed.pins.mercatorX[p], y: indexed.pins.mercatorY[p]) {
          if let point = drawable(indexed.pins.coordinate(at: p)) { picture.prunedPins.append(point) }
        }
      }
    }
    var moves = ""
    if let previous {
      let old = index.items(in: previous)
      let transitions = index.transitions(from: old, of: index, to: result)
      let points = old.items.map { drawable($0.coordinate) }
      // Items that left the view are not drawn.
      for t in transitions where t.kind != .disappear {
        for i in t.from {
          if let p = points[i] { picture.previousMarks.append((p, MapPicture.markerRadius(old.items[i]))) }
        }
      }
      for t in transitions {
        let targets = t.to.map { result.items[$0].point }
        let sources = t.from.compactMap { points[$0] }
        switch t.kind {
        case .appear, .disappear: continue
        case .stay, .split:
          if let from = sources.first {
            for to in targets where Self.distance(from, to) > 1 { picture.transitionArrows.append((from, to)) }
          }
        case .merge:
          for from in sources { picture.transitionArrows.append((from, targets[0])) }
        case .regroup:
          for to in targets {
            if let from = sources.min(by: { Self.distance($0, to) < Self.distance($1, to) }) {
              picture.transitionArrows.append((from, to))
            }
          }
        }
      }
      let counts = Dictionary(grouping: transitions, by: \.kind).mapValues(\.count)
      moves =
        " · from the previous camera: "
        + ClusterTransition.Kind.allCases.compactMap { kind in counts[kind].map { "\($0) \(kind.rawValue)" } }.joined(
          separator: ", ")
    }
    let clusters = result.items.filter { $0.kind == .cluster }.count
    let legs = result.items.filter { $0.kind == .spider }.count
    picture.caption =
      "zoom \(Self.decimalText(result.zoom, places: 2)) · \(result.items.count) items (\(clusters) clusters, \(legs) spider legs)"
      + " · range \(query.range) m" + (indexed == nil ? "" : " · \(picture.prunedPins.count) fetched but out of view")
      + moves
    return picture
  }

  private func selection(
    of id: String, index: ClusterIndex, result: ClusterResult, camera: Camera, insets: EdgeInsets,
    cardSize: (width: Double, height: Double)
  ) throws -> MapPicture.Selection {
    guard let position = index.pins.ids.position(of: id) else {
      throw InvalidInput(field: "select", code: .outOfRange, message: "select: no pin with id '\(id)'")
    }
    guard let item = result.items.first(where: { $0.cluster == nil && $0.position == position }) else {
      throw InvalidInput(
        field: "select", code: .outOfRange,
        message: "select: pin '\(id)' is not shown on its own at this camera (out of view or in a cluster)")
    }
    var layout = CalloutLayout(
      viewportWidth: camera.width, viewportHeight: camera.height, calloutWidth: cardSize.width,
      calloutHeight: cardSize.height)
    layout.insets = insets
    let placement = try placeCallout(CalloutRequest(layout: layout, pin: .screen(item.point)))
    let c = index.pins.coordinate(at: position)
    return MapPicture.Selection(
      point: item.point, layout: layout, placement: placement,
      title: index.pins.status(at: position)?.name ?? "no status",
      subtitle: "\(id) · \(Self.decimalText(c.latitude, places: 5)), \(Self.decimalText(c.longitude, places: 5))")
  }

  private static func distance(_ a: ScreenPoint, _ b: ScreenPoint) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }

  /// `v` rounded to `places` decimals, printed as the shortest decimal that reads back.
  private static func decimalText(_ v: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return ShortestDecimal.string((v * scale).rounded() / scale)
  }
}
