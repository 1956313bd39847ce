internal import CPROJ
import PetSpotCore

/// PROJ's EPSG:4326 → EPSG:3857 transformation, scaled to the Web Mercator unit square: the
/// reference the closed-form ``WebMercator`` is tested against, and the projection used where a
/// batch crosses into PROJ (callout pins given as coordinates).
///
/// Threading: belongs to its ``PROJContext``; one thread at a time.
public final class MercatorTransformer {
  private let context: PROJContext
  private let transformation: OpaquePointer

  /// Half the EPSG:3857 world width in metres (π · 6 378 137).
  public static let halfWorldMetres = Double.pi * 6_378_137

  /// Creates the transformation in `context` (axis order normalised to longitude, latitude).
  /// See `proj_create_crs_to_crs`, `proj_normalize_for_visualization`.
  /// - Throws: ``PROJError`` when PROJ cannot find or build it (for example without `proj.db`).
  public init(context: PROJContext) throws(PROJError) {
    self.context = context
    // returns NULL on error, with the reason in the context's errno
    guard let raw = proj_create_crs_to_crs(context.handle, "EPSG:4326", "EPSG:3857", nil) else {
      throw context.lastError("creating EPSG:4326 → EPSG:3857")
    }
    defer { proj_destroy(raw) }
    guard let normalized = proj_normalize_for_visualization(context.handle, raw) else {
      throw context.lastError("normalising axis order")
    }
    transformation = normalized
  }

  deinit { proj_destroy(transformation) }

  /// Projects coordinates (degrees) to unit-square points in one crossing into PROJ.
  /// Latitudes are clamped to the Mercator limit first, as the closed form does.
  /// See `proj_trans_generic`.
  /// - Throws: ``PROJError`` when PROJ rejects a coordinate.
  public func project(_ coordinates: [GeoCoordinate]) throws(PROJError) -> [MercatorPoint] {
    var xs = coordinates.map(\.longitude)
    var ys = coordinates.map { min(max($0.latitude, -WebMercator.latitudeLimit), WebMercator.latitudeLimit) }
    let stride = MemoryLayout<Double>.stride
    let count = xs.count
    let done = xs.withUnsafeMutableBufferPointer { x in
      ys.withUnsafeMutableBufferPointer { y in
        // returns the number of coordinates transformed
        proj_trans_generic(
          transformation, PJ_FWD, x.baseAddress, stride, count, y.baseAddress, stride, count, nil, 0, 0, nil, 0, 0)
      }
    }
    guard done == count, proj_errno(transformation) == 0 else {
      throw context.lastError("projecting \(count) coordinates")
    }
    let w = Self.halfWorldMetres
    return zip(xs, ys).map { MercatorPoint(x: ($0 + w) / (2 * w), y: (w - $1) / (2 * w)) }
  }
}
