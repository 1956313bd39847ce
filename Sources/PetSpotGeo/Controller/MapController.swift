/// The PetSpot full-screen map's logic as an event-driven state machine (issue "The PetSpot map
/// controller"): clients feed it events and carry out the effects it reports (network, drawing).
///
/// - Fetch when the map appears, after every finished gesture, and when the viewport changes;
///   never while a gesture is in progress. Request ids start at 1 and increase; a fetch that
///   supersedes one in flight is preceded by a `cancel` of the old one.
/// - `isLoading` from a fetch until its result; responses to superseded requests are ignored.
/// - On success the pins become the response's announcements in view (MISSING and FOUND both);
///   broken ones are dropped and counted. On failure the pins stay and no error is shown.
/// - Selection: tap a pin to select, again to deselect, another to switch, the map to deselect;
///   an unknown id changes nothing; a selected pin leaving the pins clears the selection.
/// - Optional `reuseCoveredFetch`: skip a fetch when the new visible region lies inside the
///   circle of the last successful fetch made less than `reuseMaxAge` ago (needs event times).
/// - Optional `clustering`: the shown pins are clustered for every camera (``display``), each
///   display carrying its transitions from the previous one; a selected pin that a zoom-out puts
///   inside a cluster stays selected and is revealed (``selectionReveal``, a `revealSelection`
///   effect with the camera that shows it alone) — see docs/clustering.md, "The map controller".
///
/// Threading: one thread at a time (it uses its engine's PROJ and GEOS contexts).
public final class MapController {
  /// Behaviour switches and the callout's size.
  public struct Configuration: Sendable {
    public var reuseCoveredFetch = false
    /// Milliseconds a successful fetch may be reused for (with ``reuseCoveredFetch``).
    public var reuseMaxAge = 60_000.0
    /// The callout card's size in points (for the placement in the state).
    public var calloutWidth = CalloutLayout.defaultCardSize.width
    public var calloutHeight = CalloutLayout.defaultCardSize.height
    /// Safe-area insets for the callout placement.
    public var insets = EdgeInsets()
    /// Cluster the shown pins with these options (`nil`, the default: every pin is its own marker
    /// and there is no ``MapController/display``).
    public var clustering: ClusterOptions?

    public init() {}

    /// Checks every field — the one rule the CLI's flags and the C options share.
    /// - Throws: ``InvalidInput`` naming `reuseMaxAge` (finite, ≥ 0 milliseconds), the callout size
    ///   or a clustering option.
    public func validate() throws(InvalidInput) {
      try Camera.check("reuseMaxAge", reuseMaxAge, "a finite number of milliseconds >= 0") { $0 >= 0 }
      try CalloutLayout.validateCardSize(width: calloutWidth, height: calloutHeight)
      try clustering?.validate()
    }
  }

  /// What happened.
  public enum Event: Sendable {
    case appear(Camera)
    case gestureBegan
    case cameraChanged(Camera)
    case gestureEnded(Camera)
    case fetchSucceeded(requestId: Int, AnnouncementBatch)
    case fetchFailed(requestId: Int)
    case tapPin(String)
    case tapMap
    case viewportChanged(width: Double, height: Double)
  }

  /// What the client must do.
  public enum Effect: Hashable, Sendable {
    case fetch(requestId: Int, query: FetchQuery)
    case cancel(requestId: Int)
    case pinsChanged([String])
    case selectionChanged(String?)
    /// Clustering on: the display items changed (their number given); ``display`` and
    /// ``displayTransitions`` hold them and how they relate to the previous ones.
    case displayChanged(items: Int)
    /// Clustering on: the selected pin went inside a cluster; this camera shows it on its own
    /// (the client may move there, or keep the callout on the cluster).
    case revealSelection(Camera)
  }

  public let configuration: Configuration
  let engine: GeoEngine

  /// The current camera's view, evaluated once per camera event and used for the fetch query,
  /// pruning and the callout.
  public private(set) var view: CameraView?
  /// The current camera.
  public var camera: Camera? { view?.camera }
  public private(set) var isLoading = false
  public private(set) var isGestureActive = false
  /// The announcements shown, in response order.
  public private(set) var pins: [Announcement] = []
  public private(set) var selectedId: String?
  /// Announcements dropped from the last successful response.
  public private(set) var droppedAnnouncements = 0
  /// Clustering on: the items for the current camera over ``pins``, and how they came from the
  /// previous display (every item of both in exactly one transition).
  public internal(set) var display: ClusterResult?
  public internal(set) var displayTransitions: [ClusterTransition] = []
  /// Clustering on, a pin selected: where the display shows it (``PinReveal/item``) and the
  /// camera that shows it on its own.
  public internal(set) var selectionReveal: PinReveal?
  /// Clustering on: the index over ``pins`` behind ``display`` (rebuilt when the pins change).
  public internal(set) var displayIndex: ClusterIndex?
  /// The pin ids ``displayIndex`` was built over and the camera ``display`` was queried at.
  var displayIds: [String] = []
  var displayCamera: Camera?
  private var nextRequestId = 1
  private var inFlight: Int?
  private var lastSuccess: (query: FetchQuery, time: Double?, announcements: [Announcement])?

  /// A controller using `engine` for fetch queries and callout placement.
  public init(engine: GeoEngine, configuration: Configuration = Configuration()) {
    self.engine = engine
    self.configuration = configuration
  }

