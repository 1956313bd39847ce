import ArgumentParser
import PetSpotGeo

enum EngineFactory {
  /// An engine, or an error message and exit status 1 when PROJ or GEOS cannot start.
  static func make() throws -> GeoEngine {
    do {
      return try GeoEngine()
    } catch {
      Output.error(error.description)
      throw ExitCode.failure
    }
  }
}
