import PetSpotGeo
import RealModule

/// A brute-force reference for the fetch range, written from docs/camera-model.md without the
/// solver's reasoning: it samples the visible rectangle (boundary densely, interior on a grid, the
/// band edges where they cut it) in view coordinates, measures every sample with the given metric,
/// then re-samples finely around the best one. Every sample is a point of the region, so the
/// result is a lower bound of the true maximum, and a tight one.
public struct DenseRangeReference<Metric: GeodesicMetric> {
  public let metric: Metric
  public let boundarySamples: Int
  public let gridSamples: Int

  public init(metric: Metric, boundarySamples: Int = 600, gridSamples: Int = 24) {
    self.metric = metric
    self.boundarySamples = boundarySamples
    self.gridSamples = gridSamples
  }

  /// The largest sampled distance in metres from the camera centre to its visible region.
  public func largestDistance(for camera: Camera) -> Double {
    let rect = VisibleRectangle(camera: camera)
    let (hx, hy) = (rect.halfWidth, rect.halfHeight)
    let cosT = rect.rotation.cos
    let sinT = rect.rotation.sin
    var best = -1.0
    var bestAB = (0.0, 0.0)
    func visit(_ a: Double, _ b: Double) {
      // p = c + a·r + b·u with r = (cos, sin), u = (sin, −cos)
      let x = rect.center.x + a * cosT + b * sinT
      let y = rect.center.y + a * sinT - b * cosT
      guard y >= 0, y <= 1 else { return }
      let lat = Double.atan(Double.sinh(Double.pi * (1 - 2 * y))) * 180 / .pi
      let d = metric.distance(camera.center, GeoCoordinate(latitude: lat, longitude: x * 360 - 180))
      if d > best {
        best = d
        bestAB = (a, b)
      }
    }
    let n = boundarySamples
    for i in 0...n {
      let t = -1 + 2 * Double(i) / Double(n)
      visit(t * hx, hy)
      visit(t * hx, -hy)
      visit(hx, t * hy)
      visit(-hx, t * hy)
    }
    for i in 0...gridSamples {
      for j in 0...gridSamples {
        visit((-1 + 2 * Double(i) / Double(gridSamples)) * hx, (-1 + 2 * Double(j) / Double(gridSamples)) * hy)
      }
    }
    // The band edges Y = 0 and Y = 1 where they cross the rectangle.
    for bandY in [0.0, 1.0] {
      let ext = hx * abs(cosT) + hy * abs(sinT)
      for i in 0...n {
        let x = rect.center.x - ext + 2 * ext * Double(i) / Double(n)
        let (dx, dy) = (x - rect.center.x, bandY - rect.center.y)
        let a = dx * cosT + dy * sinT
        let b = dx * sinT - dy * cosT
        if abs(a) <= hx && abs(b) <= hy { visit(a, b) }
      }
    }
    // The antipode, if the rectangle holds a copy of it.
    if abs(camera.center.latitude) <= WebMercator.latitudeLimit {
      let y = WebMercator.y(latitude: -camera.center.latitude)
      let ext = hx * abs(cosT) + hy * abs(sinT)
      var k = (-ext - 0.5).rounded(.down)
      while k <= ext + 0.5 {
        let (dx, dy) = (0.5 + k, y - rect.center.y)
        let a = dx * cosT + dy * sinT
        let b = dx * sinT - dy * cosT
        if abs(a) <= hx && abs(b) <= hy { visit(a, b) }
        k += 1
        if k > 2_000 { break }
      }
    }
    // Re-sample finely around the best sample, staying inside the rectangle.
    let stepA = 2 * hx / Double(n)
    let stepB = 2 * hy / Double(n)
    let (a0, b0) = bestAB
    for i in -40...40 {
      for j in -40...40 {
        let a = min(max(a0 + Double(i) * stepA / 20, -hx), hx)
        let b = min(max(b0 + Double(j) * stepB / 20, -hy), hy)
        visit(a, b)
      }
    }
    return best
  }
}
