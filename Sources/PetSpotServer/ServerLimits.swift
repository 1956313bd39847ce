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
  /// The most announcements one response holds (the nearest); `limit` may not exceed it.
  public static var maxAnnouncements: Int { 100_000 }
  /// Seconds an idle connection (no request in progress) is kept open.
  public static var idleTimeoutSeconds: Int64 { 30 }
}

/// Turns requests the routes cannot answer sensibly into JSON errors before routing: an over-long
/// URL (`414`) and a method other than GET or HEAD on a known path (`405`, with `Allow`).
struct RequestShapeMiddleware<Context: RequestContext>: RouterMiddleware {
  let knownPaths: Set<String>

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    if request.uri.string.utf8.count > ServerLimits.maxURLBytes {
      return AnnouncementsServer.error(
        .uriTooLong, "the request URL is longer than \(ServerLimits.maxURLBytes) bytes", field: nil)
    }
    if knownPaths.contains(request.uri.path), request.method != .get, request.method != .head {
      var response = AnnouncementsServer.error(
        .methodNotAllowed, "\(request.method.rawValue) is not allowed on \(request.uri.path): use GET", field: nil)
      response.headers[.allow] = "GET, HEAD"
      return response
    }
    return try await next(request, context)
  }
}
