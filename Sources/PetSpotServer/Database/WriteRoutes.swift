import Hummingbird
import HummingbirdCore
import PetSpotDatabase
import PetSpotGeo

/// `POST /announcements` and `PATCH /announcements/{id}` (database mode).
///
/// A database call that does not finish within ``databaseTimeout`` answers `503` with
/// `Retry-After` (never a hang): the write may or may not have happened, which is what an
/// `Idempotency-Key` is for.
struct WriteRoutes: Sendable {
  let backend: DatabaseBackend

  static var databaseTimeout: Duration { .seconds(4) }

  /// `503` at once when the follower has not reached the database within
  /// ``DatabaseBackend/maximumAge`` (it is down: a write would only wait for the timeout).
  func unavailableNow() -> Response? {
    guard backend.currentSnapshot() == nil else { return nil }
    return AnnouncementsServer.error(.serviceUnavailable, "the database is unavailable: try again shortly", field: nil)
  }

  /// A found report (the payload `found-report validate` prints) → `201 {"id"}`, or `200 {"id"}`
  /// replaying an `Idempotency-Key`; `400` malformed JSON, `409` a key reused with another body,
  /// `413` beyond ``ServerLimits/maxBodyBytes``, `415` not JSON, `422` invalid fields, `503` no
  /// database.
  func post(_ request: Request) async -> Response {
    if let unavailable = unavailableNow() { return unavailable }
    let json: JSONValue
    switch await Self.jsonBody(request) {
    case .failure(let error): return error.response
    case .success(let value): json = value
    }
    let key = request.headers[.init("Idempotency-Key")!]
    if let key, key.isEmpty || key.count > ServerLimits.maxIdempotencyKeyLength {
      return AnnouncementsServer.error(
        .badRequest, "Idempotency-Key must be 1 to \(ServerLimits.maxIdempotencyKeyLength) characters",
        field: "Idempotency-Key")
    }
    let report: FoundReportPayload
    do throws(FoundReportErrors) {
      report = try FoundReportPayload(json: json)
    } catch {
      return Self.unprocessable(error.errors)
    }
    // What "the same request" means for a key: the same JSON value, fields never stored left out.
    let fingerprint = json.removingKeys(FoundReportPayload.droppedFields).canonical.serialized
    let store = backend.store
    let outcome = await Self.withTimeout { () throws(DatabaseError) in
      try await store.insert(report, idempotency: key.map { ($0, fingerprint) })
    }
    switch outcome {
    case .success(.created(let id)): return Self.idResponse(.created, id)
    case .success(.replayed(let id)): return Self.idResponse(.ok, id)
    case .success(.keyConflict):
      return AnnouncementsServer.error(
        .conflict, "this Idempotency-Key was used with a different request body", field: "Idempotency-Key")
    case .failure(let error):
      backend.logger.warning("POST /announcements: \(error)")
      return AnnouncementsServer.error(
        .serviceUnavailable, "the database is unavailable: try again shortly", field: nil)
    }
  }

  /// `{"status":"MISSING"|"FOUND"|"CLOSED"}` (case-insensitive; ACTIVE is MISSING) → `200` with
  /// the announcement; `404` unknown id; `422` another status; `400`, `413`, `415`, `503` as POST.
  func patch(_ request: Request, id: String) async -> Response {
    if let unavailable = unavailableNow() { return unavailable }
    let json: JSONValue
    switch await Self.jsonBody(request) {
    case .failure(let error): return error.response
    case .success(let value): json = value
    }
    guard case .string(let text)? = json["status"], let status = PinStatus(normalizing: text),
      [.missing, .found, .closed].contains(status)
    else {
      return Self.unprocessable([
        FoundReportFieldError(
          field: "status", code: "status_invalid", message: "status must be MISSING, FOUND or CLOSED.")
      ])
    }
    guard (1...200).contains(id.count) else {
      return AnnouncementsServer.error(.notFound, "no announcement has this id", field: "id")
    }
    let store = backend.store
    let outcome = await Self.withTimeout { () throws(DatabaseError) in
      try await store.setStatus(id: id, to: status.name)
    }
    switch outcome {
    case .success(let row?): return AnnouncementsServer.json(.ok, AnnouncementsJSON.object(row))
    case .success(nil): return AnnouncementsServer.error(.notFound, "no announcement has the id \(id)", field: "id")
    case .failure(let error):
      backend.logger.warning("PATCH /announcements/\(id): \(error)")
      return AnnouncementsServer.error(
        .serviceUnavailable, "the database is unavailable: try again shortly", field: nil)
    }
  }

  /// The request's JSON body, or the error response: `415` not `application/json`, `413` too
  /// large, `400` not JSON.
  static func jsonBody(_ request: Request) async -> Result<JSONValue, ErrorResponse> {
    let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingWhitespace().lowercased()
    guard type == "application/json" else {
      return .failure(
        ErrorResponse(
          AnnouncementsServer.error(
            .unsupportedMediaType, "the body must be JSON (Content-Type: application/json)", field: nil)))
    }
    var request = request
    let tooLarge = AnnouncementsServer.error(
      .contentTooLarge, "the body is larger than \(ServerLimits.maxBodyBytes) bytes", field: nil)
    if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > ServerLimits.maxBodyBytes {
      return .failure(ErrorResponse(tooLarge))
    }
    let buffer: ByteBuffer
    do {
      buffer = try await request.collectBody(upTo: ServerLimits.maxBodyBytes)
    } catch {
      return .failure(ErrorResponse(tooLarge))
    }
    do throws(InvalidInput) {
      return .success(try JSONParser.parse(bytes: Array(buffer.readableBytesView)))
    } catch {
      return .failure(ErrorResponse(AnnouncementsServer.error(.badRequest, error.message, field: nil)))
    }
  }

  /// An error response as a `Result` failure.
  struct ErrorResponse: Error {
    let response: Response
    init(_ response: Response) { self.response = response }
  }

  static func unprocessable(_ errors: [FoundReportFieldError]) -> Response {
    let items = errors.map { e in
      JSONValue.object([("field", .string(e.field)), ("code", .string(e.code)), ("message", .string(e.message))])
    }
    return AnnouncementsServer.json(
      .unprocessableContent, Array(JSONValue.object([("errors", .array(items))]).serialized.utf8))
  }

  static func idResponse(_ status: HTTPResponse.Status, _ id: String) -> Response {
    AnnouncementsServer.json(status, Array(JSONValue.object([("id", .string(id))]).serialized.utf8))
  }

  static func withTimeout<T: Sendable>(_ work: @escaping @Sendable () async throws(DatabaseError) -> T) async
    -> Result<T, DatabaseError>
  {
    await withDatabaseTimeout(databaseTimeout, work)
  }
}
