import PetSpotCore
import PetSpotPROJ
import PetSpotTestSupport
import RealModule
import Testing

/// The fetch range's edge search, one straight Mercator edge at a time: the slope that leads it
/// and the maximum it reports, against finite differences and a dense PROJ `geod_inverse` search.
@Suite("Fetch range: one edge's farthest point, led by the distance's slope")
struct EdgeSearchTests {
  let geodesic = Geodesic()

  struct Edge: CustomStringConvertible {
    let center: GeoCoordinate
    let from: MercatorPoint
    let to: MercatorPoint
    var search: SegmentSearch { SegmentSearch(center: center, from: from, to: to) }
    var description: String { "centre \(center), edge \(from) → \(to)" }
  }

  /// A centre anywhere within ±84° and an edge anywhere in the band, log-uniform from 1e-5 to 0.6
  /// world widths long in any direction, x unwrapped.
  static func farEdge(_ random: inout SeededRandom) -> Edge {
    let center = GeoCoordinate(latitude: random.uniform(-84...84), longitude: random.uniform(-180...180))
    let from = MercatorPoint(x: random.uniform(-0.5...1.5), y: random.uniform(0.03...0.97))
    return Edge(
      center: center, from: from, to: endpoint(from: from, length: Double.pow(10, random.uniform(-5 ... -0.2)), &random)
    )
  }

  /// A centre within ±84° and an edge within `reach` metres of it (sampled): the chord
  /// bound's regime.
  static func nearEdge(_ random: inout SeededRandom, reach: Double) -> Edge {
    while true {
      let center = GeoCoordinate(latitude: random.uniform(-84...84), longitude: random.uniform(-180...180))
      let c = MercatorPoint(x: WebMercator.x(longitude: center.longitude), y: WebMercator.y(latitude: center.latitude))
      let offset = Double.pow(10, random.uniform(-5 ... -2.3))
      let angle = random.uniform(0...(2 * .pi))
      let from = MercatorPoint(x: c.x + offset * Double.cos(angle), y: c.y + offset * Double.sin(angle))
      let edge = Edge(
        center: center, from: from, to: endpoint(from: from, length: offset * random.uniform(0.1...2), &random))
      let farthest = (0...32).map { Geodesic().distance(center, edge.search.coordinate(at: Double($0) / 32)) }.max()!
      if farthest < reach, edge.from.y > 0, edge.from.y < 1, edge.to.y > 0, edge.to.y < 1 { return edge }
    }
  }

  static func endpoint(from: MercatorPoint, length: Double, _ random: inout SeededRandom) -> MercatorPoint {
    let angle = random.uniform(0...(2 * .pi))
    var (dx, dy) = (length * Double.cos(angle), length * Double.sin(angle))
    let limit = dy > 0 ? 0.99 - from.y : from.y - 0.01
    if abs(dy) > limit { (dx, dy) = (dx * limit / abs(dy), dy * limit / abs(dy)) }
    return MercatorPoint(x: from.x + dx, y: from.y + dy)
  }

  /// The largest geodesic distance along the edge: 4,001 samples, then a ternary search around the
  /// best to 1e-12 of the edge. Every sample lies on the edge, so this is a lower bound of the
  /// true maximum, and a tight one.
  func denseMaximum(_ edge: Edge) -> Double {
    let search = edge.search
    let along = { (t: Double) in geodesic.distance(edge.center, search.coordinate(at: t)) }
    let n = 4_000
    var (best, bestIndex) = (-1.0, 0)
    for i in 0...n where along(Double(i) / Double(n)) > best {
      (best, bestIndex) = (along(Double(i) / Double(n)), i)
    }
    var (lower, upper) = (Double(max(bestIndex - 1, 0)) / Double(n), Double(min(bestIndex + 1, n)) / Double(n))
    while upper - lower > 1e-12 {
      let (a, b) = (lower + (upper - lower) / 3, upper - (upper - lower) / 3)
      if along(a) < along(b) { lower = a } else { upper = b }
    }
    return max(best, along(lower), along(upper))
  }

  @Test("the slope of the geodesic and of its chord bound is the derivative of what they measure")
  func slopeIsTheDerivative() {
    var random = SeededRandom(seed: 0x51_09E)
    for index in 0..<600 {
      let edge = index % 2 == 0 ? Self.farEdge(&random) : Self.nearEdge(&random, reach: 140_000)
      let measure: DistanceMeasure =
        index % 2 == 0
        ? .geodesic(GeodesicMeasure(metric: geodesic, center: edge.center)) : .chord(ChordMeasure(center: edge.center))
      let sampler = EdgeSampler(search: edge.search, measure: measure, count: 16)
      let t = random.uniform(0.05...0.95)
      let here = sampler.sample(at: t)
      guard here.metres > 10_000 || (index % 2 == 1 && here.metres > 1_000) else { continue }
      let edgeMetres = geodesic.distance(edge.search.coordinate(at: 0), edge.search.coordinate(at: 1))
      let h = 0.5 / max(edgeMetres, 0.5)
      let difference = (sampler.sample(at: t + h).metres - sampler.sample(at: t - h).metres) / (2 * h)
      #expect(
        abs(here.slope - difference) <= 1e-6 * edgeMetres + 1e-6 * abs(here.slope),
        "slope \(here.slope) vs finite difference \(difference) at t = \(t), \(edge)")
    }
  }

  @Test("an edge's maximum: never below a dense geodesic search, at most 0.01 % above it")
  func geodesicMaximumAgreesWithDenseSearch() {
    var random = SeededRandom(seed: 0xED_6E)
    for _ in 0..<400 {
      let edge = Self.farEdge(&random)
      let reference = denseMaximum(edge)
      let found = edge.search.farthestDistance(
        measure: .geodesic(GeodesicMeasure(metric: geodesic, center: edge.center)))
      #expect(found >= reference - 1e-6, "\(found) below the dense maximum \(reference) for \(edge)")
      #expect(found <= reference * 1.0001, "\(found) over the dense maximum \(reference) by too much for \(edge)")
    }
  }

  @Test("within 150 km the chord bound's maximum is above the geodesic one by at most 0.01 %")
  func chordMaximumBoundsTheGeodesicOne() {
    var random = SeededRandom(seed: 0xC0_4D)
    for _ in 0..<400 {
      let edge = Self.nearEdge(&random, reach: ChordMeasure.largestDistance)
      let reference = denseMaximum(edge)
      let found = edge.search.farthestDistance(measure: .chord(ChordMeasure(center: edge.center)))
      #expect(found >= reference, "\(found) below the dense maximum \(reference) for \(edge)")
      #expect(found <= reference * 1.0001, "\(found) over the dense maximum \(reference) by too much for \(edge)")
    }
  }
}
