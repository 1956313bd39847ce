/// The servers' form of a distance query: the matches' positions, most distances left unmeasured.
extension IndexedPins {
  /// The positions of ``within(metres:of:statuses:limit:where:)``'s matches, in its order, found
  /// without measuring most of their distances: a pin's chord c from the centre bounds its geodesic
  /// s from both sides, c ≤ s ≤ 2ρ asin(c/2ρ) with ρ = 6,335,439 m, the ellipsoid's smallest
  /// radius of curvature (chords up to 2,000 km), so a pin whose bounds overlap no other
  /// candidate's and lie inside the range needs no `geod_inverse`. Only pins whose bounds overlap
  /// (the gap is about c³/24ρ² metres: 0.2 m at 55 km) or straddle the range are measured. What
  /// the servers answer with.
  /// - Parameters: as ``within(metres:of:statuses:limit:where:)``.
  /// - Returns: positions in the set, nearest first (ties in input order).
  public func positions(
    withinMetres range: Double, of center: GeoCoordinate, statuses: StatusFilter? = nil, limit: Int? = nil,
    where include: ((Int) -> Bool)? = nil
  ) -> [Int] {
    growingCircle(range: range, limit: limit) { radius in
      positions(withinRadius: radius, of: center, statuses: statuses, limit: limit, where: include)
    }
  }

  /// ``positions(withinMetres:of:statuses:limit:where:)`` for one circle. The candidates that can
  /// be among the answer are put in chord order (with a `limit`, only those whose chord is at most
  /// the upper bound of the `limit`-th smallest chord: no other pin can be nearer than it); each
  /// chord c stands for the interval [c, U(c)] holding its geodesic. A run of candidates whose
  /// intervals overlap is measured and ordered by (geodesic, position); a candidate whose interval
  /// overlaps no other is placed by its chord, and measured only if its interval reaches past the
  /// range. Runs are disjoint intervals in increasing order, so the result is
  /// ``within(metres:of:statuses:limit:where:)``'s order exactly.
  private func positions(
    withinRadius range: Double, of center: GeoCoordinate, statuses: StatusFilter?, limit: Int?,
    where include: ((Int) -> Bool)?
  ) -> [Int] {
    var candidates = chordCandidates(radius: range, of: center, statuses: statuses, where: include)
    if let limit, limit < candidates.count {
      ChordCandidate.selectSmallest(limit, in: &candidates)
      var farthest = 0.0
      for candidate in candidates[..<limit] { farthest = max(farthest, candidate.chord) }
      let reach = ChordBound.geodesicUpperBound(chord: farthest)  // slack included
      var kept = limit
      for i in limit..<candidates.count where candidates[i].chord <= reach {
        candidates.swapAt(i, kept)
        kept += 1
      }
      candidates.removeLast(candidates.count - kept)
    }
    candidates.sort { ($0.chord, $0.position) < ($1.chord, $1.position) }
    let wanted = min(limit ?? .max, candidates.count)
    var answer: [Int] = []
    answer.reserveCapacity(wanted)
    var run: [Match] = []
    var start = 0
    while start < candidates.count && answer.count < wanted {
      // The run: every following candidate whose chord is within the bound of the one before.
      var end = start + 1
      var upper = ChordBound.geodesicUpperBound(chord: candidates[start].chord)
      while end < candidates.count && candidates[end].chord <= upper + ChordBound.slack {
        upper = ChordBound.geodesicUpperBound(chord: candidates[end].chord)
        end += 1
      }
      if end == start + 1 && upper <= range {
        answer.append(candidates[start].position)
      } else {
        run.removeAll(keepingCapacity: true)
        for candidate in candidates[start..<end] {
          let metres = geodesic.distance(center, pins.coordinate(at: candidate.position))
          if metres <= range { run.append(Match(position: candidate.position, metres: metres)) }
        }
        run.sort { ($0.metres, $0.position) < ($1.metres, $1.position) }
        answer.append(contentsOf: run.lazy.map(\.position))
      }
      start = end
    }
    if answer.count > wanted { answer.removeLast(answer.count - wanted) }
    return answer
  }
}
