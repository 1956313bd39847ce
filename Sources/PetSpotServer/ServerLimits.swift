import Hummingbird
import PetSpotGeo

/// The limits `serve` enforces (docs/server.md, "Limits"): a server must bound the work any one
/// request can cause.
public enum ServerLimits {
  /// The longest request target (path and query) answered, bytes; longer ones get `414`.
  public static var maxURLBytes: Int { 8 * 1024 }
  /// The HTTP decoder's cap on one header line (the request line included) and on all headers
  /// together, bytes: beyond it the parser itself refuses the request (`400`, connection closed).
  /// It sits above ``maxURLBytes`` so that an over-long URL still gets a JSON `414`.
  public static var maxHeaderBytes: Int { 128 * 1024 }
  /// The largest `limit` a query may give (the nearest that many). Without `limit`, a query
  /// returns every match.
  public static var maxAnnouncements: Int { 10_000 }
  /// The largest request body read (`POST`, `PATCH`), bytes; larger ones get `413`.
  public static var maxBodyBytes: Int { 64 * 1024 }
  /// The longest `Idempotency-Key` accepted, characters.
  public static var maxIdempotencyKeyLength: Int { 200 }
  /// Seconds an idle connection (no request in progress) is kept open.
  public static var idleTimeoutSeconds: Int64 { 30 }
}

/// Turns requests the routes cannot answer sensibly into JSON errors before routing: an over-long
/// URL (`414`) and a method a known path does not take (`405`, with `Allow`).
struct RequestShapeMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Whether POST and PATCH routes exist (the database mode).
  let writable: Bool

  /// The methods a path takes, or `nil` for an unknown path (left to the router's 404).
  func allowedMethods(_ path: String) -> [HTTPRequest.Method]? {
    switch path {
    case "/health", "/clusters", "/radius", "/callout", "/", "/playground.js": [.get, .head]
    case "/announcements": writable ? [.get, .head, .post] : [.get, .head]
    case _ where writable && path.hasPrefix("/announcements/") && path.dropFirst(15).count > 0: [.patch]
    default: nil
    }
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    if request.uri.string.utf8.count > ServerLimits.maxURLBytes {
      return AnnouncementsServer.error(
        .uriTooLong, "the request URL is longer than \(ServerLimits.maxURLBytes) bytes", field: nil)
    }
    if let allowed = allowedMethods(request.uri.path), !allowed.contains(request.method) {
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      var response = AnnouncementsServer.error(
        .methodNotAllowed, "\(request.method.rawValue) is not allowed on \(request.uri.path): use \(names)",
        field: nil)
      response.headers[.allow] = names
      return response
    }
    return try await next(request, context)
  }
}
