import PetSpotGeo

extension DenseRangeReference {
  /// The largest sampled distance (metres) from a pitch-form camera's centre to its visible region
  /// Q ∩ band, sampled through the spec's formula (``TiltedReference``): the screen's boundary
  /// densely, its interior on a grid, the band edges Y = 0 and Y = 1 where they cross Q, the
  /// antipode's copies in Q, then finely around the best sample. Every sample is a point of the
  /// region, so the result is a tight lower bound of the true maximum.
  public func largestDistance(forTilted camera: Camera) -> Double {
    let reference = TiltedReference(camera: camera)
    let (w, h) = (camera.width, camera.height)
    var best = -1.0
    var bestScreen = ScreenPoint(x: w / 2, y: h / 2)
    func measure(_ p: MercatorPoint) -> Double? {
      guard p.y >= 0, p.y <= 1 else { return nil }
      let lat = WebMercator.latitude(y: p.y)
      return metric.distance(camera.center, GeoCoordinate(latitude: lat, longitude: WebMercator.longitude(x: p.x)))
    }
    func visit(_ screen: ScreenPoint) {
      guard let p = reference.mercatorPoint(at: screen), let d = measure(p) else { return }
      if d > best {
        best = d
        bestScreen = screen
      }
    }
    func inView(_ p: MercatorPoint) -> ScreenPoint? {
      guard let s = reference.screenPoint(x: p.x, y: p.y), s.x >= 0, s.x <= w, s.y >= 0, s.y <= h else { return nil }
      return s
    }
    let n = boundarySamples
    for i in 0...n {
      let t = Double(i) / Double(n)
      visit(ScreenPoint(x: t * w, y: 0))
      visit(ScreenPoint(x: t * w, y: h))
      visit(ScreenPoint(x: 0, y: t * h))
      visit(ScreenPoint(x: w, y: t * h))
    }
    for i in 0...gridSamples {
      for j in 0...gridSamples {
        visit(ScreenPoint(x: w * Double(i) / Double(gridSamples), y: h * Double(j) / Double(gridSamples)))
      }
    }
    let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].compactMap {
      reference.mercatorPoint(at: ScreenPoint(x: $0.0, y: $0.1))
    }
    let (minX, maxX) = (corners.map(\.x).min()!, corners.map(\.x).max()!)
    // Q's edges are straight in Mercator (the screen samples above thin out towards the horizon):
    // sample the boundary of Q ∩ band uniformly along each edge, then finely around the best.
    var polygon = corners
    for (bandY, keepBelow) in [(0.0, false), (1.0, true)] {
      var clipped: [MercatorPoint] = []
      for (i, current) in polygon.enumerated() {
        let previous = polygon[(i + polygon.count - 1) % polygon.count]
        let (inside, previousInside) =
          keepBelow ? (current.y <= bandY, previous.y <= bandY) : (current.y >= bandY, previous.y >= bandY)
        if inside != previousInside {
          let t = (bandY - previous.y) / (current.y - previous.y)
          clipped.append(MercatorPoint(x: previous.x + t * (current.x - previous.x), y: bandY))
        }
        if inside { clipped.append(current) }
      }
      polygon = clipped
    }
    for i in polygon.indices {
      let (p, q) = (polygon[i], polygon[(i + 1) % polygon.count])
      func at(_ t: Double) -> MercatorPoint { MercatorPoint(x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y)) }
      var edgeBest = (t: 0.0, d: -1.0)
      for k in 0...(4 * n) {
        let t = Double(k) / Double(4 * n)
        if let d = measure(at(t)), d > edgeBest.d { edgeBest = (t, d) }
      }
      for k in -80...80 {
        let t = min(max(edgeBest.t + Double(k) / Double(4 * n) / 40, 0), 1)
        if let d = measure(at(t)), d > edgeBest.d { edgeBest = (t, d) }
      }
      if edgeBest.d > best, let s = reference.screenPoint(x: at(edgeBest.t).x, y: at(edgeBest.t).y) {
        (best, bestScreen) = (edgeBest.d, s)
      } else if edgeBest.d > best {
        best = edgeBest.d
      }
    }
    if abs(camera.center.latitude) <= WebMercator.latitudeLimit {
      let y = WebMercator.y(latitude: -camera.center.latitude)
      var x = WebMercator.x(longitude: camera.center.longitude) + 0.5 + (minX - 2).rounded(.down)
      while x <= maxX + 1 {
        if let s = inView(MercatorPoint(x: x, y: y)), let d = measure(MercatorPoint(x: x, y: y)), d > best {
          (best, bestScreen) = (d, s)
        }
        x += 1
      }
    }
    for i in -40...40 {
      for j in -40...40 {
        let s = ScreenPoint(
          x: min(max(bestScreen.x + Double(i) * w / Double(n) / 20, 0), w),
          y: min(max(bestScreen.y + Double(j) * h / Double(n) / 20, 0), h))
        visit(s)
      }
    }
    return best
  }
}
