import PetSpotCore
import Testing

@Suite("Camera validation")
struct CameraValidationTests {
  static func make(
    lat: Double = 0, lng: Double = 0, latDelta: Double = 1, lngDelta: Double = 1,
    width: Double = 100, height: Double = 100, heading: Double = 0, pitch: Double = 0,
    fov: Double = Camera.defaultFieldOfView
  ) throws(InvalidInput) -> Camera {
    try Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: latDelta, longitudeDelta: lngDelta,
      width: width, height: height, heading: heading, pitch: pitch, fieldOfView: fov)
  }

  static var invalid: [(String, InvalidInput.Code, () throws(InvalidInput) -> Camera)] {
    [
      ("lat", .notFinite, { () throws(InvalidInput) in try make(lat: .nan) }),
      ("lat", .outOfRange, { () throws(InvalidInput) in try make(lat: 91) }),
      ("lat", .outOfRange, { () throws(InvalidInput) in try make(lat: -90.0001) }),
      ("lng", .notFinite, { () throws(InvalidInput) in try make(lng: -.infinity) }),
      ("latDelta", .outOfRange, { () throws(InvalidInput) in try make(latDelta: 0) }),
      ("latDelta", .notFinite, { () throws(InvalidInput) in try make(latDelta: .infinity) }),
      ("lngDelta", .outOfRange, { () throws(InvalidInput) in try make(lngDelta: -3) }),
      ("width", .outOfRange, { () throws(InvalidInput) in try make(width: 0) }),
      ("height", .outOfRange, { () throws(InvalidInput) in try make(height: -1) }),
      ("height", .notFinite, { () throws(InvalidInput) in try make(height: .nan) }),
      ("heading", .notFinite, { () throws(InvalidInput) in try make(heading: .infinity) }),
      ("pitch", .notFinite, { () throws(InvalidInput) in try make(pitch: .nan) }),
      ("pitch", .outOfRange, { () throws(InvalidInput) in try make(pitch: -0.5) }),
      ("pitch", .outOfRange, { () throws(InvalidInput) in try make(pitch: 50, fov: 80) }),
      ("pitch", .outOfRange, { () throws(InvalidInput) in try make(pitch: 72) }),
      ("fov", .outOfRange, { () throws(InvalidInput) in try make(pitch: 10, fov: 0) }),
      ("fov", .outOfRange, { () throws(InvalidInput) in try make(fov: 180) }),
      ("fov", .notFinite, { () throws(InvalidInput) in try make(pitch: 89, fov: .nan) }),
      ("fov", .outOfRange, { () throws(InvalidInput) in try make(pitch: 89, fov: 200) }),
    ]
  }

  @Test("every invalid field is named, with a stable code")
  func invalidFields() {
    for (field, code, build) in Self.invalid {
      do {
        _ = try build()
        Issue.record("\(field) should have been rejected")
      } catch {
        #expect(error.field == field)
        #expect(error.code == code, "\(field)")
        #expect(error.message.hasPrefix(field), "message names the field: \(error.message)")
      }
    }
  }

  @Test("boundary values are valid; headings of any size are accepted")
  func boundaries() throws {
    _ = try Self.make(lat: 90, lng: 180)
    _ = try Self.make(lat: -90, lng: -180, lngDelta: 10_000)
    _ = try Self.make(heading: -12_345.6)
    _ = try Self.make(latDelta: 1e-9, lngDelta: 1e-9, width: 0.01, height: 1e6)
    _ = try Self.make(latDelta: 1e6, lngDelta: 1e6, width: 1e6, height: 0.01)
  }
}
