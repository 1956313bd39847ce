import RealModule

/// The farthest point from a centre along one straight edge of the Mercator plane.
///
/// Parallels (horizontal edges) are solved in closed form. Other edges are scanned on the
/// sphere; from every hump within 2 % of the best one the search climbs on the ellipsoid, led by
/// the distance's slope along the edge (``EdgeSampler``), to the end or the pair of samples where
/// the slope changes sign, and refines that pair by a safeguarded secant search for the zero of
/// the slope when the samples are too far apart to bound the peak between them. What is measured
/// is a ``DistanceMeasure``: the geodesic distance or, near the centre, its chord bound.
package struct SegmentSearch {
  package let center: GeoCoordinate
  package let from: MercatorPoint
  package let to: MercatorPoint
  /// Distances already measured at the polygon's vertices (an edge's ends are its neighbours'), or
  /// `nil` for a lone edge.
  var vertices: VertexDistances? = nil

  /// A lone edge from `from` to `to` (Mercator, x unwrapped), measured from `center`.
  package init(center: GeoCoordinate, from: MercatorPoint, to: MercatorPoint) {
    self.center = center
    self.from = from
    self.to = to
  }

  /// An edge of a polygon whose vertex measurements are shared through `vertices`.
  init(center: GeoCoordinate, from: MercatorPoint, to: MercatorPoint, vertices: VertexDistances) {
    self.init(center: center, from: from, to: to)
    self.vertices = vertices
  }

  /// Fraction of the best spherical distance a hump must reach to be refined on the ellipsoid
  /// (sphere and ellipsoid differ by well under 1 %).
  static var refineThreshold: Double { 0.98 }

  /// How far (metres) a sampled maximum may be raised to cover the rise between samples: half of
  /// the 0.01 % the range may exceed the truth by (rounding up to a whole metre takes the 1 m).
  static func riseAllowance(forDistance metres: Double) -> Double { 5e-5 * metres }

  /// Metres added to a maximum found by search (not at a closed-form candidate) to cover the
  /// search's residual, so the range is never below the true maximum.
  static var searchAllowance: Double { 0.001 }

  /// The largest value of `measure` along the edge, metres: at least its true maximum; above it
  /// by at most the rise allowance (a peak between two samples) or ``searchAllowance`` (a refined
  /// one); exact at an end.
  package func farthestDistance(measure: DistanceMeasure) -> Double {
    if from.y == to.y { return farthestOnParallel(measure: measure) }
    let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
    // An upper bound of the edge's length in metres: Mercator is conformal, and a world width is
    // 40 075 017 m · cos(lat) at latitude lat on the sphere (the largest at the edge's point
    // nearest the equator); 1 % covers the ellipsoid's longer radii of curvature.
    let crossesEquator = (from.y - 0.5) * (to.y - 0.5) <= 0
    let nearestEquator = crossesEquator ? 0.5 : abs(from.y - 0.5) < abs(to.y - 0.5) ? from.y : to.y
    let edgeMetres = length * 40_075_017 * 1.01 * Double.cos(WebMercator.latitude(y: nearestEquator) * .pi / 180)
    // Humps are thousands of kilometres wide: 128 samples per world width find them all.
    let n = 16 + (Int(clamping: length * 128, to: 0...4080, rounding: .towardZero) ?? 4080)
    let spacingMetres = edgeMetres / Double(n)
    let sampler = EdgeSampler(search: self, measure: measure, count: n)
    // The measure's peak can sit a few samples from the sphere's: climb to it on the grid. A climb
    // that ends at an end of the edge has found its peak exactly; one that ends between two
    // samples has bracketed it.
    var best = 0.0
    var brackets: [Hump] = []
    forEachSphericalPeak(count: n) { peak in
      let hump = sampler.climb(from: peak)
      if hump.lower.t == hump.upper.t {
        best = max(best, hump.measured)
      } else if !brackets.contains(where: { $0.lower.t == hump.lower.t }) {
        brackets.append(hump)
      }
    }
    // Between samples a smooth peak rises at most spacing² · |f''| / 8 above the best sample;
    // |f''| ≤ 4 / R keeps a wide margin for curved (loxodrome) edges near the poles. A bracket
    // whose rise exceeds the allowance is refined; the highest first, and one that cannot beat the
    // best found is skipped.
    let rise = 4 * spacingMetres * spacingMetres / 6_356_752
    for hump in brackets.sorted(by: { $0.measured > $1.measured }) where hump.measured + rise > best {
      let peak =
        rise <= Self.riseAllowance(forDistance: hump.measured)
        ? hump.measured + rise : sampler.peak(of: hump, edgeMetres: edgeMetres)
      best = max(best, peak)
    }
    return best
  }

  /// Calls `body` with each sample index (of `count` + 1 evenly spaced points) where the distance
  /// on the sphere has a local maximum within ``refineThreshold`` of the largest: where the
  /// measure's humps are.
  private func forEachSphericalPeak(count n: Int, _ body: (Int) -> Void) {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: n + 1) { scores in
      // Scores are squared chords on the unit sphere: monotone in the angle, no inverse trig.
      SphericalChord(center: center).squaredChords(from: from, to: to, into: scores)
      let bestScore = scores.max() ?? 0
      let threshold = SphericalChord.squaredChord(
        angle: SphericalChord.angle(squaredChord: bestScore) * Self.refineThreshold)
      for i in 0...n
      where scores[i] >= threshold && (i == 0 || scores[i] >= scores[i - 1]) && (i == n || scores[i] >= scores[i + 1]) {
        body(i)
      }
    }
  }

  /// The coordinate at parameter t ∈ [0, 1] along the edge (longitude unwrapped).
  package func coordinate(at t: Double) -> GeoCoordinate {
    let x = from.x + t * (to.x - from.x)
    let y = from.y + t * (to.y - from.y)
    return GeoCoordinate(latitude: WebMercator.latitude(y: y), longitude: WebMercator.longitude(x: x))
  }

  /// Along a parallel the distance (and the chord) grows with |Δλ| up to 180°: take Δλ = 180° when
  /// the edge reaches it, else the end farthest in longitude.
  private func farthestOnParallel(measure: DistanceMeasure) -> Double {
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
    return measure.measure(GeoCoordinate(latitude: latitude, longitude: center.longitude + deltaX * 360)).metres
  }
}
