/// The petspot-geo release, kept equal to `PSG_VERSION_MAJOR.MINOR.PATCH` in `petspot_geo.h`.
public enum PetSpotGeo {
  /// Major version: changes only with an incompatible change of the Swift or C API.
  public static let versionMajor = 0
  /// Minor version: new features, compatible.
  public static let versionMinor = 1
  /// Patch version: fixes.
  public static let versionPatch = 0
  /// `major * 10000 + minor * 100 + patch`, as `PSG_VERSION_NUMBER`.
  public static var versionNumber: Int { versionMajor * 10_000 + versionMinor * 100 + versionPatch }
  /// "major.minor.patch".
  public static var version: String { "\(versionMajor).\(versionMinor).\(versionPatch)" }
}
