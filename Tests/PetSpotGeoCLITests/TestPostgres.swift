import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The throwaway PostgreSQL + PostGIS cluster of the database tests (`Tests/Database/postgres.sh`):
/// the one `make test` starts (`PETSPOT_TEST_DATABASE_URL`, `PETSPOT_TEST_PG_DIR`), or, when the
/// tests run without it, one started here on first use and stopped when the test process exits.
enum TestPostgres {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../Database/postgres.sh").standardized.path

  /// (cluster directory, the test role's URL of database `petspot`).
  static let cluster: (dir: String, url: String) = {
    let environment = ProcessInfo.processInfo.environment
    if let dir = environment["PETSPOT_TEST_PG_DIR"], let url = environment["PETSPOT_TEST_DATABASE_URL"] {
      return (dir, url)
    }
    let started = shell([script, "start"])
    var values: [String: String] = [:]
    for line in started.split(separator: "\n") where line.hasPrefix("export ") {
      let pair = line.dropFirst(7).split(separator: "=", maxSplits: 1)
      if pair.count == 2 { values[String(pair[0])] = String(pair[1]).trimmingCharacters(in: ["'"]) }
    }
    let dir = values["PETSPOT_TEST_PG_DIR"] ?? ""
    startedHere = dir
    atexit { if let dir = TestPostgres.startedHere { _ = TestPostgres.shell([TestPostgres.script, "stop", dir]) } }
    return (dir, values["PETSPOT_TEST_DATABASE_URL"] ?? "postgres://unavailable@127.0.0.1:1/none")
  }()

  nonisolated(unsafe) static var startedHere: String?

  /// A new, empty database cloned from the template with PostGIS (or without it), owned by the
  /// test role; its URL.
  static func freshDatabase(_ name: String, postgis: Bool = true) -> String {
    let unique = "\(name)_\(UInt32.random(in: 0...UInt32.max))"
    let template = postgis ? " TEMPLATE petspot_template" : ""
    _ = psql("CREATE DATABASE \(unique)\(template)")
    return url(database: unique)
  }

  /// The cluster URL with another database name.
  static func url(database: String) -> String {
    let base = cluster.url
    let path = base.range(of: "/petspot?")!
    return base.replacingCharacters(in: path, with: "/\(database)?")
  }

  /// Runs SQL through psql on `url` (default: the cluster's `petspot` database); its output
  /// (unaligned, tuples only).
  @discardableResult
  static func psql(_ sql: String, url: String? = nil) -> String {
    let target = (url ?? cluster.url).replacingOccurrences(of: "?sslmode=disable", with: "")
    return shell(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", target, "-c", sql])
  }

  /// Stops the server as a crash would; ``resume()`` starts it again on the same port.
  static func pause() { _ = shell([script, "pause", cluster.dir]) }
  static func resume() { _ = shell([script, "resume", cluster.dir]) }

  /// Runs a command (a `.sh` through bash); its stdout. A failure is recorded as a test issue.
  ///
  /// posix_spawn and waitpid on that one child, output through temporary files: Foundation's
  /// `Process` sometimes misses the exit of a script that starts a daemon (`pg_ctl start`), and a
  /// pipe would stay open in the daemon.
  static func shell(_ arguments: [String]) -> String {
    let command = arguments[0].hasSuffix(".sh") ? ["bash"] + arguments : arguments
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-shell-\(UUID().uuidString)")
    let outPath = base.path + ".out"
    let errPath = base.path + ".err"
    defer {
      try? FileManager.default.removeItem(atPath: outPath)
      try? FileManager.default.removeItem(atPath: errPath)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, command[0], &actions, nil, &argv, environ)
    guard spawned == 0 else {
      Issue.record("cannot run \(command[0]): error \(spawned)")
      return ""
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    if status != 0 {
      let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
      Issue.record("\(arguments.joined(separator: " ")) failed (status \(status)): \(err)")
    }
    return out
  }
}
