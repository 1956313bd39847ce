/// The petspot-geo release, kept equal to `PSG_VERSION_MAJOR.MINOR.PATCH` in `petspot_geo.h`.
public enum LibraryVersion {
  /// Major version: changes only with an incompatible change of the Swift or C API.
  public static let major = 0
  /// Minor version: new features, compatible.
  public static let minor = 3
  /// Patch version: fixes.
  public static let patch = 0
  /// `major * 10000 + minor * 100 + patch`, as `PSG_VERSION_NUMBER`.
  public static var number: Int { major * 10_000 + minor * 100 + patch }
  /// "major.minor.patch".
  public static var text: String { "\(major).\(minor).\(patch)" }
}
