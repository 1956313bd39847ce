import RealModule

/// The farthest point from a centre along one straight edge of the Mercator plane.
///
/// Parallels (horizontal edges) are solved in closed form. Other edges are scanned on the
/// sphere, and every hump within 2 % of the best one is refined on the ellipsoid with a
/// golden-section search over the two sample intervals either side of it.
struct SegmentSearch {
  let center: GeoCoordinate
  let from: MercatorPoint
  let to: MercatorPoint
  /// Distances already measured at the polygon's vertices (an edge's ends are its neighbours'), or
  /// `nil` for a lone edge.
  var vertices: VertexDistances? = nil

  /// Fraction of the best spherical distance a hump must reach to be refined on the ellipsoid
  /// (sphere and ellipsoid differ by well under 1 %).
  static var refineThreshold: Double { 0.98 }

  /// How far (metres) a sampled maximum may be raised to cover the rise between samples: half of
  /// the 0.01 % the range may exceed the truth by (rounding up to a whole metre takes the 1 m).
  static func riseAllowance(forDistance metres: Double) -> Double { 5e-5 * metres }

  /// The sample spacing (metres) whose rise bound 4·spacing²/R stays within the allowance for a
  /// maximum of at least `metres`.
  static func fineSpacing(forDistance metres: Double) -> Double {
    (riseAllowance(forDistance: metres) * 6_356_752 / 4).squareRoot()
  }

  /// The most samples an edge gets to avoid refinement (beyond, humps are refined instead).
  static var maxFineSamples: Int { 128 }

  func farthestDistance<Metric: GeodesicMetric>(metric: Metric) -> Double {
    if from.y == to.y { return farthestOnParallel(metric: metric) }
    let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
    // An upper bound of the edge's length in metres: Mercator is conformal, and a world width is
    // 40 075 017 m · cos(lat) at latitude lat on the sphere (the largest at the edge's point
    // nearest the equator); 1 % covers the ellipsoid's longer radii of curvature.
    let crossesEquator = (from.y - 0.5) * (to.y - 0.5) <= 0
    let nearestEquator = crossesEquator ? 0.5 : abs(from.y - 0.5) < abs(to.y - 0.5) ? from.y : to.y
    let edgeMetres = length * 40_075_017 * 1.01 * Double.cos(WebMercator.latitude(y: nearestEquator) * .pi / 180)
    let sphere = SphericalDistance(center: center)
    // Humps are thousands of kilometres wide: 128 samples per world width find them all. A peak
    // sampled finely enough needs no refinement (the rise between samples stays within
    // `riseAllowance`): short edges (city views) are sampled that finely on the sphere, which is
    // cheap; longer ones refine each hump by golden-section search instead.
    let endpoints = max(sphere.angle(to: coordinate(at: 0)), sphere.angle(to: coordinate(at: 1))) * 6_356_752
    let fine = Self.fineSpacing(forDistance: endpoints)
    let coarse = 16 + (Int(clamping: length * 128, to: 0...4080, rounding: .towardZero) ?? 4080)
    let needed = Int(clamping: edgeMetres / fine, to: 0...Self.maxFineSamples, rounding: .up) ?? Self.maxFineSamples
    let n = needed < Self.maxFineSamples ? max(coarse, needed) : coarse
    let spacingMetres = edgeMetres / Double(n)
    let grid = SampleGrid(search: self, metric: metric, count: n)
    let chords = SphericalChord(center: center)
    var samples = [Double](repeating: 0, count: n + 1)
    return samples.withUnsafeMutableBufferPointer { scores in
      // Scores are squared chords on the unit sphere: monotone in the angle, no inverse trig.
      var bestScore = 0.0
      for i in 0...n {
        let t = Double(i) / Double(n)
        scores[i] = chords.squaredChord(x: from.x + t * (to.x - from.x), y: from.y + t * (to.y - from.y))
        bestScore = max(bestScore, scores[i])
      }
      let threshold = SphericalChord.squaredChord(
        angle: SphericalChord.angle(squaredChord: bestScore) * Self.refineThreshold)
      // The ellipsoid's peak can sit a few samples from the sphere's: climb to it on the grid.
      var peaks: [(index: Int, value: Double)] = []
      for i in 0...n
      where scores[i] >= threshold
        && (i == 0 || scores[i] >= scores[i - 1]) && (i == n || scores[i] >= scores[i + 1])
      {
        peaks.append(grid.climb(from: i))
      }
      // Between samples a smooth peak rises at most spacing² · |f''| / 8 above the best sample;
      // |f''| ≤ 4 / R keeps a wide margin for curved (loxodrome) edges near the poles.
      let rise = 4 * spacingMetres * spacingMetres / 6_356_752
      var best = peaks.map(\.value).max() ?? 0
      if rise <= Self.riseAllowance(forDistance: best) { return best + rise }
      // Refine the highest humps first; a hump that cannot beat the best found is skipped.
      for (peak, value) in peaks.sorted(by: { $0.value > $1.value }) where value + rise >= best {
        let lower = Double(max(peak - 1, 0)) / Double(n)
        let upper = Double(min(peak + 1, n)) / Double(n)
        best = max(best, refine(metric: metric, lower: lower, upper: upper, edgeMetres: edgeMetres))
      }
      return best
    }
  }

