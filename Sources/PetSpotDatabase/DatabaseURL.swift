import Foundation
import PostgresNIO

/// A `postgres://user:password@host:port/database?sslmode=…` URL (also `postgresql://`), read
/// into a PostgresNIO client configuration.
///
/// User and password may be percent-encoded; the port defaults to 5432, the database to the
/// user's name. `sslmode`: `disable` (no TLS), `allow` or `prefer` (TLS when the server offers it;
/// the default), `require`, `verify-ca` or `verify-full` (TLS or fail; the last two verify the
/// certificate). The password never appears in ``redacted``, which is what logs print.
public struct DatabaseURL: Sendable, CustomStringConvertible {
  public let host: String
  public let port: Int
  public let user: String
  public let password: String?
  public let database: String
  public let sslMode: String

  /// Reads a URL. - Throws: ``DatabaseError/invalidURL(_:)`` naming what is wrong.
  public init(_ text: String) throws(DatabaseError) {
    guard let parts = URLComponents(string: text) else { throw .invalidURL("it is not a URL") }
    guard let scheme = parts.scheme, ["postgres", "postgresql"].contains(scheme.lowercased()) else {
      throw .invalidURL("the scheme must be postgres:// or postgresql://")
    }
    guard let host = parts.host, !host.isEmpty else { throw .invalidURL("it names no host") }
    guard let user = parts.user?.removingPercentEncoding, !user.isEmpty else {
      throw .invalidURL("it names no user (postgres://USER@HOST/DATABASE)")
    }
    if let port = parts.port, !(1...65535).contains(port) { throw .invalidURL("the port must be in 1...65535") }
    let path = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
    guard !path.contains("/") else { throw .invalidURL("the path must be one database name") }
    var sslMode = "prefer"
    for item in parts.queryItems ?? [] {
      guard item.name == "sslmode" else { throw .invalidURL("unknown parameter \(item.name) (only sslmode is read)") }
      let modes = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]
      guard let value = item.value, modes.contains(value) else {
        throw .invalidURL("sslmode must be one of \(modes.joined(separator: ", "))")
      }
      sslMode = value
    }
    self.host = host
    self.port = parts.port ?? 5432
    self.user = user
    self.password = parts.password?.removingPercentEncoding
    self.database = path.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? user
    self.sslMode = sslMode
  }

  /// The URL with the password replaced by `***`.
  public var redacted: String {
    "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)?sslmode=\(sslMode)"
  }

  public var description: String { redacted }

  /// The client configuration: this URL's endpoint and TLS, with a pool of at most
  /// `maximumConnections` and a connection timeout of `connectTimeout`.
  public func clientConfiguration(maximumConnections: Int = 8, connectTimeout: Duration = .seconds(2))
    -> PostgresClient.Configuration
  {
    let tls: PostgresClient.Configuration.TLS
    switch sslMode {
    case "disable": tls = .disable
    case "require":
      var configuration = TLSConfiguration.makeClientConfiguration()
      configuration.certificateVerification = .none
      tls = .require(configuration)
    case "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
    default:
      var configuration = TLSConfiguration.makeClientConfiguration()
      configuration.certificateVerification = .none
      tls = .prefer(configuration)
    }
    var configuration = PostgresClient.Configuration(
      host: host, port: port, username: user, password: password, database: database, tls: tls)
    configuration.options.maximumConnections = maximumConnections
    configuration.options.minimumConnections = 0
    configuration.options.connectTimeout = connectTimeout
    return configuration
  }
}
