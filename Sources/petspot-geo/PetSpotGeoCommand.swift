import ArgumentParser

/// `petspot-geo`: the engine from the command line (docs/cli.md).
@main
struct PetSpotGeoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "petspot-geo",
    abstract: abstract,
    version: PetSpotGeoVersion.string,
    subcommands: engineSubcommands + serverSubcommands
  )

  private static var abstract: String {
    let engine =
      "The PetSpot map-pin engine from the command line: fetch queries, pruning, callouts, the map controller"
    #if Server
      return engine + ", a server."
    #else
      return engine + " (built without the server)."
    #endif
  }

  private static var engineSubcommands: [ParsableCommand.Type] {
    [
      Radius.self, Prune.self, Cluster.self, Callout.self, Render.self, Replay.self, FoundReport.self, Fetch.self,
      Generate.self, Convert.self, Bench.self,
    ]
  }

  /// `serve` and `db`: the server's commands with the Server trait (the default), otherwise hidden
  /// ones that say they are not in this build (ServerMissing.swift).
  private static var serverSubcommands: [ParsableCommand.Type] { [Serve.self, Database.self] }

  /// Runs a subcommand with the exit statuses of docs/cli.md: 0 success, 1 invalid input or
  /// failed work, 2 usage error (swift-argument-parser's own convention is 64 for usage errors).
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      if exitCode(for: error) == .validationFailure {
        Output.standardError(fullMessage(for: error) + "\n")
        Output.terminate(status: 2)
      }
      exit(withError: error)
    }
  }
}
