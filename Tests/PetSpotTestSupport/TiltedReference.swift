import PetSpotGeo
import RealModule

/// The pitch form of docs/camera-model.md ("Tilted cameras") written from the spec's words,
/// without the engine's matrices: for a Mercator point q, a = (q − c)·r, b = (q − c)·u, g = s·a,
/// k = s·b and x = w/2 + g·D/(D + k·sin ψ), y = h/2 − k·D·cos ψ/(D + k·sin ψ), in front when
/// D + k·sin ψ > 0. Visibility, screen points and the inverse for one camera.
public struct TiltedReference {
  public let camera: Camera
  let rect: VisibleRectangle
  let distance: Double, sinPsi: Double, cosPsi: Double

  public init(camera: Camera) {
    self.camera = camera
    rect = VisibleRectangle(camera: camera)
    distance = (camera.height / 2) / Double.tan(camera.fieldOfView * .pi / 360)
    sinPsi = Double.sin(camera.pitch * .pi / 180)
    cosPsi = Double.cos(camera.pitch * .pi / 180)
  }

  /// The screen point of the Mercator point (x, y) (this copy), or `nil` behind the camera.
  public func screenPoint(x: Double, y: Double) -> ScreenPoint? {
    let (dx, dy) = (x - rect.center.x, y - rect.center.y)
    let a = dx * rect.rotation.cos + dy * rect.rotation.sin
    let b = dx * rect.rotation.sin - dy * rect.rotation.cos
    let (g, k) = (rect.scale * a, rect.scale * b)
    let depth = distance + k * sinPsi
    guard depth > 0 else { return nil }
    return ScreenPoint(
      x: camera.width / 2 + g * distance / depth, y: camera.height / 2 - k * distance * cosPsi / depth)
  }

  /// The Mercator point under a screen point (the formula solved for k, then g), or `nil` above
  /// the horizon.
  public func mercatorPoint(at screen: ScreenPoint) -> MercatorPoint? {
    let up = camera.height / 2 - screen.y
    let denominator = distance * cosPsi - up * sinPsi
    guard denominator > 0 else { return nil }
    let k = up * distance / denominator
    let g = (screen.x - camera.width / 2) * (distance + k * sinPsi) / distance
    let (a, b) = (g / rect.scale, k / rect.scale)
    return MercatorPoint(
      x: rect.center.x + a * rect.rotation.cos + b * rect.rotation.sin,
      y: rect.center.y + a * rect.rotation.sin - b * rect.rotation.cos)
  }

  /// How far (points) a pin is outside the viewport grown by `padding` in its best world copy:
  /// negative inside; `nil` beyond the Mercator limit or when no copy is in front.
  public func signedEdgeDistance(latitude: Double, longitude: Double, padding: Double) -> Double? {
    guard abs(latitude) <= WebMercator.latitudeLimit else { return nil }
    let x = (longitude + 180) / 360
    let y = 0.5 - Double.log(Double.tan(.pi / 4 + latitude * .pi / 360)) / (2 * .pi)
    var best: Double?
    for k in -12...12 {
      guard let p = screenPoint(x: x + Double(k), y: y) else { continue }
      let outside = max(-padding - p.x, p.x - camera.width - padding, -padding - p.y, p.y - camera.height - padding)
      best = min(best ?? .infinity, outside)
    }
    return best
  }

  /// Points within which floating point may decide either way: the spec's 1e-9 points, plus the
  /// precision of unit-square coordinates at the largest local scale in view (the near edge), plus
  /// rounding of screen coordinates.
  public func tolerance(padding: Double) -> Double {
    let up = -(camera.height / 2 + padding)
    let k = up * distance / (distance * cosPsi - up * sinPsi)
    let nearScale = rect.scale * distance / (distance + k * sinPsi)
    return 1e-9 + 256 * Double.ulpOfOne * max(1, nearScale * 4) + 1e-12 * (camera.width + camera.height + padding)
  }
}
