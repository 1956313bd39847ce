// Built with the Server trait (on by default; see Package.swift).
#if Server
  import ArgumentParser
  import Foundation
  import Logging
  import PetSpotDatabase

  /// `--database URL` (or `PETSPOT_DATABASE_URL`): the PostgreSQL + PostGIS database.
  struct DatabaseOptions: ParsableArguments {
    @Option(
      help: ArgumentHelp(
        "PostgreSQL URL (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=…]); default $PETSPOT_DATABASE_URL.",
        valueName: "url"))
    var database: String?

    /// The URL given by the flag or the environment, or `nil` when neither is set.
    var text: String? {
      database ?? ProcessInfo.processInfo.environment["PETSPOT_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The parsed URL. - Throws: a usage error when it is missing or malformed.
    func url() throws -> DatabaseURL {
      guard let text else { throw ValidationError("give --database URL (or set PETSPOT_DATABASE_URL)") }
      do throws(DatabaseError) {
        return try DatabaseURL(text)
      } catch {
        throw ValidationError("--database: \(error)")
      }
    }

    /// A logger on stderr at `info`.
    static func logger() -> Logger {
      var logger = Logger(label: "petspot-geo")
      logger.logLevel = .info
      return logger
    }
  }
#endif
