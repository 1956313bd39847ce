import PetSpotGEOS
import PetSpotPROJ

/// The petspot-geo engine: owns one PROJ context and one GEOS context handle, and turns cameras
/// into fetch queries (and, as the engine grows, pruned pins, clusters and callout placements).
///
/// Threading: an engine is used by one thread at a time (its PROJ and GEOS contexts are); make one
/// engine per thread or task. Distinct engines share nothing. The values it returns are `Sendable`.
///
///     let engine = try GeoEngine()
///     let query = engine.fetchQuery(for: camera)
///     print(query.queryString)   // lat=52.2297&lng=21.0122&range=4710
public final class GeoEngine {
  /// How to set up an engine.
  public struct Configuration: Hashable, Sendable {
    /// Directories where PROJ looks for `proj.db` (default: Debian's `/usr/share/proj`).
    /// PROJ's networking is always off.
    public var projSearchPaths: [String]

    /// The default configuration.
    public init(projSearchPaths: [String] = PROJContext.defaultSearchPaths) {
      self.projSearchPaths = projSearchPaths
    }
  }

  let proj: PROJContext
  let geos: GEOSContext
  /// Objects built on first use and kept (transformers are slow to create, fast to reuse).
  let cache = EngineCache()
  /// WGS84 geodesic distances (PROJ's `geod_inverse`); immutable, safe to share across threads.
  public let geodesic: Geodesic

  /// Creates an engine with its own PROJ context and GEOS handle.
  /// - Throws: ``GeoError/proj(code:message:)`` or ``GeoError/geos(messages:)`` when a library
  ///   cannot set up its context.
  public init(configuration: Configuration = Configuration()) throws(GeoError) {
    do {
      proj = try PROJContext(searchPaths: configuration.projSearchPaths)
    } catch { throw GeoError(error) }
    do {
      geos = try GEOSContext()
    } catch { throw GeoError(error) }
    geodesic = Geodesic()
  }

  /// PROJ's EPSG:4326 → EPSG:3857 transformation in this engine's context, created once.
  func mercator() throws(PROJError) -> MercatorTransformer {
    if let transformer = cache.mercator { return transformer }
    let transformer = try MercatorTransformer(context: proj)
    cache.mercator = transformer
    return transformer
  }

  /// Versions of the libraries this engine runs on.
  public static var libraryVersions: (proj: String, geos: String) {
    (PROJContext.version, GEOSContext.version)
  }
}

/// Per-engine objects created lazily (confined to the engine's thread, like the engine).
final class EngineCache {
  var mercator: MercatorTransformer?
  var safeArea: (key: [Double], geometry: GEOSPreparedGeometry)?
}
