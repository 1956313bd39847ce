import ArgumentParser
import Logging
import PetSpotGeo
import PetSpotServer

extension PetSpotGeoCommand {
  /// `petspot-geo serve`: PetSpot's `GET /announcements` on a pins file.
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Serve GET /announcements?lat=&lng=&range= (and /health) on a pins file, as PetSpot's backend answers it.",
      discussion: """
        Loads the pins once (CSV, announcements JSON, GeoJSON or .psgpins), reports how many were \
        loaded and how many were invalid, then answers until SIGINT or SIGTERM. Prints \
        "listening on http://HOST:PORT" on stdout when ready (use --port 0 for a free port).

        Example:
          petspot-geo serve --pins Data/pins.csv --port 8080
          curl 'http://127.0.0.1:8080/announcements?lat=48.8566&lng=2.3522&range=5000&status=MISSING&limit=20'
        """
    )

    @OptionGroup var pinsFile: PinsOptions

    @Option(help: "Address to bind (default 127.0.0.1).")
    var host = "127.0.0.1"

    @Option(help: "Port (default 8080; 0 picks a free one).")
    var port = 8080

    func validate() throws {
      guard (0...65535).contains(port) else { throw ValidationError("--port must be an integer in 0...65535") }
    }

    func run() async throws {
      let pins = try pinsFile.load()
      var logger = Logger(label: "petspot-geo")
      logger.logLevel = .info
      logger.info("loaded \(pins.count) pins (\(pins.invalidCount) invalid) from \(pinsFile.pins)")
      let server = AnnouncementsServer(pins: IndexedPins(pins: pins))
      let host = self.host
      try await server.run(host: host, port: port, logger: logger) { bound in
        Output.line("listening on http://\(host):\(bound)")
      }
    }
  }
}
