import PetSpotGeo

enum PetSpotGeoVersion {
  static var string: String {
    let libraries = GeoEngine.libraryVersions
    return "petspot-geo \(LibraryVersion.text) (PROJ \(libraries.proj), GEOS \(libraries.geos))"
  }
}