  /// The coordinate at parameter t ∈ [0, 1] along the edge (longitude unwrapped).
  func coordinate(at t: Double) -> GeoCoordinate {
    let x = from.x + t * (to.x - from.x)
    let y = from.y + t * (to.y - from.y)
    return GeoCoordinate(latitude: WebMercator.latitude(y: y), longitude: WebMercator.longitude(x: x))
  }

  /// Along a parallel the distance grows with |Δλ| up to 180°: take Δλ = 180° when the edge
  /// reaches it, else the end farthest in longitude.
  private func farthestOnParallel<Metric: GeodesicMetric>(metric: Metric) -> Double {
    let latitude = WebMercator.latitude(y: from.y)
    let centerX = WebMercator.x(longitude: center.longitude)
    let lo = min(from.x, to.x)
    let hi = max(from.x, to.x)
    let firstOpposite = (lo - centerX - 0.5).rounded(.up)
    let deltaX: Double
    if centerX + 0.5 + firstOpposite <= hi {
      deltaX = 0.5
    } else {
      deltaX = max(abs(WorldCopy.nearestOffset(lo - centerX)), abs(WorldCopy.nearestOffset(hi - centerX)))
    }
    return metric.distance(center, GeoCoordinate(latitude: latitude, longitude: center.longitude + deltaX * 360))
  }

  /// Golden-section search for the largest ellipsoidal distance on t ∈ [lower, upper], until the
  /// bracket is shorter than 50 m along the edge (an upper bound on metres per unit t); the value
  /// returned is raised by the most a smooth peak can exceed the bracket's best point (under 2 mm).
  private func refine<Metric: GeodesicMetric>(
    metric: Metric, lower: Double, upper: Double, edgeMetres: Double
  ) -> Double {
    let along = { (t: Double) in metric.distance(center, coordinate(at: t)) }
    let best = GoldenSection.maximize(
      of: along, lower: lower, upper: upper, maxIterations: 80, while: { $0 * edgeMetres > 50 })
    let bracket = best.bracket * edgeMetres
    return best.value + 4 * bracket * bracket / 6_356_752 + FetchRangeSolver<Metric>.searchAllowance
  }
}

/// Ellipsoidal distances at the sample points t = i / count of a segment.
private struct SampleGrid<Metric: GeodesicMetric> {
  let search: SegmentSearch
  let metric: Metric
  let count: Int

