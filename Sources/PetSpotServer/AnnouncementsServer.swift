import Hummingbird
import HummingbirdCore
import Logging
import PetSpotGeo

/// `GET /announcements?lat={lat}&lng={lng}&range={metres}` as PetSpot's backend answers it, on a
/// pin set loaded once: the announcements within `range` metres (WGS84 geodesic, distance ≤
/// range) of (lat, lng), nearest first, optionally filtered by `status` (MISSING or FOUND,
/// case-insensitive) and cut to the nearest `limit`. Also `GET /health`.
///
/// Bad parameters (a repeated one included) get `400 {"error","field"}`; other paths 404, other
/// methods on these paths 405; HEAD answers as GET without a body; the limits of
/// ``ServerLimits`` apply. One log line per request; SIGINT and SIGTERM shut it down cleanly.
public struct AnnouncementsServer: Sendable {
  public let pins: IndexedPins

  public init(pins: IndexedPins) {
    self.pins = pins
  }

  /// The JSON body for a query string's parameters, or a 400 body naming the field.
  func answer(_ parameters: (String) throws(InvalidInput) -> Substring?) -> (status: HTTPResponse.Status, body: [UInt8])
  {
    do throws(InvalidInput) {
      let query = try AnnouncementsQuery(parameters: parameters)
      let matches = pins.within(
        metres: query.range, of: query.center, statuses: query.status,
        limit: min(query.limit ?? ServerLimits.maxAnnouncements, ServerLimits.maxAnnouncements))
      return (.ok, AnnouncementsJSON.array(matches.map(\.position), pins: pins.pins))
    } catch {
      return (.badRequest, Self.errorBody(error.message, field: error.field))
    }
  }

  static func errorBody(_ message: String, field: String?) -> [UInt8] {
    let body = JSONValue.object([("error", .string(message)), ("field", field.map(JSONValue.string) ?? .null)])
    return Array(body.serialized.utf8)
  }

  static func error(_ status: HTTPResponse.Status, _ message: String, field: String?) -> Response {
    json(status, errorBody(message, field: field))
  }

  /// Serves until SIGINT or SIGTERM. `onRunning` receives the bound port (useful with port 0).
  public func run(host: String, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) -> Void) async throws {
    let router = Router()
    router.middlewares.add(LogRequestsMiddleware(.info))
    router.middlewares.add(RequestShapeMiddleware(knownPaths: ["/health", "/announcements"]))
    let health = { @Sendable (_: Request, _: BasicRequestContext) -> Response in
      Self.json(.ok, Array(#"{"status":"ok"}"#.utf8))
    }
    let announcements = { @Sendable (request: Request, _: BasicRequestContext) -> Response in
      let parameters = request.uri.queryParameters
      let (status, body) = self.answer { name throws(InvalidInput) in
        let values = parameters.getAll(name)
        guard values.count <= 1 else {
          throw InvalidInput(
            field: name, code: .malformedValue, message: "\(name) is given \(values.count) times: give it once")
        }
        return values.first.map { Substring($0) }
      }
      return Self.json(status, body)
    }
    router.get("health", use: health)
    router.head("health", use: health)
    router.get("announcements", use: announcements)
    router.head("announcements", use: announcements)
    var http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(ServerLimits.idleTimeoutSeconds))
    http1.httpDecoder = .init(
      maxHeaderFieldSize: ServerLimits.maxHeaderBytes, maxHeaderListSize: ServerLimits.maxHeaderBytes)
    let app = Application(
      router: router, server: .http1(configuration: http1),
      configuration: .init(address: .hostname(host, port: port), serverName: "petspot-geo"),
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
