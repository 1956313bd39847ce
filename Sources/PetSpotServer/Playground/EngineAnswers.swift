import PetSpotGeo
import Synchronization

/// `GET /radius` and `GET /callout`: the engine's fetch query for a camera and its callout
/// placement for a tapped item — what the playground page shows beside the clusters, answered by
/// one ``GeoEngine`` (its PROJ context and GEOS handle) behind a lock: both take microseconds.
final class EngineAnswers: Sendable {
  private let engine: Mutex<GeoEngine>

  /// - Throws: ``GeoError`` when PROJ or GEOS cannot start.
  init() throws(GeoError) {
    engine = Mutex(try GeoEngine())
  }

  /// `GET /radius?<camera>`: `{"lat","lng","range","zoom","visibleRegion"}`, the object
  /// `petspot-geo radius --json` prints. The camera parameters are `/clusters`'.
  func radius(_ parameters: (String) throws(InvalidInput) -> Substring?) throws(InvalidInput) -> [UInt8] {
    let camera = try ClustersQuery.camera(parameters: parameters)
    let query = engine.withLock { $0.fetchQuery(for: camera) }
    return Array(query.json.serialized.utf8)
  }

  /// The callout parameters and the request fields they stand for (errors name the parameter).
  static let calloutFields: [(parameter: String, field: String)] = [
    ("width", "viewport.width"), ("height", "viewport.height"), ("x", "pin.x"), ("y", "pin.y"),
    ("cardWidth", "callout.width"), ("cardHeight", "callout.height"),
  ]

  /// `GET /callout?width=&height=&x=&y=&cardWidth=&cardHeight=`: where the callout card of an item
  /// drawn at (x, y) goes in a viewport of width × height points (`petspot-geo callout`'s JSON:
  /// placement, frame, arrowX, fits, pan), with the command's defaults for the rest.
  /// - Throws: ``InvalidInput`` naming the parameter, or ``EngineFailure`` when GEOS fails on
  ///   valid input (a 500).
  func callout(_ parameters: (String) throws(InvalidInput) -> Substring?) throws -> [UInt8] {
    var values: [String: JSONValue] = [:]
    for (parameter, field) in Self.calloutFields {
      guard let text = try parameters(parameter) else {
        throw InvalidInput(
          field: parameter, code: .missingField, message: "\(parameter) is missing: it must be a finite number")
      }
      values[field] = try ClustersQuery.number(parameter, text)
    }
    func pair(_ a: String, _ b: String, _ first: String, _ second: String) -> JSONValue {
      .object([(a, values[first]!), (b, values[second]!)])
    }
    let json = JSONValue.object([
      ("viewport", pair("width", "height", "viewport.width", "viewport.height")),
      ("pin", pair("x", "y", "pin.x", "pin.y")),
      ("callout", pair("width", "height", "callout.width", "callout.height")),
    ])
    let request: CalloutRequest
    do throws(InvalidInput) {
      request = try CalloutRequest(json: json)
    } catch {
      throw Self.named(error)
    }
    let placed = engine.withLock { engine in
      Result { () throws(GeoError) -> CalloutPlacement in try engine.placeCallout(request) }
    }
    switch placed {
    case .success(let placement): return Array(placement.json.serialized.utf8)
    case .failure(.invalidInput(let error)): throw Self.named(error)
    case .failure(let error): throw EngineFailure(message: error.description)
    }
  }

  /// The error naming the query parameter, not the request field it became.
  private static func named(_ error: InvalidInput) -> InvalidInput {
    let parameter = calloutFields.first { $0.field == error.field }?.parameter ?? error.field
    return InvalidInput(field: parameter, code: error.code, message: error.message)
  }
}

/// The engine failed on valid input (PROJ or GEOS): the server answers 500 with its message.
struct EngineFailure: Error {
  var message: String
}
