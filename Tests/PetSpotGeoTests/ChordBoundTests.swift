import Foundation
import PetSpotPROJ
import PetSpotTestSupport
import Testing

@testable import PetSpotGeo

@Suite("A chord bounds its geodesic")
struct ChordBoundTests {
  @Test("chord ≤ geodesic ≤ the bound, for random pairs from 1 mm to 2,000 km anywhere (poles, antimeridian)")
  func boundsHold() {
    let geodesic = Geodesic()
    var random = SeededRandom(seed: 707)
    var tightest = Double.infinity
    for round in 0..<20_000 {
      let latitude = round % 50 == 0 ? (round % 100 == 0 ? 90 : -90) : random.uniform(-90...90)
      let from = GeoCoordinate(latitude: latitude, longitude: round % 3 == 0 ? 180 : random.uniform(-180...180))
      let metres = exp(random.uniform(log(0.001)...log(2_300_000)))
      let to = geodesic.destination(from: from, azimuth: random.uniform(-180...180), metres: metres)
      let chord = ECEF(from).distance(to: ECEF(to))
      let measured = geodesic.distance(from, to)
      #expect(chord <= measured + ChordBound.slack, "chord \(chord) geodesic \(measured) from \(from) to \(to)")
      let upper = ChordBound.geodesicUpperBound(chord: chord)
      #expect(measured <= upper, "geodesic \(measured) above its bound \(upper) (chord \(chord))")
      if chord > ChordBound.largestChord {
        #expect(upper == .infinity)
      } else if chord > 100_000 {
        tightest = min(tightest, (upper - measured) / (upper - chord))
      }
    }
    // The bound is not loose by construction: some pairs come within a few per cent of it.
    #expect(tightest < 0.05)
  }

  @Test("the bound's gap is c³/24ρ² to first order: 1.04 m at 100 km")
  func gap() {
    let upper = ChordBound.geodesicUpperBound(chord: 100_000)
    #expect(abs(upper - 100_000 - 1.038) < 0.01)
    #expect(ChordBound.geodesicUpperBound(chord: 0) == ChordBound.slack)
  }
}
