import PetSpotGeo

/// Kinds of camera the property tests draw, each exercising a different part of the model.
public enum CameraKind: CaseIterable, Sendable {
  /// A phone-sized city view anywhere.
  case city
  /// Spans of a few degrees.
  case country
  /// Spans from tens of degrees to a few hundred.
  case continent
  /// Centred within 2° of the antimeridian.
  case antimeridian
  /// Centred near or beyond the Mercator limit.
  case polar
  /// Any span, any heading.
  case rotated
  /// Spans down to 1e-6°.
  case tiny
  /// lngDelta from 300° to 1000°: the world and more.
  case wholeWorld
}

extension SeededRandom {
  /// A random valid camera of the given kind.
  public mutating func camera(_ kind: CameraKind) -> Camera {
    var lat = uniform(-80...80)
    var lng = uniform(-180...180)
    var latDelta = logUniform(0.01...0.2)
    var lngDelta = logUniform(0.01...0.2)
    var heading = 0.0
    let width = uniform(200...1400)
    let height = uniform(200...1400)
    switch kind {
    case .city: break
    case .country:
      latDelta = logUniform(1...10)
      lngDelta = logUniform(1...10)
    case .continent:
      latDelta = logUniform(10...170)
      lngDelta = logUniform(10...300)
    case .antimeridian:
      lng = Bool.random(using: &self) ? uniform(178...180) : uniform(-180...(-178))
      latDelta = logUniform(0.01...40)
      lngDelta = logUniform(0.01...60)
    case .polar:
      lat = (Bool.random(using: &self) ? 1 : -1) * uniform(80...90)
      latDelta = logUniform(0.01...60)
      lngDelta = logUniform(0.01...200)
      heading = Bool.random(using: &self) ? 0 : uniform(-720...720)
    case .rotated:
      latDelta = logUniform(0.001...150)
      lngDelta = logUniform(0.001...400)
      heading = uniform(-720...720)
    case .tiny:
      latDelta = logUniform(1e-6...1e-3)
      lngDelta = logUniform(1e-6...1e-3)
      heading = Bool.random(using: &self) ? 0 : uniform(0...360)
    case .wholeWorld:
      latDelta = logUniform(10...180)
      lngDelta = uniform(300...1000)
      heading = Bool.random(using: &self) ? 0 : uniform(0...360)
    }
    return try! Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: latDelta, longitudeDelta: lngDelta,
      width: width, height: height, heading: heading)
  }
}

extension SeededRandom {
  /// A 1280 × 800 camera (heading 0) centred on a random pin of `pins` at a random zoom in `zooms`,
  /// or `nil` when the pin drawn lies beyond ±85° (no such camera is centred on it). The draws are
  /// the same either way, so a seed reproduces the sequence.
  public mutating func camera(onPinOf pins: PinSet, zooms: ClosedRange<Double>) -> Camera? {
    let pin = Int(next() % UInt64(pins.count))
    let zoom = uniform(zooms)
    guard abs(pins.latitudes[pin]) < 85 else { return nil }
    return try? Camera(
      center: pins.coordinate(at: pin), latitudeDelta: 1e-9,
      longitudeDelta: 360 * 1280 / (256 * Double.pow(2, zoom)), width: 1280, height: 800)
  }
}
