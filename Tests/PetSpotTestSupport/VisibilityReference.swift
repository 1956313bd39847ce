import PetSpotGeo
import RealModule

/// The brute-force visibility of docs/camera-model.md, written from the spec's words: for every
/// pin and every world copy, view coordinates a = (p − c)·r, b = (p − c)·u against the rectangle
/// grown by padding/s; |lat| ≤ the Mercator limit decided on the latitude.
public struct VisibilityReference {
  public let rect: VisibleRectangle
  public let padding: Double

  public init(camera: Camera, padding: Double) {
    rect = VisibleRectangle(camera: camera)
    self.padding = padding
  }

  /// How far (in points) the pin is from the grown rectangle's boundary in its best world copy:
  /// negative inside, positive outside; `nil` when it can never be visible (beyond the limit).
  public func signedEdgeDistance(latitude: Double, longitude: Double) -> Double? {
    guard abs(latitude) <= WebMercator.latitudeLimit else { return nil }
    let s = rect.scale
    let margin = padding / s
    let x = (longitude + 180) / 360
    let y = 0.5 - Double.log(Double.tan(.pi / 4 + latitude * .pi / 360)) / (2 * .pi)
    let (hx, hy) = (rect.halfWidth + margin, rect.halfHeight + margin)
    let reach = (hx + hy).rounded(.up) + 2
    var best = Double.infinity
    var k = -reach
    while k <= reach {
      let dx = x + k - rect.center.x
      let dy = y - rect.center.y
      let a = dx * rect.rotation.cos + dy * rect.rotation.sin
      let b = dx * rect.rotation.sin - dy * rect.rotation.cos
      best = min(best, max(abs(a) - hx, abs(b) - hy) * s)
      k += 1
      if k > 10_000 { break }
    }
    return best
  }

  /// Points of slack within which floating point may decide either way: the spec's 1e-9 points,
  /// plus a few units in the last place of unit-square coordinates at this scale (Mercator values
  /// near 1 carry 2.2e-16 of absolute precision, so at zoom 20 a coordinate is only known to
  /// ±6e-8 points).
  public var tolerance: Double { 1e-9 + 64 * Double.ulpOfOne * max(1, rect.scale) }

  /// Whether a disagreement about this pin is acceptable.
  public func isBorderline(latitude: Double, longitude: Double) -> Bool {
    guard let d = signedEdgeDistance(latitude: latitude, longitude: longitude) else { return false }
    return abs(d) <= tolerance
  }

  /// Visible per the spec (borderline pins count as visible when inside or on the edge).
  public func isVisible(latitude: Double, longitude: Double) -> Bool {
    guard let d = signedEdgeDistance(latitude: latitude, longitude: longitude) else { return false }
    return d <= 0
  }
}
