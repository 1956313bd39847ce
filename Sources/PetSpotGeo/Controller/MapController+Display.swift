/// The clustered display of the map controller (``MapController/Configuration/clustering``): the
/// items for the current camera over the shown pins, their transitions from the previous display,
/// and where the selected pin is in it.
extension MapController {
  /// Where the selected pin is drawn: its own coordinate or — clustering on — where the display
  /// draws the item holding it (its spider leg, or the cluster it is hidden in). `nil` without a
  /// selection.
  public var selectionAnchor: GeoCoordinate? {
    guard let selected else { return nil }
    if let item = selectionReveal?.item, let display { return display.items[item].coordinate }
    return selected.coordinate
  }

  /// Whether the selected pin is inside a cluster of the display (clustering on).
  public var isSelectionHidden: Bool {
    guard let item = selectionReveal?.item, let display else { return false }
    return display.items[item].kind == .cluster
  }

  /// After an event: queries the display again when the camera or the pins changed (rebuilding
  /// the index when the pins did), with the transitions from the previous display (every item a
  /// `stay` when neither changed: transitions always relate consecutive states), then finds the
  /// selected pin in it. A selection that becomes hidden in a cluster — after a zoom-out, or
  /// selected inside one — gives a `revealSelection` effect once.
  func refreshDisplay(selectionBefore: String?, into effects: inout [Effect]) {
    guard let options = configuration.clustering, let view else { return }
    let wasHidden = isSelectionHidden && selectionBefore == selectedId
    let ids = pins.map(\.id)
    if displayIndex == nil || ids != displayIds || view.camera != displayCamera {
      let previous = displayIndex.flatMap { index in display.map { (index, $0) } }
      if displayIndex == nil || ids != displayIds {
        displayIndex = try? ClusterIndex(pins: Self.pinSet(pins), options: options)
        displayIds = ids
      }
      guard let index = displayIndex else { return }  // options are validated with the configuration
      let result = index.items(in: view)
      displayTransitions =
        previous.map { index.transitions(from: $0.1, of: $0.0, to: result) }
        ?? result.items.indices.map { ClusterTransition(kind: .appear, from: [], to: [$0]) }
      display = result
      displayCamera = view.camera
      effects.append(.displayChanged(items: result.items.count))
    } else if let display {
      // The same items as after the previous event: every one stays.
      displayTransitions = display.items.indices.map { ClusterTransition(kind: .stay, from: [$0], to: [$0]) }
    }
    selectionReveal = nil
    if let id = selectedId, let index = displayIndex, let display, let position = index.pins.ids.position(of: id) {
      selectionReveal = index.reveal(position: position, in: display, from: view.camera)
    }
    if isSelectionHidden && !wasHidden, let camera = selectionReveal?.camera {
      effects.append(.revealSelection(camera))
    }
  }

  /// The announcements as a pin set (id, coordinate, status), in order. A 253rd distinct unknown
  /// status is kept as no status rather than losing the pin.
  static func pinSet(_ announcements: [Announcement]) -> PinSet {
    var set = PinSet()
    set.reserveCapacity(announcements.count)
    for (row, a) in announcements.enumerated() {
      // Ids are unique and coordinates valid: AnnouncementBatch keeps no other.
      let status = set.accepts(a.status) ? a.status : nil
      try? set.append(
        id: a.id, latitude: a.lastSeenLatitude, longitude: a.lastSeenLongitude, status: status, sourceRow: row)
    }
    return set
  }
}
