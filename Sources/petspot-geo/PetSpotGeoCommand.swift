import ArgumentParser

/// `petspot-geo`: the engine from the command line (docs/cli.md).
@main
struct PetSpotGeoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "petspot-geo",
    abstract:
      "The PetSpot map-pin engine from the command line: fetch queries, pruning, callouts, the map controller, a server.",
    version: PetSpotGeoVersion.string,
    subcommands: [
      Radius.self, Prune.self, Cluster.self, Callout.self, Render.self, Replay.self, FoundReport.self, Serve.self,
      Fetch.self, Generate.self, Database.self,
      Convert.self, Bench.self,
    ]
  )

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
