import Hummingbird
import HummingbirdCore
import Logging
import PetSpotGeo

/// PetSpot's backend: `GET /announcements?lat={lat}&lng={lng}&range={metres}` — the announcements
/// within `range` metres (WGS84 geodesic, distance ≤ range) of (lat, lng), nearest first,
/// optionally filtered by `status` (MISSING or FOUND, case-insensitive) and cut to the nearest
/// `limit` — and `GET /health`; on a database also `POST /announcements` (a found report) and
/// `PATCH /announcements/{id}` (a status), and the `species` and `since` filters. Both also answer
/// `GET /clusters` (the engine's cluster result for a camera, ``ClustersQuery``), `GET /radius`
/// and `GET /callout` (``EngineAnswers``), and serve the playground page at `GET /`.
///
/// Two sources: a pins file loaded once (``init(pins:)``), or PostgreSQL + PostGIS followed in
/// memory (``init(database:)``); both answer a query by the same rule. Bad parameters (a
/// repeated one included) get `400 {"error","field"}`; other paths 404, other methods `405`; HEAD
/// answers as GET without a body; the limits of ``ServerLimits`` apply. One log line per request;
/// SIGINT and SIGTERM stop accepting connections and finish the requests in flight first.
public struct AnnouncementsServer: Sendable {
  /// Where the announcements come from.
  public enum Source: Sendable {
    case file(IndexedPins)
    case database(DatabaseBackend)
  }

  public let source: Source
  /// On a pins file, each pin's JSON object as a GET answer writes it, written once at start (an
  /// answer then copies bytes; about 107 bytes per pin at 1M pins, offsets included); empty on a database, whose mirror keeps its own.
  private let fileObjects: JSONObjects
  /// Where `GET /clusters` finds its indexes.
  private enum Clusters: Sendable {
    case file(ClusterIndexCache)
    case database(DatabaseClusters)
  }

  private let clusters: Clusters
  /// Where `GET /clusters` builds the indexes it has not made yet.
  private let clusterBuilds = ClusterBuildQueue()

  /// A server on a pins file; `GET /clusters` clusters with `clusterOptions` unless a request
  /// names its own `minSeparation` or `maxZoom`.
  /// - Complexity: O(n log n): each pin's JSON object written once, the cluster index built.
  /// - Throws: ``InvalidInput`` for invalid cluster options.
  public init(pins: IndexedPins, clusterOptions: ClusterOptions = ClusterOptions()) throws(InvalidInput) {
    source = .file(pins)
    fileObjects = AnnouncementsJSON.objects(of: pins.pins)
    clusters = .file(try ClusterIndexCache(pins: pins.pins, options: clusterOptions))
  }

  /// A server on a database (call ``DatabaseBackend/start()`` first, and run
  /// ``DatabaseBackend/follow()`` beside ``run(host:port:logger:onRunning:)``); `GET /clusters`
  /// clusters with `clusterOptions` unless a request names its own.
  /// - Throws: ``InvalidInput`` for invalid cluster options.
  public init(database: DatabaseBackend, clusterOptions: ClusterOptions = ClusterOptions()) throws(InvalidInput) {
    try clusterOptions.validate()
    source = .database(database)
    fileObjects = JSONObjects()
    clusters = .database(DatabaseClusters(defaults: clusterOptions))
  }

  /// The answer to `GET /clusters`: status and body. From the indexes already made on the
  /// request's own thread; when one must be built, on ``clusterBuilds``.
  func clustersAnswer(_ request: Request) async -> (status: HTTPResponse.Status, body: [UInt8]) {
    if let answer = clustersAnswer(Self.singleParameters(of: request), building: false) { return answer }
    return await clusterBuilds.run {
      self.clustersAnswer(Self.singleParameters(of: request), building: true)
        ?? (.internalServerError, Self.errorBody("no cluster index was made", field: nil))
    }
  }

  /// The answer to `GET /clusters`' parameters; `nil` when an index it needs is not made yet and
  /// `building` is false.
  private func clustersAnswer(_ parameters: (String) throws(InvalidInput) -> Substring?, building: Bool) -> (
    status: HTTPResponse.Status, body: [UInt8]
  )? {
    do throws(InvalidInput) {
      let body: [UInt8]?
      switch clusters {
      case .file(let cache):
        let query = try ClustersQuery(parameters: parameters, defaults: cache.defaults)
        body = try ClustersAnswer.body(query, defaults: cache.defaults) { options throws(InvalidInput) in
          building ? try cache.index(for: options) : cache.keptIndex(for: options)
        }
      case .database(let indexes):
        let query = try ClustersQuery(parameters: parameters, defaults: indexes.defaults)
        guard case .database(let backend) = source, let snapshot = backend.currentSnapshot() else {
          return (.serviceUnavailable, Self.errorBody("the database is unavailable: try again shortly", field: nil))
        }
        body = try ClustersAnswer.body(query, defaults: indexes.defaults) { options throws(InvalidInput) in
          building ? try indexes.index(for: options, in: snapshot) : indexes.keptIndex(for: options, in: snapshot)
        }
      }
      return body.map { (.ok, $0) }
    } catch {
      return (.badRequest, Self.errorBody(error.message, field: error.field))
    }
  }

