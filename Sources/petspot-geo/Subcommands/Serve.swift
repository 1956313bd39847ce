// Built with the Server trait (on by default; see Package.swift).
#if Server
  import ArgumentParser
  import Logging
  import PetSpotDatabase
  import PetSpotGeo
  import PetSpotServer

  extension PetSpotGeoCommand {
    /// `petspot-geo serve`: PetSpot's announcements API on a pins file or on PostgreSQL + PostGIS.
    struct Serve: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract:
          "Serve PetSpot's announcements API (GET /announcements, /clusters, /health) on a pins file or a database.",
        discussion: """
          With --pins: loads the file once (CSV, announcements JSON, GeoJSON or .psgpins) and answers \
          GET /announcements?lat=&lng=&range=. With --database (or PETSPOT_DATABASE_URL): migrates the \
          schema, loads the announcements into memory, follows the table's changes, and also answers \
          POST /announcements (a found report) and PATCH /announcements/{id}. Prints \
          "listening on http://HOST:PORT" on stdout when ready (use --port 0 for a free port); \
          answers until SIGINT or SIGTERM, finishing the requests in flight.

          Examples:
            petspot-geo serve --pins Data/pins.csv --port 8080
            petspot-geo serve --database postgres://petspot@127.0.0.1/petspot --port 8080
            curl 'http://127.0.0.1:8080/announcements?lat=48.8566&lng=2.3522&range=5000&status=MISSING&limit=20'
            curl 'http://127.0.0.1:8080/clusters?lat=48.8566&lng=2.3522&latDelta=0.3&lngDelta=0.3&width=390&height=844'
          """
      )

      @Option(help: ArgumentHelp("Pins file: .csv, .json (announcements), .geojson or .psgpins.", valueName: "file"))
      var pins: String?

      @OptionGroup var database: DatabaseOptions

      @OptionGroup(title: "GET /clusters") var clustering: ClusteringOptions

      @Option(
        help: ArgumentHelp(
          "Database mode: rows changed since the in-memory index was built that are kept beside it before it is rebuilt (default 4096).",
          valueName: "rows"))
      var rebuildRows = 4096

      @Option(help: "Address to bind (default 127.0.0.1).")
      var host = "127.0.0.1"

      @Option(help: "Port (default 8080; 0 picks a free one).")
      var port = 8080

      func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be an integer in 0...65535") }
        guard (1...1_000_000).contains(rebuildRows) else {
          throw ValidationError("--rebuild-rows must be an integer in 1...1000000")
        }
        do throws(InvalidInput) {
          try clustering.options.validate()
        } catch {
          throw ValidationError(error.message)
        }
        switch (pins, database.text) {
        case (nil, nil): throw ValidationError("give --pins FILE or --database URL (or PETSPOT_DATABASE_URL)")
        case (_?, _?):
          throw ValidationError("give --pins or --database, not both (PETSPOT_DATABASE_URL counts as --database)")
        case (nil, _?): _ = try database.url()
        case (_?, nil): break
        }
      }

      func run() async throws {
        let logger = DatabaseOptions.logger()
        let host = self.host
        let announce = { @Sendable (bound: Int) in Output.line("listening on http://\(host):\(bound)") }
        if let pins {
          // Species for GET /clusters' filter and counts (a .psgpins file carries no properties).
          let set = try PinsOptions.load(pins, properties: pins.lowercased().hasSuffix(".psgpins") ? [] : ["species"])
          logger.info("loaded \(set.count) pins (\(set.invalidCount) invalid) from \(pins)")
          let server: AnnouncementsServer
          do {
            server = try AnnouncementsServer(pins: IndexedPins(pins: set), clusterOptions: clustering.options)
          } catch {
            Output.error(error.message)
            throw ExitCode.failure
          }
          try await server.run(
            host: host, port: port, logger: logger, onRunning: announce)
          return
        }
        let url = try database.url()
        let store = AnnouncementStore(url: url, logger: logger)
        try await store.withRunningPool {
          let backend = DatabaseBackend(store: store, logger: logger, rebuildThreshold: rebuildRows)
          switch await withDatabaseTimeout(.seconds(60), { () throws(DatabaseError) in try await backend.start() }) {
          case .success(let count): logger.info("loaded \(count) announcements from \(url.redacted)")
          case .failure(let error):
            Output.error(error.description)
            throw ExitCode.failure
          }
          let follower = Task { await backend.follow() }
          defer { follower.cancel() }
          // Returns after SIGINT or SIGTERM, once the requests in flight are answered.
          let server: AnnouncementsServer
          do throws(InvalidInput) {
            server = try AnnouncementsServer(database: backend, clusterOptions: clustering.options)
          } catch {
            Output.error(error.message)
            throw ExitCode.failure
          }
          try await server.run(
            host: host, port: port, logger: logger, onRunning: announce)
        }
      }
    }
  }
#endif
