import Hummingbird
import Logging
import PetSpotGeo

/// `GET /announcements?lat={lat}&lng={lng}&range={metres}` as PetSpot's backend answers it, on a
/// pin set loaded once: the announcements within `range` metres (WGS84 geodesic, distance ≤
/// range) of (lat, lng), nearest first, optionally filtered by `status` (MISSING or FOUND,
/// case-insensitive) and cut to the nearest `limit`. Also `GET /health`.
///
/// Bad parameters get `400 {"error","field"}`; other paths 404. One log line per request;
/// SIGINT and SIGTERM shut it down cleanly.
public struct AnnouncementsServer: Sendable {
  public let pins: IndexedPins

  public init(pins: IndexedPins) {
    self.pins = pins
  }

  /// The JSON body for a query string's parameters, or a 400 body naming the field.
  func answer(_ parameters: (String) -> Substring?) -> (status: HTTPResponse.Status, body: [UInt8]) {
    do throws(InvalidInput) {
      let query = try AnnouncementsQuery(parameters: parameters)
      let matches = pins.within(
        metres: query.range, of: query.center, statuses: query.status, limit: query.limit)
      return (.ok, AnnouncementsJSON.array(matches.map(\.position), pins: pins.pins))
    } catch {
      let body = JSONValue.object([
        ("error", .string(error.message)), ("field", error.field.map(JSONValue.string) ?? .null),
      ])
      return (.badRequest, Array(body.serialized.utf8))
    }
  }

  /// Serves until SIGINT or SIGTERM. `onRunning` receives the bound port (useful with port 0).
  public func run(host: String, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) -> Void) async throws {
    let router = Router()
    router.middlewares.add(LogRequestsMiddleware(.info))
    router.get("health") { _, _ -> Response in
      Self.json(.ok, Array(#"{"status":"ok"}"#.utf8))
    }
    router.get("announcements") { request, _ -> Response in
      let parameters = request.uri.queryParameters
      let (status, body) = self.answer { name in parameters[Substring(name)] }
      return Self.json(status, body)
    }
    let app = Application(
      router: router, configuration: .init(address: .hostname(host, port: port), serverName: "petspot-geo"),
      onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    try await app.runService()
  }

  static func json(_ status: HTTPResponse.Status, _ bytes: [UInt8]) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}

/// Announcements as JSON: the fields a pins file carries (`id`, `lastSeenLatitude`,
/// `lastSeenLongitude`, `status`), written straight into bytes (this is the server's hot path:
/// no String is built per announcement).
public enum AnnouncementsJSON {
  public static func array(_ positions: [Int], pins: PinSet) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(positions.count * 100 + 2)
    out.append(UInt8(ascii: "["))
    let statusNames = [nil, "MISSING", "FOUND", "CLOSED"] + pins.otherStatuses.map(Optional.some)
    for (i, p) in positions.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: #"{"id":"#.utf8)
      pins.ids.withUTF8(p) { JSONValue.appendString($0, to: &out) }
      out.append(contentsOf: #","lastSeenLatitude":"#.utf8)
      out.append(contentsOf: ShortestDecimal.string(pins.latitudes[p]).utf8)
      out.append(contentsOf: #","lastSeenLongitude":"#.utf8)
      out.append(contentsOf: ShortestDecimal.string(pins.longitudes[p]).utf8)
      out.append(contentsOf: #","status":"#.utf8)
      if let name = statusNames[Int(pins.statusCodes[p])] {
        var copy = name
        copy.withUTF8 { JSONValue.appendString($0, to: &out) }
      } else {
        out.append(contentsOf: "null".utf8)
      }
      out.append(UInt8(ascii: "}"))
    }
    out.append(UInt8(ascii: "]"))
    return out
  }
}
