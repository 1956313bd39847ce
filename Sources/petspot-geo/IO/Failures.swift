import ArgumentParser
import PetSpotGeo

extension Output {
  /// Runs a single-mode command's work: invalid input or a library failure is printed as
  /// `error: …` on stderr and the command exits 1 (docs/cli.md).
  static func exitingOnFailure(_ work: () throws -> Void) throws {
    do {
      try work()
    } catch let error as InvalidInput {
      Output.error(error.message)
      throw ExitCode.failure
    } catch let error as GeoError {
      Output.error(error.description)
      throw ExitCode.failure
    }
  }
}
