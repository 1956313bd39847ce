/// A validated map camera (docs/camera-model.md, "Input"): where the map is centred, the span
/// it was asked to show, the viewport it is drawn in and its rotation.
///
/// Creating one validates every field; a `Camera` value is therefore always usable.
///
///     let camera = try Camera(
///       center: GeoCoordinate(latitude: 52.2297, longitude: 21.0122),
///       latitudeDelta: 0.05, longitudeDelta: 0.08, width: 390, height: 844)
public struct Camera: Hashable, Sendable {
  /// The centre in degrees (WGS84), exactly as given.
  public let center: GeoCoordinate
  /// Requested north–south span in degrees (as MapKit's `MKCoordinateSpan.latitudeDelta`).
  public let latitudeDelta: Double
  /// Requested east–west span in degrees; may exceed 360 (the world repeats).
  public let longitudeDelta: Double
  /// Viewport width in points.
  public let width: Double
  /// Viewport height in points.
  public let height: Double
  /// Map rotation in degrees clockwise from north, as given (any finite value; used modulo 360).
  public let heading: Double

  /// Validates and creates a camera.
  ///
  /// - Parameters:
  ///   - center: the centre, latitude in [-90, 90] and longitude in [-180, 180], both finite.
  ///   - latitudeDelta: degrees, finite, in ``CameraLimits/span``.
  ///   - longitudeDelta: degrees, finite, in ``CameraLimits/span``.
  ///   - width: viewport width in points, finite, in ``CameraLimits/viewportSide``.
  ///   - height: viewport height in points, finite, in ``CameraLimits/viewportSide``.
  ///   - heading: degrees clockwise from north, finite (default 0).
  ///   - pitch: camera tilt in degrees; only 0 is supported.
  /// - Throws: ``InvalidInput`` naming the first invalid field (`lat`, `lng`, `latDelta`,
  ///   `lngDelta`, `width`, `height`, `heading`, `pitch`).
  public init(
    center: GeoCoordinate, latitudeDelta: Double, longitudeDelta: Double,
    width: Double, height: Double, heading: Double = 0, pitch: Double = 0
  ) throws(InvalidInput) {
    try Self.check("lat", center.latitude, "a finite number in [-90, 90]") { abs($0) <= 90 }
    try Self.check("lng", center.longitude, "a finite number in [-180, 180]") { abs($0) <= 180 }
    try Self.check("latDelta", latitudeDelta, CameraLimits.spanRequirement) { CameraLimits.span.contains($0) }
    try Self.check("lngDelta", longitudeDelta, CameraLimits.spanRequirement) { CameraLimits.span.contains($0) }
    try Self.check("width", width, CameraLimits.viewportRequirement) { CameraLimits.viewportSide.contains($0) }
    try Self.check("height", height, CameraLimits.viewportRequirement) { CameraLimits.viewportSide.contains($0) }
    try Self.check("heading", heading, "a finite number") { _ in true }
    guard pitch == 0 else {
      throw InvalidInput(
        field: "pitch", code: pitch.isNaN ? .notFinite : .unsupported,
        message: "pitch must be 0 or absent: tilted cameras are not supported")
    }
    self.center = center
    self.latitudeDelta = latitudeDelta
    self.longitudeDelta = longitudeDelta
    self.width = width
    self.height = height
    self.heading = heading
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
