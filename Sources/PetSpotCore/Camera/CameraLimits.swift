/// The largest and smallest camera values petspot-geo accepts (docs/camera-model.md, "Accepted
/// ranges"). Within them every derived number — the view's half extents, its scale, its zoom, the
/// padding in world widths, screen points — is finite and the model's arithmetic keeps its
/// precision; beyond them a value is refused with an error naming its field, never clamped.
///
/// - Spans from 1e-9° (about 0.1 mm; Mercator X still has at least 25,000 distinct values across it)
///   to 1e6° (about 2,800 worlds side by side).
/// - Viewport sides from 0.01 to 1,000,000 points (a watch complication to a wall of screens;
///   the aspect ratio stays within 1e8, so fitting the span to the viewport cannot overflow).
/// - Paddings from 0 to 1,000,000 points.
///
/// With these, the zoom lies between about −26 and +51.
public enum CameraLimits {
  /// Accepted `latDelta` and `lngDelta`, degrees.
  public static var span: ClosedRange<Double> { 1e-9...1e6 }
  /// Accepted viewport `width` and `height`, points.
  public static var viewportSide: ClosedRange<Double> { 0.01...1e6 }
  /// Accepted padding, points.
  public static var padding: ClosedRange<Double> { 0...1e6 }

  static var spanRequirement: String { "a finite number of degrees in [1e-9, 1e6]" }
  static var viewportRequirement: String { "a finite number of points in [0.01, 1e6]" }
  static var paddingRequirement: String { "a finite number of points in [0, 1e6]" }
}
