import PostgresNIO

/// What can go wrong between the engine and its database, in words an operator can act on.
public enum DatabaseError: Error, Sendable, CustomStringConvertible, Equatable {
  /// The database URL cannot be used; the text says why.
  case invalidURL(String)
  /// The PostGIS extension is not installed in the database (an operator's step).
  case postgisMissing(database: String)
  /// The database could not be reached or answered with an error; the text is the driver's.
  case unavailable(String)
  /// The database holds a schema newer than this program knows.
  case schemaTooNew(found: Int, known: Int)

  public var description: String {
    switch self {
    case .invalidURL(let why): "invalid database URL: \(why)"
    case .postgisMissing(let database):
      "the PostGIS extension is missing in database \(database): as a superuser, run CREATE EXTENSION postgis; there"
    case .unavailable(let why): "the database is unavailable: \(why)"
    case .schemaTooNew(let found, let known):
      "the database schema is at version \(found), newer than this program's \(known): upgrade petspot-geo"
    }
  }

  /// Wraps a driver error (a server error keeps its SQLSTATE and message).
  static func wrapping(_ error: any Error) -> DatabaseError {
    if let known = error as? DatabaseError { return known }
    if let psql = error as? PSQLError {
      if let message = psql.serverInfo?[.message] {
        return .unavailable("\(psql.serverInfo?[.sqlState] ?? "?"): \(message)")
      }
      return .unavailable(psql.code.description)
    }
    return .unavailable(String(describing: error))
  }
}
