/// A validated map camera (docs/camera-model.md, "Input"): where the map is centred, what it
/// shows and the viewport it is drawn in, in one of three forms:
///
/// - **flat**: centre, span, viewport and heading (pitch 0);
/// - **pitch form**: the flat fields plus ``pitch`` and ``fieldOfView`` (a tilted camera whose
///   scale at the screen centre stays the flat camera's);
/// - **corner form**: the ground points under the viewport's four corners (``corners``), as map
///   SDKs report them, with an optional centre.
///
/// Creating one validates every field; a `Camera` value is therefore always usable. A centre
/// longitude outside [-180, 180] is wrapped (map SDKs hand out unwrapped longitudes after panning
/// across the antimeridian); ``center`` holds the wrapped value.
///
///     let camera = try Camera(
///       center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122),
///       latitudeDelta: 0.05, longitudeDelta: 0.08, width: 390, height: 844, pitch: 60)
public struct Camera: Hashable, Sendable {
  /// The centre in degrees (WGS84), longitude wrapped into [-180, 180] when it was outside. For a
  /// corner-form camera given without a centre: the ground point under the screen centre.
  public let center: GeoCoordinate
  /// Requested north–south span in degrees (as MapKit's `MKCoordinateSpan.latitudeDelta`); 0 for
  /// a corner-form camera.
  public let latitudeDelta: Double
  /// Requested east–west span in degrees; may exceed 360 (the world repeats); 0 for a corner-form
  /// camera.
  public let longitudeDelta: Double
  /// Viewport width in points.
  public let width: Double
  /// Viewport height in points.
  public let height: Double
  /// Map rotation in degrees clockwise from north, as given (any finite value; used modulo 360);
  /// 0 for a corner-form camera.
  public let heading: Double
  /// Camera tilt in degrees from straight down; 0 for flat and corner-form cameras.
  public let pitch: Double
  /// Vertical field of view in degrees (it matters only when ``pitch`` > 0).
  public let fieldOfView: Double
  /// Corner form: the ground points under the viewport's top-left, top-right, bottom-right and
  /// bottom-left corners, as given (longitudes not wrapped); `nil` for the other forms.
  public let corners: [GeoCoordinate]?

  /// MapLibre GL's default vertical field of view, degrees: atan(3/4) · 2 (0.6435 rad).
  public static var defaultFieldOfView: Double { 36.86989764584402 }

  /// Validates and creates a flat or pitch-form camera.
  ///
  /// - Parameters:
  ///   - center: the centre: latitude finite in [-90, 90]; longitude any finite value (wrapped).
  ///   - latitudeDelta: degrees, finite, in ``CameraLimits/span``.
  ///   - longitudeDelta: degrees, finite, in ``CameraLimits/span``.
  ///   - width: viewport width in points, finite, in ``CameraLimits/viewportSide``.
  ///   - height: viewport height in points, finite, in ``CameraLimits/viewportSide``.
  ///   - heading: degrees clockwise from north, finite (default 0).
  ///   - pitch: camera tilt in degrees from straight down, finite, ≥ 0 (default 0), and
  ///     pitch + fieldOfView / 2 < 90 (the screen's top edge below the horizon).
  ///   - fieldOfView: vertical field of view in degrees, finite, in (0, 180) (default
  ///     ``defaultFieldOfView``).
  /// - Throws: ``InvalidInput`` naming the first invalid field (`lat`, `lng`, `latDelta`,
  ///   `lngDelta`, `width`, `height`, `heading`, `pitch`, `fov`; the horizon rule names `pitch`).
  public init(
    center: GeoCoordinate, latitudeDelta: Double, longitudeDelta: Double,
    width: Double, height: Double, heading: Double = 0, pitch: Double = 0,
    fieldOfView: Double = Camera.defaultFieldOfView
  ) throws(InvalidInput) {
    let wrapped = try Self.validatedCenter(center)
    try Self.check("latDelta", latitudeDelta, CameraLimits.spanRequirement) { CameraLimits.span.contains($0) }
    try Self.check("lngDelta", longitudeDelta, CameraLimits.spanRequirement) { CameraLimits.span.contains($0) }
    try Self.validateViewport(width: width, height: height)
    try Self.check("heading", heading, "a finite number") { _ in true }
    try Self.validateTilt(pitch: pitch, fieldOfView: fieldOfView)
    self.center = wrapped
    self.latitudeDelta = latitudeDelta
    self.longitudeDelta = longitudeDelta
    self.width = width
    self.height = height
    self.heading = heading
    self.pitch = pitch
    self.fieldOfView = fieldOfView
    self.corners = nil
  }

  /// The memberwise initialiser of the corner form (``init(corners:width:height:center:)``).
  init(cornerForm corners: [GeoCoordinate], center: GeoCoordinate, width: Double, height: Double) {
    self.center = center
    self.latitudeDelta = 0
    self.longitudeDelta = 0
    self.width = width
    self.height = height
    self.heading = 0
    self.pitch = 0
    self.fieldOfView = Self.defaultFieldOfView
    self.corners = corners
  }

  /// Whether the camera is tilted or given by its corners: its view is then a projective map
  /// rather than a rotated rectangle (docs/camera-model.md, "Tilted cameras").
  public var isProjective: Bool { pitch > 0 || corners != nil }

  /// A centre checked (latitude in [-90, 90], both finite) with its longitude wrapped into
  /// [-180, 180) when it lies outside [-180, 180].
  static func validatedCenter(_ center: GeoCoordinate) throws(InvalidInput) -> GeoCoordinate {
    try check("lat", center.latitude, "a finite number in [-90, 90]") { abs($0) <= 90 }
    try check("lng", center.longitude, "a finite number") { _ in true }
    let lng = center.longitude
    return GeoCoordinate(latitude: center.latitude, longitude: abs(lng) <= 180 ? lng : Longitude.wrapped(lng))
  }

  static func validateViewport(width: Double, height: Double) throws(InvalidInput) {
    try check("width", width, CameraLimits.viewportRequirement) { CameraLimits.viewportSide.contains($0) }
    try check("height", height, CameraLimits.viewportRequirement) { CameraLimits.viewportSide.contains($0) }
  }

  /// pitch finite and ≥ 0; fov finite in (0, 180); then pitch + fov/2 < 90, compared in degrees
  /// exactly as written (an error naming `pitch`).
  static func validateTilt(pitch: Double, fieldOfView: Double) throws(InvalidInput) {
    try check("pitch", pitch, "a finite number of degrees ≥ 0") { $0 >= 0 }
    try check("fov", fieldOfView, "a finite number of degrees in (0, 180)") { $0 > 0 && $0 < 180 }
    guard pitch + fieldOfView / 2 < 90 else {
      throw InvalidInput(
        field: "pitch", code: .outOfRange,
        message:
          "pitch must be a number of degrees with pitch + fov/2 < 90 (the screen below the horizon; pitch \(pitch), fov \(fieldOfView))"
      )
    }
  }

  /// Throws ``InvalidInput`` for `field` unless `value` is finite and `isInRange`.
  public static func check(
    _ field: String, _ value: Double, _ requirement: String, _ isInRange: (Double) -> Bool
  ) throws(InvalidInput) {
    guard value.isFinite else {
      throw InvalidInput(field: field, code: .notFinite, message: "\(field) must be \(requirement)")
    }
    guard isInRange(value) else {
      throw InvalidInput(field: field, code: .outOfRange, message: "\(field) must be \(requirement)")
    }
  }
}
