internal import PetSpotGEOS
internal import PetSpotPROJ

/// The petspot-geo engine: owns one PROJ context and one GEOS context handle. It turns cameras into
/// fetch queries, places callouts (GEOS for the safe area and obstacles, PROJ for pins given as
/// coordinates), draws map pictures and measures geodesic distances; pruning and clustering live
/// on the value types it works with (``IndexedPins``, ``ClusteredPins``), which need no engine.
///
/// Threading: an engine is used by one thread at a time (its PROJ and GEOS contexts are); make one
/// engine per thread or task. Distinct engines share nothing. The values it returns are `Sendable`.
///
///     let engine = try GeoEngine()
///     let query = engine.fetchQuery(for: camera)
///     print(query.queryString)   // lat=52.2297&lng=21.0122&range=6506 (a 390 x 844 phone, span 0.05 x 0.08)
public final class GeoEngine {
  /// How to set up an engine.
  public struct Configuration: Hashable, Sendable {
    /// Directories where PROJ looks for `proj.db` (default: ``defaultPROJSearchPaths``).
    /// PROJ's networking is always off.
    public var projSearchPaths: [String]

    /// Where Debian's `proj-data` installs `proj.db`.
    public static let defaultPROJSearchPaths = ["/usr/share/proj"]

    /// The default configuration.
    public init(projSearchPaths: [String] = defaultPROJSearchPaths) {
      self.projSearchPaths = projSearchPaths
    }
  }

  let proj: PROJContext
  let geos: GEOSContext
  /// Objects built on first use and kept (transformers are slow to create, fast to reuse).
  let cache = EngineCache()
  /// WGS84 geodesic distances (PROJ's `geod_inverse`); immutable.
  let geodesic: Geodesic

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

  /// The WGS84 geodesic distance between two coordinates, in metres (Karney's algorithm, PROJ's
  /// `geod_inverse`): the distance the fetch range and the server measure with.
  /// - Parameters: coordinates in degrees, latitude first.
  public func geodesicDistance(from a: GeoCoordinate, to b: GeoCoordinate) -> Double {
    geodesic.distance(a, b)
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
