import PetSpotPROJ
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
  /// latitude, to the whole world when the box reaches a pole); each candidate is then measured
  /// with `geod_inverse`. Pins beyond the Mercator limit, which the index leaves out, are measured
  /// directly. A range beyond half a meridian covers the earth.
  /// - Parameters:
  ///   - statuses: keep only these statuses; `nil` keeps every pin.
  ///   - limit: at most this many (the nearest); `nil` for all.
  public func within(
    metres range: Double, of center: GeoCoordinate, geodesic: Geodesic, statuses: StatusFilter? = nil, limit: Int? = nil
  ) -> [Match] {
    let table = statuses?.codeTable(for: pins)
    let degreesLatitude = range / 110_574 + 1e-9
    let north = center.latitude + degreesLatitude, south = center.latitude - degreesLatitude
    var candidates: [UInt32]
    if north >= 90 || south <= -90 || range >= 20_003_932 {
      candidates = (0..<UInt32(pins.count)).map { $0 }
    } else {
      let widest = max(abs(north), abs(south)) * .pi / 180
      let degreesLongitude = degreesLatitude / Swift.max(Double.cos(widest), 1e-12)
      let topY = WebMercator.y(latitude: north), bottomY = WebMercator.y(latitude: south)
      let centerX = WebMercator.x(longitude: center.longitude)
      let halfWidth = Swift.min(degreesLongitude / 360, 0.5)
      let box = VisibleRectangle(
        center: MercatorPoint(x: centerX, y: (topY + bottomY) / 2), halfWidth: halfWidth, halfHeight: (bottomY - topY) / 2)
      candidates = index.visible(in: VisibilityWindow(rectangle: box))
      candidates += outsideMercator  // never in the index
    }
    var matches: [Match] = []
    for position in candidates.map(Int.init) {
      if let table, !table[Int(pins.statusCodes[position])] { continue }
      let metres = geodesic.distance(center, pins.coordinate(at: position))
      if metres <= range { matches.append(Match(position: position, metres: metres)) }
    }
    matches.sort { ($0.metres, $0.position) < ($1.metres, $1.position) }
    if let limit, matches.count > limit { matches.removeLast(matches.count - limit) }
    return matches
  }
}

