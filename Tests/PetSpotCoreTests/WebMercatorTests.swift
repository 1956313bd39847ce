import PetSpotCore
import PetSpotTestSupport
import Testing

@Suite("Web Mercator closed form")
struct WebMercatorTests {
  @Test("known points of the unit square")
  func knownPoints() {
    #expect(WebMercator.x(longitude: -180) == 0)
    #expect(WebMercator.x(longitude: 0) == 0.5)
    #expect(WebMercator.x(longitude: 180) == 1)
    #expect(WebMercator.y(latitude: 0) == 0.5)
    #expect(abs(WebMercator.y(latitude: WebMercator.latitudeLimit)) < 1e-15)
    #expect(abs(WebMercator.y(latitude: -WebMercator.latitudeLimit) - 1) < 1e-15)
    #expect(WebMercator.y(latitude: 90) == WebMercator.y(latitude: WebMercator.latitudeLimit), "clamped")
    #expect(WebMercator.y(latitude: -89) == WebMercator.y(latitude: -WebMercator.latitudeLimit), "clamped")
  }

  @Test("latitude(y:) inverts y(latitude:) within the limit (1e-12°)")
  func roundTrip() {
    var random = SeededRandom(seed: 1)
    for _ in 0..<10_000 {
      let lat = random.uniform(-WebMercator.latitudeLimit...WebMercator.latitudeLimit)
      #expect(abs(WebMercator.latitude(y: WebMercator.y(latitude: lat)) - lat) < 1e-12)
    }
  }

  @Test("unproject returns nil off the map and wraps longitudes")
  func unproject() {
    #expect(WebMercator.unproject(MercatorPoint(x: 0.5, y: -0.01)) == nil)
    #expect(WebMercator.unproject(MercatorPoint(x: 0.5, y: .nan)) == nil)
    let c = WebMercator.unproject(MercatorPoint(x: 1.25, y: 0.5))!
    #expect(c.longitude == -90 && c.latitude == 0)
  }
}

@Suite("Longitude wrapping")
struct LongitudeTests {
  @Test func wrapping() {
    #expect(Longitude.wrapped(180) == -180)
    #expect(Longitude.wrappedEast(180) == 180)
    #expect(Longitude.wrappedEast(-180) == 180)
    #expect(Longitude.wrapped(190) == -170)
    #expect(Longitude.wrapped(-190) == 170)
    #expect(Longitude.wrapped(720 + 10) == 10)
    #expect(GeoCoordinate(latitude: 10, longitude: 170).antipode == GeoCoordinate(latitude: -10, longitude: -10))
  }
}
