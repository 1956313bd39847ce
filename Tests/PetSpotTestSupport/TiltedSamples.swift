import PetSpotGeo

extension SeededRandom {
  /// A random valid pitch-form camera: a camera of `kind` tilted by a pitch from 0.01° to just
  /// below the horizon limit (a quarter of them within 1° of it), with a field of view in
  /// [10°, 120°] and the kind's heading.
  public mutating func tiltedCamera(_ kind: CameraKind) -> Camera {
    let flat = camera(kind)
    let fov = uniform(10...120)
    let limit = 90 - fov / 2
    let pitch = next() % 4 == 0 ? limit - logUniform(1e-6...1) : logUniform(0.01...(limit - 1e-6))
    return try! Camera(
      center: flat.center, latitudeDelta: flat.latitudeDelta, longitudeDelta: flat.longitudeDelta,
      width: flat.width, height: flat.height, heading: flat.heading, pitch: pitch, fieldOfView: fov)
  }
}

/// The corner form of a camera: the ground points under its viewport's corners (longitudes
/// unwrapped as the view draws them), with its centre; `nil` when a corner lies beyond the
/// Mercator limit or the corners span half a world or more (the corner form cannot say that).
public func cornerForm(of camera: Camera) -> Camera? {
  let view = CameraView(camera)
  var corners: [GeoCoordinate] = []
  for (x, y) in [(0.0, 0.0), (camera.width, 0), (camera.width, camera.height), (0, camera.height)] {
    guard let p = view.mercatorPoint(at: ScreenPoint(x: x, y: y)), p.y >= 0, p.y <= 1 else { return nil }
    corners.append(GeoCoordinate(latitude: WebMercator.latitude(y: p.y), longitude: WebMercator.longitude(x: p.x)))
  }
  let xs = corners.map { WebMercator.x(longitude: $0.longitude) }
  guard xs.allSatisfy({ abs($0 - xs[0]) < 0.45 }) else { return nil }
  return try? Camera(corners: corners, width: camera.width, height: camera.height, center: camera.center)
}