  func distance(_ i: Int) -> Double {
    if let vertices = search.vertices, i == 0 || i == count {
      let vertex = i == 0 ? search.from : search.to
      return vertices.distance(at: vertex) {
        metric.distance(
          search.center,
          GeoCoordinate(latitude: WebMercator.latitude(y: vertex.y), longitude: WebMercator.longitude(x: vertex.x)))
      }
    }
    return metric.distance(search.center, search.coordinate(at: Double(i) / Double(count)))
  }

  /// Hill-climbs from sample `start` to a local maximum of the ellipsoidal distance on the grid:
  /// its index and distance.
  func climb(from start: Int) -> (index: Int, value: Double) {
    var index = start
    var value = distance(start)
    while true {
      let left = index > 0 ? distance(index - 1) : -1
      let right = index < count ? distance(index + 1) : -1
      if left > value && left >= right {
        index -= 1
        value = left
      } else if right > value {
        index += 1
        value = right
      } else {
        return (index, value)
      }
    }
  }
}

/// Great-circle angles from a fixed centre on the unit sphere (haversine form, well conditioned
/// for tiny and near-antipodal distances). Used only to locate maxima, never as a result.
struct SphericalDistance {
  private let sinLat: Double, cosLat: Double, lat: Double, lng: Double

  init(center: GeoCoordinate) {
    lat = center.latitude * .pi / 180
    lng = center.longitude * .pi / 180
    sinLat = Double.sin(lat)
    cosLat = Double.cos(lat)
  }

  /// The central angle in radians to `point`.
  func angle(to point: GeoCoordinate) -> Double {
    let lat2 = point.latitude * .pi / 180
    let lng2 = point.longitude * .pi / 180
    let sdLat = Double.sin((lat2 - lat) / 2)
    let sdLng = Double.sin((lng2 - lng) / 2)
    let h = sdLat * sdLat + cosLat * Double.cos(lat2) * sdLng * sdLng
    return 2 * Double.asin(min(1, h.squareRoot()))
  }
}

/// Ellipsoidal distances measured at a polygon's vertices during one search, so that the two edges
/// meeting at a vertex measure it once.
final class VertexDistances {
  private var known: [(point: MercatorPoint, metres: Double)] = []

  /// The distance at `point`, measured by `measure` the first time.
  func distance(at point: MercatorPoint, _ measure: () -> Double) -> Double {
    if let hit = known.first(where: { $0.point == point }) { return hit.metres }
    let metres = measure()
    known.append((point, metres))
    return metres
  }
}

/// Squared chord lengths on the unit sphere from a fixed centre to Mercator points, without
/// inverse trigonometry: with u = π(1 − 2Y), cos φ = 1/cosh u and sin φ = tanh u. Monotone in the
/// central angle, so it locates maxima as the angle does, at a fraction of the cost.
struct SphericalChord {
  private let cx: Double, cy: Double, cz: Double

  init(center: GeoCoordinate) {
    let lat = center.latitude * .pi / 180
    let lng = center.longitude * .pi / 180
    (cx, cy, cz) = (Double.cos(lat) * Double.cos(lng), Double.cos(lat) * Double.sin(lng), Double.sin(lat))
  }

  /// |p − c|² for the point at Mercator (x, y) (x unwrapped).
  @inline(__always)
  func squaredChord(x: Double, y: Double) -> Double {
    let e = Double.exp(.pi * (1 - 2 * y))
    let inverse = 1 / e
    let cosLat = 2 / (e + inverse)
    let sinLat = (e - inverse) / (e + inverse)
    let lng = (2 * x - 1) * .pi
    let (px, py, pz) = (cosLat * Double.cos(lng), cosLat * Double.sin(lng), sinLat)
    return (px - cx) * (px - cx) + (py - cy) * (py - cy) + (pz - cz) * (pz - cz)
  }

  /// The central angle (radians) of a squared chord.
  static func angle(squaredChord c2: Double) -> Double { 2 * Double.asin(min(1, c2.squareRoot() / 2)) }

  /// The squared chord of a central angle (radians).
  static func squaredChord(angle: Double) -> Double {
    let chord = 2 * Double.sin(angle / 2)
    return chord * chord
  }
}
