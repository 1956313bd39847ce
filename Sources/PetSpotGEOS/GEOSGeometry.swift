internal import CGEOS

/// An owning GEOS geometry in one ``GEOSContext``: destroyed with `GEOSGeom_destroy_r` in deinit.
/// Screen-point geometries only (x right, y down); never exposed as a C pointer.
///
/// Threading: as its context, one thread at a time.
public final class GEOSGeometry {
  let context: GEOSContext
  let pointer: OpaquePointer

  init(context: GEOSContext, pointer: OpaquePointer) {
    self.context = context
    self.pointer = pointer
  }

  deinit { GEOSGeom_destroy_r(context.handle, pointer) }

  /// An axis-aligned rectangle. See `GEOSGeom_createRectangle_r`.
  /// - Throws: ``GEOSError`` when GEOS rejects it (e.g. NaN bounds).
  public convenience init(context: GEOSContext, minX: Double, minY: Double, maxX: Double, maxY: Double)
    throws(GEOSError)
  {
    // returns NULL on exception
    guard let g = GEOSGeom_createRectangle_r(context.handle, minX, minY, maxX, maxY) else {
      throw GEOSError(messages: context.takeMessages())
    }
    self.init(context: context, pointer: g)
  }

  /// A polygon from its outer ring (closed automatically). See `GEOSGeom_createPolygon_r`.
  /// - Parameter ring: (x, y) vertices in order.
  /// - Throws: ``GEOSError`` for fewer than three vertices or a GEOS failure.
  public convenience init(context: GEOSContext, ring: [(x: Double, y: Double)]) throws(GEOSError) {
    guard ring.count >= 3 else { throw GEOSError(messages: ["a polygon needs at least 3 vertices"]) }
    let closed = ring.first! == ring.last! ? ring : ring + [ring.first!]
    // returns NULL on exception
    guard let sequence = GEOSCoordSeq_create_r(context.handle, UInt32(closed.count), 2) else {
      throw GEOSError(messages: context.takeMessages())
    }
    for (i, p) in closed.enumerated() {
      // returns 0 on exception; indices are in range
      _ = GEOSCoordSeq_setXY_r(context.handle, sequence, UInt32(i), p.x, p.y)
    }
    // takes ownership of the sequence; returns NULL on exception
    guard let shell = GEOSGeom_createLinearRing_r(context.handle, sequence) else {
      throw GEOSError(messages: context.takeMessages())
    }
    // takes ownership of the shell; returns NULL on exception
    guard let polygon = GEOSGeom_createPolygon_r(context.handle, shell, nil, 0) else {
      throw GEOSError(messages: context.takeMessages())
    }
    self.init(context: context, pointer: polygon)
  }

  /// Parses WKT. See `GEOSWKTReader_read_r`.
  /// - Throws: ``GEOSError`` with GEOS's parse message for malformed text.
  public convenience init(context: GEOSContext, wkt: String) throws(GEOSError) {
    // returns NULL on exception
    guard let reader = GEOSWKTReader_create_r(context.handle) else { throw GEOSError(messages: context.takeMessages()) }
    defer { GEOSWKTReader_destroy_r(context.handle, reader) }
    _ = context.takeMessages()
    // returns NULL on exception
    guard let g = GEOSWKTReader_read_r(context.handle, reader, wkt) else {
      let messages = context.takeMessages()
      throw GEOSError(messages: messages.isEmpty ? ["unreadable WKT"] : messages)
    }
    self.init(context: context, pointer: g)
  }

  /// Whether the geometry is valid (no self-intersections...); the reason when it is not.
  /// See `GEOSisValid_r`, `GEOSisValidReason_r`.
  public var invalidityReason: String? {
    // returns 1 on true, 0 on false, 2 on exception
    if GEOSisValid_r(context.handle, pointer) == 1 { return nil }
    guard let reason = GEOSisValidReason_r(context.handle, pointer) else { return "invalid geometry" }
    defer { GEOSFree_r(context.handle, reason) }
    return String(cString: reason)
  }

  /// Whether this is a Polygon or MultiPolygon with a positive area (the kinds an obstacle can be).
  public var isAreal: Bool {
    // returns -1 on exception
    let type = GEOSGeomTypeId_r(context.handle, pointer)
    guard type == Int32(GEOS_POLYGON.rawValue) || type == Int32(GEOS_MULTIPOLYGON.rawValue) else { return false }
    var area = 0.0
    return GEOSArea_r(context.handle, pointer, &area) == 1 && area > 0  // returns 0 on exception
  }
}

/// A prepared geometry (`GEOSPrepare_r`): spatial predicates against it are fast when it is tested
/// many times. Keeps its base geometry alive.
public final class GEOSPreparedGeometry {
  public let base: GEOSGeometry
  let pointer: OpaquePointer

  /// Prepares `geometry`. - Throws: ``GEOSError`` on failure.
  public init(_ geometry: GEOSGeometry) throws(GEOSError) {
    // returns NULL on exception
    guard let prepared = GEOSPrepare_r(geometry.context.handle, geometry.pointer) else {
      throw GEOSError(messages: geometry.context.takeMessages())
    }
    base = geometry
    pointer = prepared
  }

  deinit { GEOSPreparedGeom_destroy_r(base.context.handle, pointer) }

  /// Whether `other` lies inside this geometry, boundaries included. See `GEOSPreparedContains_r`.
  public func contains(_ other: GEOSGeometry) throws(GEOSError) -> Bool {
    try Self.check(GEOSPreparedContains_r(base.context.handle, pointer, other.pointer), base.context)
  }

  /// Whether the interiors of this geometry and `other` meet (touching boundaries do not count).
  /// See `GEOSPreparedIntersects_r`, `GEOSPreparedTouches_r`.
  public func overlapsInterior(_ other: GEOSGeometry) throws(GEOSError) -> Bool {
    let handle = base.context.handle
    guard try Self.check(GEOSPreparedIntersects_r(handle, pointer, other.pointer), base.context) else { return false }
    return try !Self.check(GEOSPreparedTouches_r(handle, pointer, other.pointer), base.context)
  }

  /// GEOS predicates return 1 on true, 0 on false, 2 on exception.
  private static func check(_ result: CChar, _ context: GEOSContext) throws(GEOSError) -> Bool {
    if result == 2 { throw GEOSError(messages: context.takeMessages()) }
    return result == 1
  }
}
