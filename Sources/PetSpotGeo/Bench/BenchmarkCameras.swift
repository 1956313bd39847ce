/// The cameras every benchmark runner uses (`petspot-geo bench`, the package-benchmark suites,
/// `make compare`'s petspot-geo side), defined once so their figures stay comparable.
public enum BenchmarkCameras {
  /// A phone over central Paris (0.14° × 0.14°, 390 × 844 points).
  public static let phoneCity = camera(48.8566, 2.3522, 0.14, 0.14, 390, 844)
  /// A desktop map of Paris (0.3° × 0.5°, 1280 × 800 points): the clustering peers' city view.
  public static let desktopCity = camera(48.8566, 2.3522, 0.3, 0.5, 1280, 800)
  /// France on a desktop (8° × 10°, 1280 × 800 points).
  public static let country = camera(46.6, 2.4, 8, 10, 1280, 800)
  /// The whole world on a desktop (170° × 360°, 1280 × 800 points).
  public static let world = camera(0, 0, 170, 360, 1280, 800)

  /// The phone over Paris turned by 30° (a rotated flat camera).
  public static let phoneCityRotated = camera(48.8566, 2.3522, 0.14, 0.14, 390, 844, heading: 30)
  /// The phone over Paris tilted by 60° (default field of view), heading 30°.
  public static let phoneCityTilted = camera(48.8566, 2.3522, 0.14, 0.14, 390, 844, heading: 30, pitch: 60)
  /// The desktop Paris map tilted by 60°: the tilted clustering view.
  public static let desktopCityTilted = camera(48.8566, 2.3522, 0.3, 0.5, 1280, 800, pitch: 60)

  /// The tilted and rotated cameras, by name (`bench --cameras city-rotated,city-tilted`).
  public static let tilted: [(name: String, camera: Camera)] = [
    ("city-rotated", phoneCityRotated), ("city-tilted", phoneCityTilted), ("desktop-tilted", desktopCityTilted),
  ]

  /// city (the phone), country and world, by name: the pruning and `bench` set.
  public static let pruning: [(name: String, camera: Camera)] = [
    ("city", phoneCity), ("country", country), ("world", world),
  ]
  /// city (the desktop), country and world, by name: the clustering set.
  public static let clustering: [(name: String, camera: Camera)] = [
    ("city", desktopCity), ("country", country), ("world", world),
  ]

  private static func camera(
    _ lat: Double, _ lng: Double, _ latDelta: Double, _ lngDelta: Double, _ width: Double, _ height: Double,
    heading: Double = 0, pitch: Double = 0
  ) -> Camera {
    // Literal, valid values: the initialiser cannot fail here.
    try! Camera(
      center: GeoCoordinate(latitude: lat, longitude: lng), latitudeDelta: latDelta, longitudeDelta: lngDelta,
      width: width, height: height, heading: heading, pitch: pitch)
  }
}
