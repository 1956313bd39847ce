import ArgumentParser
import Foundation
import PetSpotGeo

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension PetSpotGeoCommand {
  /// `petspot-geo fetch`: the client side of the loop.
  struct Fetch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Compute a camera's query, call GET /announcements on a server, prune to the view and print the result.",
      discussion: """
        Prints {"query":"lat=..&lng=..&range=..","fetched":N,"dropped":N,"visible":[ids]} per camera. A refused \
        connection, a timeout, a non-200 answer or a malformed body is an error (exit 1): "fail \
        silently, keep pins" belongs to the map controller, not to the CLI.

        Example:
          petspot-geo fetch --server http://127.0.0.1:8080 --center 48.8566,2.3522 --span 0.3,0.3 --viewport 390x844
        """
    )

    @Option(help: ArgumentHelp("Server base URL, e.g. http://127.0.0.1:8080.", valueName: "url"))
    var server: String

    @OptionGroup var camera: CameraOptions

    @Flag(help: "Read cameras as JSON Lines on stdin; one result (or error object) per line.")
    var batch = false

    @Option(help: "Seconds before a request times out (default 10).")
    var timeout: Double = 10

    func validate() throws {
      try camera.validate(batch: batch)
      guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
        throw ValidationError("--timeout must be a finite number of seconds in (0, 3600]")
      }
      guard URL(string: server)?.scheme?.hasPrefix("http") == true else {
        throw ValidationError("--server must be an http(s) URL")
      }
    }

    func run() async throws {
      let engine = try EngineFactory.make()
      if batch {
        var failed = false
        while let line = readLine() {
          guard line.contains(where: { !$0.isWhitespace }) else { continue }
          do {
            let request = try JSONParser.parse(line)
            Output.line(try await fetch(try Camera(json: request), engine: engine))
          } catch {
            failed = true
            Output.line(JSONLinesBatch.errorObject(for: error, otherCode: "fetch_failed").serialized)
          }
        }
        if failed { throw ExitCode.failure }
        return
      }
      do {
        Output.line(try await fetch(try camera.camera(), engine: engine))
      } catch let error as InvalidInput {
        Output.error(error.message)
        throw ExitCode.failure
      } catch {
        Output.error("\(error)")
        throw ExitCode.failure
      }
    }

    /// One camera: query, request, decode, prune.
    private func fetch(_ camera: Camera, engine: GeoEngine) async throws -> String {
      let view = CameraView(camera)
      let query = engine.fetchQuery(for: view)
      let base = server.hasSuffix("/") ? String(server.dropLast()) : server
      guard let url = URL(string: "\(base)/announcements?\(query.queryString)") else {
        throw FetchError("bad server URL \(server)")
      }
      var request = URLRequest(url: url)
      request.timeoutInterval = timeout
      let data: Data
      let response: URLResponse
      do {
        (data, response) = try await URLSession.shared.data(for: request)
      } catch {
        throw FetchError("cannot fetch \(url): \((error as NSError).localizedDescription)")
      }
      guard let http = response as? HTTPURLResponse else { throw FetchError("no HTTP response from \(url)") }
      guard http.statusCode == 200 else {
        throw FetchError("\(url) answered \(http.statusCode): \(String(decoding: data.prefix(300), as: UTF8.self))")
      }
      let batch: AnnouncementBatch
      do {
        batch = try AnnouncementBatch(json: try JSONParser.parse(bytes: Array(data)))
      } catch {
        throw FetchError("malformed body from \(url): \(error.message)")
      }
      let pins = try PinSet(announcements: batch.announcements)
      let visible = try pins.visible(in: view)
      return JSONValue.object([
        ("query", .string(query.queryString)), ("fetched", .number(Double(batch.announcements.count))),
        ("dropped", .number(Double(batch.dropped))), ("visible", .array(visible.map { .string(pins.ids[Int($0)]) })),
      ]).serialized
    }
  }
}

struct FetchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
