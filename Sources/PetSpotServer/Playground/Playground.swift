import Hummingbird

/// The playground page `GET /` serves: a canvas map driven by the engine's answers
/// (`playground.html`, `playground.js`, compiled into the binary: nothing to install, no network).
enum Playground {
  /// A static file and its content type.
  struct File: Sendable {
    let bytes: [UInt8]
    let contentType: String

    func response() -> Response {
      Response(
        status: .ok, headers: [.contentType: contentType, .cacheControl: "no-cache"],
        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
  }

  /// The files by path.
  static let files: [(path: String, file: File)] = [
    ("/", File(bytes: PackageResources.playground_html, contentType: "text/html; charset=utf-8")),
    ("/playground.js", File(bytes: PackageResources.playground_js, contentType: "text/javascript; charset=utf-8")),
  ]
}
