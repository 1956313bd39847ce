internal import PetSpotPROJ
import RealModule

/// Pins within a geodesic distance of a point: what `GET /announcements?lat=&lng=&range=` returns.
extension IndexedPins {
  /// One match: the pin's position in the set and its distance in metres.
  public struct Match: Hashable, Sendable {
    public var position: Int
    public var metres: Double
  }

  /// Pins whose WGS84 geodesic distance from `center` is at most `range` metres, nearest first
  /// (ties in input order).
  ///
  /// Candidates come from the index with a latitude/longitude box that contains the circle (a
  /// degree of latitude is at least 110,574 m; longitude widens by 1/cos of the box's highest
  /// latitude, to the whole world when the box reaches a pole); pins beyond the Mercator limit,
  /// which the index leaves out, are added. Each candidate's straight-line (chord) distance through
  /// the ellipsoid is a lower bound of its geodesic distance: candidates whose chord exceeds the
  /// range are dropped without `geod_inverse`; with a `limit`, only the `limit` smallest chords
  /// (selected, not sorted) and then the candidates whose chord is below the farthest of those are
  /// measured — no other pin can be nearer. With a `limit`, the
  /// circle searched first is a sixteenth of the range, grown until it holds `limit` matches: the
  /// nearest 500 of a 300 km query read the pins of a few tens of kilometres, not all 300.
  /// - Parameters:
  ///   - statuses: keep only these statuses; `nil` keeps every pin.
  ///   - limit: at most this many (the nearest); `nil` for all.
  ///   - include: keep only the positions for which it returns true (applied before any distance
  ///     is measured, so the limit counts only included pins); `nil` keeps every pin.
  public func within(
    metres range: Double, of center: GeoCoordinate, statuses: StatusFilter? = nil, limit: Int? = nil,
    where include: ((Int) -> Bool)? = nil
  ) -> [Match] {
    growingCircle(range: range, limit: limit) { radius in
      within(radius: radius, of: center, statuses: statuses, limit: limit, where: include)
    }
  }

  /// `search(range)`, or with a `limit` the nearest-first search: a small circle first, grown
  /// until it holds `limit` answers (or is the range). Exact: every pin outside a circle of radius
  /// r is farther than r, hence farther than every answer inside it, so once the circle holds
  /// `limit` answers they are the nearest `limit`.
  func growingCircle<Answer>(range: Double, limit: Int?, search: (Double) -> [Answer]) -> [Answer] {
    guard let limit, range > 0 else { return search(range) }
    var radius = range / 16
    while true {
      let answers = search(radius)
      if answers.count >= limit || radius >= range { return answers }
      // Grow by the square root of the shortfall (answers grow with the area), at least 2×.
      let shortfall = Double(limit) / Double(max(answers.count, 1))
      radius = min(range, radius * max(2, (shortfall * 1.5).squareRoot()))
    }
  }

  /// ``within(metres:of:statuses:limit:where:)`` for one circle: every candidate of its box
  /// measured by chord, then by geodesic in chord order until the nearest `limit` are certain.
  private func within(
    radius range: Double, of center: GeoCoordinate, statuses: StatusFilter?, limit: Int?,
    where include: ((Int) -> Bool)?
  ) -> [Match] {
    var candidates = chordCandidates(radius: range, of: center, statuses: statuses, where: include)
    var measured: [Match]
    if let limit, limit < candidates.count {
      measured = nearestCandidates(limit, of: &candidates, center: center, range: range)
    } else {
      measured = candidates.compactMap { candidate in
        let metres = geodesic.distance(center, pins.coordinate(at: candidate.position))
        return metres <= range ? Match(position: candidate.position, metres: metres) : nil
      }
    }
    measured.sort { ($0.metres, $0.position) < ($1.metres, $1.position) }
    if let limit, measured.count > limit { measured.removeLast(measured.count - limit) }
    return measured
  }

  /// The pins of `statuses` that `include` keeps whose chord from `center` is at most `range`
  /// metres (every pin within the range is among them), with their chords, in no set order.
  func chordCandidates(
    radius range: Double, of center: GeoCoordinate, statuses: StatusFilter?, where include: ((Int) -> Bool)?
  ) -> [ChordCandidate] {
    let table = statuses?.codeTable(for: pins)
    var candidates: [ChordCandidate] = []
    let origin = ECEF(center)
    for position in candidatePositions(metres: range, of: center) {
      if let table, !table[Int(pins.statusCodes[position])] { continue }
      if let include, !include(position) { continue }
      let chord = origin.distance(to: ECEF(latitude: pins.latitudes[position], longitude: pins.longitudes[position]))
      if chord <= range + ChordBound.slack { candidates.append(ChordCandidate(position: position, chord: chord)) }
    }
    return candidates
  }

  /// The candidates that may be among the nearest `limit` within `range`, measured: the `limit`
  /// smallest chords first (selected in O(n), not sorted); if all of them lie within the range,
  /// the farthest of them, G, bounds the answer — a pin nearer than G has a chord below G, since a
  /// chord never exceeds its geodesic — so only the other candidates with a chord up to G are
  /// measured too. Otherwise every candidate is. `limit` < `candidates.count`.
  private func nearestCandidates(
    _ limit: Int, of candidates: inout [ChordCandidate], center: GeoCoordinate, range: Double
  ) -> [Match] {
    ChordCandidate.selectSmallest(limit, in: &candidates)
    var measured: [Match] = []
    measured.reserveCapacity(limit + limit / 4)
    var bound = -Double.infinity
    for candidate in candidates[..<limit] {
      let metres = geodesic.distance(center, pins.coordinate(at: candidate.position))
      bound = max(bound, metres)
      if metres <= range { measured.append(Match(position: candidate.position, metres: metres)) }
    }
    if bound > range { bound = range }
    for candidate in candidates[limit...] where candidate.chord <= bound + ChordBound.slack {
      let metres = geodesic.distance(center, pins.coordinate(at: candidate.position))
      if metres <= range { measured.append(Match(position: candidate.position, metres: metres)) }
    }
    return measured
  }

  /// Positions that may lie within `range` of `center`: the index's answer for a box around the
  /// circle, plus the pins beyond the Mercator limit; everything when the box reaches a pole.
  private func candidatePositions(metres range: Double, of center: GeoCoordinate) -> [Int] {
    let degreesLatitude = range / 110_574 + 1e-9
    let north = center.latitude + degreesLatitude
    let south = center.latitude - degreesLatitude
    if north >= 90 || south <= -90 || range >= 20_003_932 { return Array(0..<pins.count) }
    let widest = max(abs(north), abs(south)) * .pi / 180
    let degreesLongitude = degreesLatitude / max(Double.cos(widest), 1e-12)
    let topY = WebMercator.y(latitude: north)
    let bottomY = WebMercator.y(latitude: south)
    let box = VisibleRectangle(
      center: MercatorPoint(x: WebMercator.x(longitude: center.longitude), y: (topY + bottomY) / 2),
      halfWidth: min(degreesLongitude / 360, 0.5), halfHeight: (bottomY - topY) / 2)
    // Any order: the callers order the candidates themselves (by chord or distance, then position).
    return (index.visible(in: VisibilityWindow(rectangle: box), order: .any) + outsideMercator).map(Int.init)
  }
}
