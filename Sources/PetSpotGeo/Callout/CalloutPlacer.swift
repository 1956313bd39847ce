internal import PetSpotGEOS
internal import PetSpotPROJ

/// Obstacles parsed and prepared once (GEOS prepared geometries in one engine's context), then
/// reused by every placement. Threading: as its engine, one thread at a time.
public final class PreparedObstacles {
  let geometries: [GEOSPreparedGeometry]
  /// The obstacles as given.
  public let obstacles: [CalloutRequest.Obstacle]

  init(geometries: [GEOSPreparedGeometry], obstacles: [CalloutRequest.Obstacle]) {
    self.geometries = geometries
    self.obstacles = obstacles
  }
}

extension GeoEngine {
  /// Parses (WKT) and prepares obstacles for repeated placements.
  /// - Throws: ``GeoError/invalidInput(_:)`` naming `obstacles[i]` for malformed or invalid WKT,
  ///   a geometry without area, or bad rectangle numbers.
  public func prepareObstacles(_ obstacles: [CalloutRequest.Obstacle]) throws(GeoError) -> PreparedObstacles {
    var prepared: [GEOSPreparedGeometry] = []
    for (i, obstacle) in obstacles.enumerated() {
      let field = "obstacles[\(i)]"
      let geometry = try obstacleGeometry(obstacle, field: field)
      do throws(GEOSError) {
        prepared.append(try GEOSPreparedGeometry(geometry))
      } catch {
        throw GeoError(error)
      }
    }
    return PreparedObstacles(geometries: prepared, obstacles: obstacles)
  }

  private func obstacleGeometry(_ obstacle: CalloutRequest.Obstacle, field: String) throws(GeoError) -> GEOSGeometry {
    func invalid(_ message: String) -> GeoError {
      .invalidInput(InvalidInput(field: field, code: .malformedValue, message: "\(field) \(message)"))
    }
    switch obstacle {
    case .rectangle(let r):
      guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else {
        throw invalid("needs finite x, y and width, height > 0")
      }
      do throws(GEOSError) {
        return try GEOSGeometry(context: geos, minX: r.x, minY: r.y, maxX: r.maxX, maxY: r.maxY)
      } catch {
        throw GeoError(error)
      }
    case .wkt(let text):
      let geometry: GEOSGeometry
      do throws(GEOSError) {
        geometry = try GEOSGeometry(context: geos, wkt: text)
      } catch {
        throw invalid("is not valid WKT: \(error.messages.joined(separator: "; "))")
      }
      if let reason = geometry.invalidityReason { throw invalid("is not a valid polygon: \(reason)") }
      guard geometry.isAreal else { throw invalid("must be a POLYGON or MULTIPOLYGON with an area") }
      return geometry
    }
  }

  /// Places the callout for a pin.
  ///
  /// Above if it fits; else below if it fits; else the side with more room (a tie goes above),
  /// with `fits: false` and the smallest pan. A side fits when GEOS finds the card and its arrow
  /// inside the safe rectangle (boundaries inclusive), the arrow needs no clamping, and the card
  /// overlaps no obstacle (a shared edge is not an overlap).
  /// - Parameter obstacles: prepared obstacles to use instead of the request's own (prepare them
  ///   once with ``prepareObstacles(_:)`` when placing many callouts).
  /// - Throws: ``GeoError`` for invalid input (naming the field) or a GEOS failure.
  /// - Complexity: two GEOS containment tests and up to two tests per obstacle.
  public func placeCallout(_ request: CalloutRequest, obstacles: PreparedObstacles? = nil) throws(GeoError)
    -> CalloutPlacement
  {
    do { try request.validate() } catch { throw .invalidInput(error) }
    let layout = request.layout
    let prepared: PreparedObstacles
    if let obstacles { prepared = obstacles } else { prepared = try prepareObstacles(request.obstacles) }
    let pin = try screenPoint(of: request.pin, layout: layout)
    let safe = try safeArea(for: layout)
    func fits(_ side: CalloutSide) throws(GeoError) -> Bool {
      guard layout.arrowFits(side, pin: pin) else { return false }
      do throws(GEOSError) {
        guard let safe, try safe.contains(try GEOSGeometry(context: geos, ring: layout.outline(side, pin: pin))) else {
          return false
        }
        let f = layout.frame(side, pin: pin)
        let card = try GEOSGeometry(context: geos, minX: f.x, minY: f.y, maxX: f.maxX, maxY: f.maxY)
        for obstacle in prepared.geometries where try obstacle.overlapsInterior(card) { return false }
        return true
      } catch {
        throw GeoError(error)
      }
    }
    let side: CalloutSide
    let fitting: Bool
    if try fits(.above) {
      (side, fitting) = (.above, true)
    } else if try fits(.below) {
      (side, fitting) = (.below, true)
    } else {
      side = layout.room(.above, pinY: pin.y) >= layout.room(.below, pinY: pin.y) ? .above : .below
      fitting = false
    }
    return CalloutPlacement(
      side: side, frame: layout.frame(side, pin: pin), arrowX: layout.arrowX(side, pin: pin).clamped, fits: fitting,
      pan: fitting ? (0, 0) : layout.pan(side, pin: pin))
  }

  /// The pin's tip on screen: given, or projected with PROJ (EPSG:4326 → EPSG:3857) and the
  /// camera model. The camera's viewport must equal the layout's.
  func screenPoint(of pin: CalloutRequest.Pin, layout: CalloutLayout) throws(GeoError) -> ScreenPoint {
    switch pin {
    case .screen(let point):
      return point
    case .coordinate(let coordinate, let view):
      guard coordinate.isValid else {
        throw .invalidInput(
          InvalidInput(
            field: "pin.lat", code: .outOfRange, message: "pin must have lat in [-90, 90] and lng in [-180, 180]"))
      }
      guard view.camera.width == layout.viewportWidth, view.camera.height == layout.viewportHeight else {
        throw .invalidInput(
          InvalidInput(
            field: "viewport", code: .outOfRange, message: "viewport must equal the camera's width and height"))
      }
      do throws(PROJError) {
        let point = try mercator().project([coordinate])[0]
        return view.screenPoint(of: point)
      } catch {
        throw GeoError(error)
      }
    }
  }

  /// The safe rectangle as a prepared GEOS polygon (cached for the last layout), grown by the
  /// layout's rounding ``CalloutLayout/tolerance``, or `nil` when it is empty (insets and margins
  /// leave no room: nothing fits).
  func safeArea(for layout: CalloutLayout) throws(GeoError) -> GEOSPreparedGeometry? {
    let e = layout.tolerance
    let key = [layout.safeLeft - e, layout.safeTop - e, layout.safeRight + e, layout.safeBottom + e]
    guard layout.safeLeft < layout.safeRight, layout.safeTop < layout.safeBottom else { return nil }
    if let cached = cache.safeArea, cached.key == key { return cached.geometry }
    do throws(GEOSError) {
      let geometry = try GEOSPreparedGeometry(
        GEOSGeometry(context: geos, minX: key[0], minY: key[1], maxX: key[2], maxY: key[3]))
      cache.safeArea = (key, geometry)
      return geometry
    } catch {
      throw GeoError(error)
    }
  }
}