  /// The answer to a query string's parameters: status, body and, on a database, the ETag.
  func answer(
    _ parameters: (String) throws(InvalidInput) -> Substring?, ifNoneMatch: String? = nil
  ) -> (status: HTTPResponse.Status, body: [UInt8], etag: String?) {
    do throws(InvalidInput) {
      switch source {
      case .file(let pins):
        let query = try AnnouncementsQuery(parameters: parameters)
        let positions = pins.positions(
          withinMetres: query.range, of: query.center, statuses: query.status, limit: query.limit)
        return (.ok, fileObjects.array(positions), nil)
      case .database(let backend):
        let query = try AnnouncementsQuery(parameters: parameters, filtersAvailable: true)
        guard let snapshot = backend.currentSnapshot() else {
          return (
            .serviceUnavailable, Self.errorBody("the database is unavailable: try again shortly", field: nil), nil
          )
        }
        let etag = "W/\"\(backend.instance)-\(snapshot.version)\""
        if let ifNoneMatch, ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingWhitespace() == etag }) {
          return (.notModified, [], etag)
        }
        return (.ok, snapshot.answer(query), etag)
      }
    } catch {
      return (.badRequest, Self.errorBody(error.message, field: error.field), nil)
    }
  }

  static func errorBody(_ message: String, field: String?) -> [UInt8] {
    let body = JSONValue.object([("error", .string(message)), ("field", field.map(JSONValue.string) ?? .null)])
    return Array(body.serialized.utf8)
  }

  static func error(_ status: HTTPResponse.Status, _ message: String, field: String?) -> Response {
    var response = json(status, errorBody(message, field: field))
    if status == .serviceUnavailable { response.headers[.retryAfter] = "2" }
    return response
  }

  /// Serves until SIGINT or SIGTERM. `onRunning` receives the bound port (useful with port 0).
  public func run(host: String, port: Int, logger: Logger, onRunning: @escaping @Sendable (Int) -> Void) async throws {
    let router = Router()
    router.middlewares.add(LogRequestsMiddleware(.info))
    let database: DatabaseBackend? =
      switch source {
      case .database(let backend): backend
      case .file: nil
      }
    router.middlewares.add(RequestShapeMiddleware(writable: database != nil))
    let health = { @Sendable (_: Request, _: BasicRequestContext) -> Response in
      if let database, database.currentSnapshot() == nil {
        var response = Self.json(.serviceUnavailable, Array(#"{"status":"degraded"}"#.utf8))
        response.headers[.retryAfter] = "2"
        return response
      }
      return Self.json(.ok, Array(#"{"status":"ok"}"#.utf8))
    }
    let announcements = { @Sendable (request: Request, _: BasicRequestContext) -> Response in
      let (status, body, etag) = self.answer(
        Self.singleParameters(of: request), ifNoneMatch: request.headers[.ifNoneMatch])
      var response = Self.json(status, body)
      if let etag { response.headers[.eTag] = etag }
      if status == .serviceUnavailable { response.headers[.retryAfter] = "2" }
      if status == .notModified { response.body = .init() }
      return response
    }
    let clusters = { @Sendable (request: Request, _: BasicRequestContext) async -> Response in
      let (status, body) = await self.clustersAnswer(request)
      var response = Self.json(status, body)
      if status == .serviceUnavailable { response.headers[.retryAfter] = "2" }
      return response
    }
    router.get("clusters", use: clusters)
    router.head("clusters", use: clusters)
    let engine = try EngineAnswers()
    let radius = { @Sendable (request: Request, _: BasicRequestContext) -> Response in
      Self.answer { try engine.radius(Self.singleParameters(of: request)) }
    }
    let callout = { @Sendable (request: Request, _: BasicRequestContext) -> Response in
      Self.answer { try engine.callout(Self.singleParameters(of: request)) }
    }
    for (path, handler) in [("radius", radius), ("callout", callout)] {
      router.get(RouterPath(path), use: handler)
      router.head(RouterPath(path), use: handler)
    }
    for (path, page) in Playground.files {
      let serve = { @Sendable (_: Request, _: BasicRequestContext) -> Response in page.response() }
      router.get(RouterPath(path), use: serve)
      router.head(RouterPath(path), use: serve)
    }
    router.get("health", use: health)
    router.head("health", use: health)
    router.get("announcements", use: announcements)
    router.head("announcements", use: announcements)
    if let database {
      let writes = WriteRoutes(backend: database)
      router.post("announcements") { request, _ in await writes.post(request) }
      router.patch("announcements/:id") { request, context in
        await writes.patch(request, id: context.parameters.get("id") ?? "")
      }
    }
    var http1 = HTTP1Channel.Configuration(idleTimeout: .seconds(ServerLimits.idleTimeoutSeconds))
    http1.httpDecoder = .init(
      maxHeaderFieldSize: ServerLimits.maxHeaderBytes, maxHeaderListSize: ServerLimits.maxHeaderBytes)
    let app = Application(
      router: router, server: .http1(configuration: http1),
      configuration: .init(address: .hostname(host, port: port), serverName: "petspot-geo"),
      onServerRunning: { channel in onRunning(channel.localAddress?.port ?? port) }, logger: logger)
    try await app.runService()
  }

  /// `200` and the body `make` writes, `400` naming the parameter it refuses, `500` when the
  /// engine fails on valid input.
  static func answer(_ make: () throws -> [UInt8]) -> Response {
    do {
      return json(.ok, try make())
    } catch let error as InvalidInput {
      return json(.badRequest, errorBody(error.message, field: error.field))
    } catch {
      let message = (error as? EngineFailure)?.message ?? "\(error)"
      return json(.internalServerError, errorBody("the engine failed: \(message)", field: nil))
    }
  }

  /// A request's query parameters, each given at most once (a repeated one is an error naming it).
  static func singleParameters(of request: Request) -> (String) throws(InvalidInput) -> Substring? {
    let parameters = request.uri.queryParameters
    return { name throws(InvalidInput) in
      let values = parameters.getAll(name)
      guard values.count <= 1 else {
        throw InvalidInput(
          field: name, code: .malformedValue, message: "\(name) is given \(values.count) times: give it once")
      }
      return values.first.map { Substring($0) }
    }
  }

  static func json(_ status: HTTPResponse.Status, _ bytes: [UInt8]) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
