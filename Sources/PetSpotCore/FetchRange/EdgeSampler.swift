import RealModule

/// One ellipsoidal measurement on an edge: the distance from the centre at parameter t and its
/// rate of change along the edge.
package struct EdgeSample {
  /// The edge parameter, 0 at its start and 1 at its end.
  package let t: Double
  /// The measured distance from the centre, metres.
  package let metres: Double
  /// d(metres)/dt: metres of distance gained per unit of t.
  package let slope: Double
}

/// Where one hump of the ellipsoidal distance along an edge peaks, as the samples locate it:
/// between `lower` and `upper`, where the slope falls from ≥ 0 to ≤ 0, or at an end of the edge
/// (`lower` and `upper` the same sample) that the distance rises towards.
struct Hump {
  let lower: EdgeSample
  let upper: EdgeSample

  /// The largest distance measured at the hump's samples, metres.
  var measured: Double { max(lower.metres, upper.metres) }
}

/// Measures the distance and its slope at the sample points t = i / count of a segment (and
/// between them), and locates humps from those measurements.
///
/// The slope comes with the measurement: the measure's gradient on the surface (for the geodesic,
/// the unit vector along its arrival azimuth) projected on the edge's velocity in metres, north
/// and east from the ellipsoid's radii of curvature. Led by the slope, a climb takes one
/// measurement per step and a refinement converges in a few (the slope is nearly linear across a
/// hump's peak).
package struct EdgeSampler {
  let search: SegmentSearch
  let measure: DistanceMeasure
  let count: Int

  /// Along-edge metres a refinement steps past a predicted peak to close its bracket.
  static var closingStep: Double { 20 }
  /// A refinement stops when its bracket is this short along the edge, metres.
  static var bracketTolerance: Double { 50 }

  /// Measures `search`'s edge with `measure`, its grid having `count` + 1 points.
  package init(search: SegmentSearch, measure: DistanceMeasure, count: Int) {
    self.search = search
    self.measure = measure
    self.count = count
  }

  /// The measurement at grid point `i` (a vertex's is measured once per polygon).
  func sample(_ i: Int) -> EdgeSample {
    guard let vertices = search.vertices, i == 0 || i == count else { return sample(at: Double(i) / Double(count)) }
    let t = i == 0 ? 0.0 : 1.0
    let point = search.coordinate(at: t)
    let measured = vertices.measurement(at: i == 0 ? search.from : search.to) { measure.measure(point) }
    return EdgeSample(t: t, metres: measured.metres, slope: slope(atLatitude: point.latitude, measured))
  }

  /// The measurement at parameter `t`.
  package func sample(at t: Double) -> EdgeSample {
    let point = search.coordinate(at: t)
    let measured = measure.measure(point)
    return EdgeSample(t: t, metres: measured.metres, slope: slope(atLatitude: point.latitude, measured))
  }

  /// d(distance)/dt where the edge is at `latitude` (degrees): with x(t) and y(t) linear,
  /// dφ/dt = −2π·Δy·cos φ (φ = gd(π(1 − 2y))) and dλ/dt = 2π·Δx radians.
  private func slope(atLatitude latitude: Double, _ measured: Measurement) -> Double {
    let phi = latitude * .pi / 180
    let radii = WGS84.metresPerRadian(latitude: phi)
    let north = radii.north * (-2 * .pi * (search.to.y - search.from.y) * Double.cos(phi))
    let east = radii.east * (2 * .pi * (search.to.x - search.from.x))
    return north * measured.north + east * measured.east
  }

  /// Climbs from grid point `start` in the direction the distance grows, one measurement per step,
  /// to the hump it belongs to.
  func climb(from start: Int) -> Hump {
    var index = start
    var here = sample(index)
    if here.slope > 0 {
      while index < count {
        let next = sample(index + 1)
        if !(next.slope > 0) { return Hump(lower: here, upper: next) }
        (index, here) = (index + 1, next)
      }
    } else if here.slope < 0 {
      while index > 0 {
        let previous = sample(index - 1)
        if !(previous.slope < 0) { return Hump(lower: previous, upper: here) }
        (index, here) = (index - 1, previous)
      }
    }
    return Hump(lower: here, upper: here)
  }

  /// An upper bound of the hump's peak, metres: the largest distance measured in its bracket once
  /// that is shorter than ``bracketTolerance`` along the edge (`edgeMetres`: an upper bound of the
  /// edge's metres per unit t), raised by the most a smooth peak can rise within the bracket and
  /// the search allowance.
  ///
  /// The zero of the slope is sought by secant steps through the two latest measurements, kept
  /// inside the bracket; a step that would land within ``closingStep`` of the latest point lands
  /// that far beyond it instead (closing the bracket on the peak's other side), and a bisection
  /// follows any step that left the bracket more than half as wide as before.
  func peak(of hump: Hump, edgeMetres: Double) -> Double {
    var (lower, upper) = (hump.lower, hump.upper)
    var best = hump.measured
    var (older, newer) = (lower, upper)
    let step = Self.closingStep / edgeMetres
    var stalled = false
    var steps = 0
    while (upper.t - lower.t) * edgeMetres > Self.bracketTolerance && steps < 200 {
      steps += 1
      let width = upper.t - lower.t
      var t = newer.t - newer.slope * (newer.t - older.t) / (newer.slope - older.slope)
      if abs(t - newer.t) < step { t = newer.t + (newer.slope > 0 ? step : -step) }
      if stalled || !(t > lower.t && t < upper.t) { t = (lower.t + upper.t) / 2 }
      let here = sample(at: t)
      best = max(best, here.metres)
      if here.slope > 0 {
        lower = here
      } else if here.slope < 0 {
        upper = here
      } else {
        (lower, upper) = (here, here)
      }
      stalled = upper.t - lower.t > width / 2 && !stalled
      (older, newer) = (newer, here)
    }
    let bracket = (upper.t - lower.t) * edgeMetres
    return best + 4 * bracket * bracket / 6_356_752 + SegmentSearch.searchAllowance
  }
}

/// Measurements at a polygon's vertices during one search, so that the two edges meeting at a
/// vertex measure it once.
final class VertexDistances {
  private var known: [(point: MercatorPoint, measured: Measurement)] = []

  /// The measurement at `point`, taken by `measure` the first time.
  func measurement(at point: MercatorPoint, _ measure: () -> Measurement) -> Measurement {
    if let hit = known.first(where: { $0.point == point }) { return hit.measured }
    let measured = measure()
    known.append((point, measured))
    return measured
  }
}
