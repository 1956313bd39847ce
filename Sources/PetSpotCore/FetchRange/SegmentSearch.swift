import RealModule

/// The farthest point from a centre along one straight edge of the Mercator plane.
///
/// Parallels (horizontal edges) are solved in closed form. Other edges are scanned on the
/// sphere; from every hump within 2 % of the best one the search climbs on the ellipsoid, led by
/// the distance's slope along the edge (``EdgeSampler``), to the end or the pair of samples where
/// the slope changes sign, and refines that pair by a safeguarded secant search for the zero of
/// the slope when the samples are too far apart to bound the peak between them.
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
    // cheap; longer ones refine each hump by a secant search for the zero of its slope instead.
    let endpoints = max(sphere.angle(to: coordinate(at: 0)), sphere.angle(to: coordinate(at: 1))) * 6_356_752
    let fine = Self.fineSpacing(forDistance: endpoints)
    let coarse = 16 + (Int(clamping: length * 128, to: 0...4080, rounding: .towardZero) ?? 4080)
    let needed = Int(clamping: edgeMetres / fine, to: 0...Self.maxFineSamples, rounding: .up) ?? Self.maxFineSamples
    let n = needed < Self.maxFineSamples ? max(coarse, needed) : coarse
    let spacingMetres = edgeMetres / Double(n)
    let sampler = EdgeSampler(search: self, metric: metric, count: n)
    // The ellipsoid's peak can sit a few samples from the sphere's: climb to it on the grid.
    var humps: [Hump] = []
    for peak in sphericalPeaks(count: n) {
      let hump = sampler.climb(from: peak)
      if !humps.contains(where: { $0.lower.t == hump.lower.t }) { humps.append(hump) }
    }
    // Between samples a smooth peak rises at most spacing² · |f''| / 8 above the best sample;
    // |f''| ≤ 4 / R keeps a wide margin for curved (loxodrome) edges near the poles.
    let rise = 4 * spacingMetres * spacingMetres / 6_356_752
    var best = humps.map(\.measured).max() ?? 0
    if rise <= Self.riseAllowance(forDistance: best) { return best + rise }
    // Refine the highest humps first; a hump that cannot beat the best found is skipped.
    for hump in humps.sorted(by: { $0.measured > $1.measured }) where hump.measured + rise >= best {
      best = max(best, sampler.peak(of: hump, edgeMetres: edgeMetres))
    }
    return best
  }

  /// The sample indices (of `count` + 1 evenly spaced points) where the distance on the sphere has
  /// a local maximum within ``refineThreshold`` of the largest: where the ellipsoid's humps are.
  private func sphericalPeaks(count n: Int) -> [Int] {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: n + 1) { scores in
      // Scores are squared chords on the unit sphere: monotone in the angle, no inverse trig.
      SphericalChord(center: center).squaredChords(from: from, to: to, into: scores)
      let bestScore = scores.max() ?? 0
      let threshold = SphericalChord.squaredChord(
        angle: SphericalChord.angle(squaredChord: bestScore) * Self.refineThreshold)
      return (0...n).filter { i in
        scores[i] >= threshold && (i == 0 || scores[i] >= scores[i - 1]) && (i == n || scores[i] >= scores[i + 1])
      }
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
}
