// Built with the Server trait (on by default; see Package.swift).
#if Server
  import ArgumentParser
  import Foundation
  import Logging
  import PetSpotDatabase
  import PetSpotGeo

  extension PetSpotGeoCommand {
    /// `petspot-geo db`: the announcements database (PostgreSQL + PostGIS).
    struct Database: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "db",
        abstract: "Prepare and load the announcements database (PostgreSQL + PostGIS).",
        subcommands: [Migrate.self, Import.self]
      )

      /// Runs `work` with a store whose pool runs beside it; a database error prints and exits 1.
      static func withStore<T: Sendable>(
        _ options: DatabaseOptions, _ work: @escaping @Sendable (AnnouncementStore) async throws(DatabaseError) -> T
      ) async throws -> T {
        let store = AnnouncementStore(url: try options.url(), logger: DatabaseOptions.logger())
        return try await store.withRunningPool {
          do throws(DatabaseError) {
            return try await work(store)
          } catch {
            Output.error(error.description)
            throw ExitCode.failure
          }
        }
      }

      /// `db migrate`: brings the schema to this program's version.
      struct Migrate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
          abstract: "Create or upgrade the schema (needs the postgis extension, no superuser).",
          discussion: """
            Prints {"schemaVersion":N,"applied":[…]}. Safe to run while servers start: migrations take an \
            advisory lock. `serve --database` migrates on start too.
            """)

        @OptionGroup var database: DatabaseOptions

        func validate() throws { _ = try database.url() }

        func run() async throws {
          let applied = try await Database.withStore(database) { store throws(DatabaseError) in
            try await store.migrate()
          }
          Output.line(
            JSONValue.object([
              ("schemaVersion", .number(Double(Schema.currentVersion))),
              ("applied", .array(applied.map { .number(Double($0)) })),
            ]).serialized)
        }
      }

      /// `db import`: bulk-loads a pins file.
      struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
          abstract: "Load a pins file into the database (ids kept; a known id is updated).",
          discussion: """
            Reads any pins file the engine reads; invalid rows are skipped and counted. Prints \
            {"imported":N,"invalid":M,"seconds":S}. Migrates first.

            Example:
              petspot-geo db import --database postgres://petspot@127.0.0.1/petspot --pins Data/pins.csv \\
                --properties species,lastSeenDate
            """)

        @OptionGroup var database: DatabaseOptions

        @Option(help: ArgumentHelp("Pins file: .csv, .json (announcements), .geojson or .psgpins.", valueName: "file"))
        var pins: String

        @Option(
          help: ArgumentHelp(
            "Extra columns to copy, comma-separated, from: species, sex, breed, name, description, lastSeenDate.",
            valueName: "names"))
        var properties = ""

        @Option(help: "Rows per statement (default 10000).")
        var batchSize = 10_000

        var propertyNames: [String] {
          properties.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }

        func validate() throws {
          _ = try database.url()
          guard (1...100_000).contains(batchSize) else { throw ValidationError("--batch-size must be in 1...100000") }
          let known = AnnouncementStore.importablePropertyNames
          for name in propertyNames where !known.contains(name) {
            throw ValidationError("--properties: unknown \(name) (known: \(known.joined(separator: ", ")))")
          }
        }

        func run() async throws {
          let set = try PinsOptions.load(pins, properties: propertyNames)
          let started = ContinuousClock.now
          let batch = batchSize
          try await Database.withStore(database) { store throws(DatabaseError) in
            try await store.migrate()
            try await store.importPins(set, batchSize: batch) { done in Progress.say("imported \(done) of \(set.count)")
            }
          }
          let seconds = (ContinuousClock.now - started) / .milliseconds(1) / 1000
          Output.line(
            JSONValue.object([
              ("imported", .number(Double(set.count))), ("invalid", .number(Double(set.invalidCount))),
              ("seconds", .number((seconds * 100).rounded() / 100)),
            ]).serialized)
        }
      }
    }
  }
#endif