  /// Handles one event at time `t` (milliseconds, optional) and returns the effects, in order.
  /// - Throws: ``InvalidInput`` for an event that cannot apply (a bad viewport size, a request
  ///   id never issued, a camera event before the map appeared); the controller is then unchanged.
  public func handle(_ event: Event, at t: Double? = nil) throws(InvalidInput) -> [Effect] {
    var effects: [Effect] = []
    let pinsBefore = pins.map(\.id)
    let selectionBefore = selectedId
    switch event {
    case .appear(let newCamera):
      view = CameraView(newCamera)
      keepVisiblePins()
      requestFetch(at: t, into: &effects)
    case .gestureBegan:
      isGestureActive = true
    case .cameraChanged(let newCamera):
      view = CameraView(newCamera)  // the map moves under the finger; the fetch waits for the gesture's end
    case .gestureEnded(let newCamera):
      isGestureActive = false
      view = CameraView(newCamera)
      keepVisiblePins()
      requestFetch(at: t, into: &effects)
    case .viewportChanged(let width, let height):
      guard let old = camera else {
        throw InvalidInput(
          field: "event", code: .unsupported, message: "viewportChanged before appear: there is no camera yet")
      }
      view = CameraView(try old.resized(width: width, height: height))
      keepVisiblePins()
      if !isGestureActive { requestFetch(at: t, into: &effects) }  // the gesture's end fetches anyway
    case .fetchSucceeded(let id, let batch):
      try checkIssued(id)
      guard id == inFlight else { break }  // superseded: a late answer never replaces newer pins
      inFlight = nil
      isLoading = false
      droppedAnnouncements = batch.dropped
      if let query = lastIssued { lastSuccess = (query, t, batch.announcements) }
      pins = visible(batch.announcements)
    case .fetchFailed(let id):
      try checkIssued(id)
      guard id == inFlight else { break }
      inFlight = nil
      isLoading = false  // silently: the pins stay
    case .tapPin(let id):
      if id == selectedId {
        selectedId = nil
      } else if pins.contains(where: { $0.id == id }) {
        selectedId = id
      }
    case .tapMap:
      selectedId = nil
    }
    if let selected = selectedId, !pins.contains(where: { $0.id == selected }) { selectedId = nil }
    let pinIds = pins.map(\.id)
    if pinIds != pinsBefore { effects.append(.pinsChanged(pinIds)) }
    if selectedId != selectionBefore { effects.append(.selectionChanged(selectedId)) }
    refreshDisplay(selectionBefore: selectionBefore, into: &effects)
    return effects
  }

  /// The query of the last fetch issued.
  private var lastIssued: FetchQuery?

  private func checkIssued(_ id: Int) throws(InvalidInput) {
    guard id >= 1 && id < nextRequestId else {
      throw InvalidInput(
        field: "requestId", code: .outOfRange, message: "requestId \(id) was never issued (next is \(nextRequestId))")
    }
  }

  private func requestFetch(at t: Double?, into effects: inout [Effect]) {
    guard let view else { return }
    if configuration.reuseCoveredFetch, let last = lastSuccess, let t, let then = last.time,
      t - then < configuration.reuseMaxAge,
      FetchRangeSolver(metric: engine.geodesic).farthestDistance(from: last.query.center, in: view)
        <= Double(last.query.range)
    {
      pins = visible(last.announcements)  // the last answer covers the whole new view
      return
    }
    if let old = inFlight { effects.append(.cancel(requestId: old)) }
    let id = nextRequestId
    nextRequestId += 1
    let query = engine.fetchQuery(for: view)
    inFlight = id
    lastIssued = query
    isLoading = true
    effects.append(.fetch(requestId: id, query: query))
  }

  /// After a finished move the pins that left the view go (fetch FR-010, docs/petspot-requirements.md).
  private func keepVisiblePins() {
    pins = visible(pins)
  }

  /// The announcements of `list` in view of the current camera, in order.
  private func visible(_ list: [Announcement]) -> [Announcement] {
    guard let view else { return [] }
    let window = VisibilityWindow(view: view)
    return list.filter { window.contains($0.coordinate) }
  }

  /// The selected announcement.
  public var selected: Announcement? {
    selectedId.flatMap { id in pins.first { $0.id == id } }
  }

  /// The callout content of the selected pin.
  public var calloutContent: CalloutContent? { selected.map(CalloutContent.init) }

  /// Where the selected pin's callout goes at the current camera, or `nil` when nothing is
  /// selected (or no camera is known yet). With clustering, a selected pin hidden inside a cluster
  /// has its callout on that cluster's marker (``selectionAnchor``).
  /// - Throws: ``GeoError`` when PROJ or GEOS fail to place it.
  public func calloutPlacement() throws(GeoError) -> CalloutPlacement? {
    guard let selected = selectionAnchor, let view else { return nil }
    let camera = view.camera
    var layout = CalloutLayout(
      viewportWidth: camera.width, viewportHeight: camera.height, calloutWidth: configuration.calloutWidth,
      calloutHeight: configuration.calloutHeight)
    layout.insets = configuration.insets
    return try engine.placeCallout(
      CalloutRequest(layout: layout, pin: .coordinate(selected, view: view)))
  }
}
