import Hummingbird
import Logging
import PetSpotGeo
import PetSpotPROJ

/// `GET /announcements?lat={lat}&lng={lng}&range={metres}` as PetSpot's backend answers it, on a
/// pin set loaded once: the announcements within `range` metres (WGS84 geodesic, distance ≤
/// range) of (lat, lng), nearest first, optionally filtered by `status` (MISSING or FOUND,
/// case-insensitive) and cut to the nearest `limit`. Also `GET /health`.
///
/// Bad parameters get `400 {"error","field"}`; other paths 404. One log line per request;
/// SIGINT and SIGTERM shut it down cleanly.
public struct AnnouncementsServer: Sendable {
  public let pins: IndexedPins
  let geodesic = Geodesic()

  public init(pins: IndexedPins) {
    self.pins = pins
  }

  /// The JSON body for a query string's parameters, or a 400 body and field.
  func answer(_ parameters: (String) -> Substring?) -> (status: HTTPResponse.Status, body: String) {
    do throws(InvalidInput) {
      let query = try AnnouncementsQuery(parameters: parameters)
      let matches = pins.within(metres: query.range, of: query.center, geodesic: geodesic, statuses: query.status, limit: query.limit)
      return (.ok, AnnouncementsJSON.array(matches.map(\.position), pins: pins.pins))
    } catch {
      return (.badRequest, JSONValue.object([("error", .string(error.message)), ("field", error.field.map(JSONValue.string) ?? .null)]).serialized)
    }
  }

  /// Serves until SIGINT or SIGTERM. `onRunning` receives the bound port (useful with port 0).
  public func run(host: String, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) -> Void) async throws {
    let router = Router()
    router.middlewares.add(LogRequestsMiddleware(.info))
    router.get("health") { _, _ -> Response in
      Self.json(.ok, #"{"status":"ok"}"#)
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

  static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
    Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}

/// Announcements as JSON: the fields a pins file carries (`id`, `lastSeenLatitude`,
/// `lastSeenLongitude`, `status`), written straight into a string.
public enum AnnouncementsJSON {
  public static func array(_ positions: [Int], pins: PinSet) -> String {
    var out = "["
    out.reserveCapacity(positions.count * 90 + 2)
    for (i, p) in positions.enumerated() {
      if i > 0 { out += "," }
      out += "{\"id\":"
      JSONValue.writeString(pins.ids[p], to: &out)
      out += ",\"lastSeenLatitude\":\(ShortestDecimal.string(pins.latitudes[p])),\"lastSeenLongitude\":\(ShortestDecimal.string(pins.longitudes[p])),\"status\":"
      if let status = pins.status(at: p) { JSONValue.writeString(status.name, to: &out) } else { out += "null" }
      out += "}"
    }
    return out + "]"
  }
}
