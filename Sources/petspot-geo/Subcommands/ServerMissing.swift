// Built without the Server trait (`swift build --disable-default-traits`; see Package.swift).
#if !Server
  import ArgumentParser

  extension PetSpotGeoCommand {
    /// `serve` in a tool built without the Server trait: hidden from the help, it says why the
    /// command is not there (a usage error, exit 2) instead of a bare "unexpected argument".
    struct Serve: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "serve", abstract: ServerTrait.abstract, shouldDisplay: false)
      @Argument(parsing: .allUnrecognized, help: .hidden) var arguments: [String] = []
      func run() throws { throw ServerTrait.missing(command: "serve") }
    }

    /// `db` in a tool built without the Server trait (see ``Serve``).
    struct Database: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "db", abstract: ServerTrait.abstract, shouldDisplay: false)
      @Argument(parsing: .allUnrecognized, help: .hidden) var arguments: [String] = []
      func run() throws { throw ServerTrait.missing(command: "db") }
    }
  }

  /// What the hidden server commands of an engine-only build say.
  enum ServerTrait {
    static let abstract = "Not in this build: petspot-geo was built without the Server trait."

    /// The usage error of a server command in a tool built without them.
    static func missing(command: String) -> ValidationError {
      ValidationError(
        "'\(command)' is not in this build: petspot-geo was built without the Server trait "
          + "(--disable-default-traits); build it with the default traits for 'serve' and 'db'.")
    }
  }
#endif
