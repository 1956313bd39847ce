import PetSpotGeo

/// The parameters of `GET /clusters`: a camera in any form of the camera model, the clustering
/// options, a status filter and, optionally, the token of an earlier answer to relate this one to.
///
/// - Camera: `lat`, `lng`, `latDelta`, `lngDelta`, `width`, `height` (flat), plus `heading`,
///   `pitch`, `fov` (degrees) — or `corners` (eight numbers: the top-left, top-right,
///   bottom-right and bottom-left ground points as lat,lng pairs, comma-separated), `width`,
///   `height` and optionally `lat` and `lng`. Validated exactly as the CLI's JSON cameras.
/// - `minSeparation` (points, [0.01, 1000]) and `maxZoom` (0…22): the index's options; absent,
///   the server's.
/// - `status`: the statuses shown, comma-separated (MISSING, FOUND, CLOSED or another status;
///   normalised as pins files are); `species`: the species shown, comma-separated, compared
///   ignoring case. Both together: pins of a shown status and a shown species.
/// - `previous`: a `token` from an earlier answer; the answer then carries the transitions from
///   that answer's items to its own.
struct ClustersQuery: Sendable {
  var camera: Camera
  var options: ClusterOptions
  var filter: ClusterFilter?
  /// The earlier request, read back from its token.
  var previous: ClustersToken?
  /// This request's token (its camera, options and filter).
  var token: ClustersToken

  /// The numeric camera parameters, in the order errors are looked for.
  static let cameraFields = ["lat", "lng", "latDelta", "lngDelta", "width", "height", "heading", "pitch", "fov"]

  /// The numeric parameters: the camera's, then the options'.
  static let numericFields = cameraFields + ["minSeparation", "maxZoom"]

  /// The other parameters a token keeps.
  static let textFields = ["corners", "status", "species"]

  /// Reads the parameters. - Throws: ``InvalidInput`` naming the parameter at fault.
  init(parameters: (String) throws(InvalidInput) -> Substring?, defaults: ClusterOptions) throws(InvalidInput) {
    var fields: [(String, Substring)] = []
    for name in Self.numericFields + Self.textFields {
      if let value = try parameters(name) { fields.append((name, value)) }
    }
    token = ClustersToken(fields: fields)
    (camera, options, filter) = try Self.read(fields, defaults: defaults)
    if let text = try parameters("previous") {
      guard let earlier = ClustersToken(encoded: text) else {
        throw InvalidInput(
          field: "previous", code: .malformedValue, message: "previous must be the token of an earlier /clusters answer"
        )
      }
      do throws(InvalidInput) {
        _ = try Self.read(earlier.fields, defaults: defaults)
      } catch {
        throw InvalidInput(
          field: "previous", code: .malformedValue,
          message: "previous must be the token of an earlier /clusters answer (\(error.message))")
      }
      previous = earlier
    }
  }

  /// Only the camera of a request's parameters (for `/radius`).
  static func camera(parameters: (String) throws(InvalidInput) -> Substring?) throws(InvalidInput) -> Camera {
    var fields: [(String, Substring)] = []
    for name in cameraFields + ["corners"] {
      if let value = try parameters(name) { fields.append((name, value)) }
    }
    return try read(fields, defaults: ClusterOptions()).0
  }

  /// The camera, options and filter of a request's fields.
  static func read(_ fields: [(String, Substring)], defaults: ClusterOptions) throws(InvalidInput) -> (
    Camera, ClusterOptions, ClusterFilter?
  ) {
    var members: [(String, JSONValue)] = []
    var filter: ClusterFilter?
    for (name, text) in fields {
      switch name {
      case "corners": members.append((name, try corners(text)))
      case "status":
        let listed = text.split(separator: ",", omittingEmptySubsequences: false)
        var shown = filter ?? ClusterFilter()
        shown.statuses = Set(listed.map { PinStatus(normalizing: $0) })
        filter = shown
      case "species":
        var shown = filter ?? ClusterFilter()
        shown.show(text.split(separator: ",", omittingEmptySubsequences: false).map { $0.uppercased() }, of: "species")
        filter = shown
      default: members.append((name, try number(name, text)))
      }
    }
    let json = JSONValue.object(members)
    return (try Camera(json: json), try ClusterOptions(json: json, defaults: defaults), filter)
  }

  /// A finite decimal number (the pins files' rule: no hex, no NaN or infinity).
  static func number(_ name: String, _ text: Substring) throws(InvalidInput) -> JSONValue {
    var copy = String(text)
    guard case .number(let value) = copy.withUTF8({ DecimalText.cell($0) }) else {
      throw InvalidInput(field: name, code: .invalidType, message: "\(name) must be a finite decimal number")
    }
    return .number(value)
  }

  /// `corners=lat,lng,lat,lng,lat,lng,lat,lng` as the camera model's four `[lat, lng]` pairs.
  static func corners(_ text: Substring) throws(InvalidInput) -> JSONValue {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    let requirement =
      "corners must be eight comma-separated numbers: the top-left, top-right, bottom-right and bottom-left lat,lng"
    guard parts.count == 8 else { throw InvalidInput(field: "corners", code: .malformedValue, message: requirement) }
    var numbers: [JSONValue] = []
    for part in parts {
      do throws(InvalidInput) {
        numbers.append(try number("corners", part))
      } catch {
        throw InvalidInput(field: "corners", code: .invalidType, message: requirement)
      }
    }
    return .array(stride(from: 0, to: 8, by: 2).map { JSONValue.array([numbers[$0], numbers[$0 + 1]]) })
  }
}
