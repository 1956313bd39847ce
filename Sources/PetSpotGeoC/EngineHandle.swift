import CPetSpotGeo
import PetSpotGeo

/// What a `psg_engine *` points to: the engine plus its last error (``ErrorReportingHandle``).
///
/// Boxed as a ``CHandle``: retained in `psg_engine_create` and released once in
/// `psg_engine_destroy`. Used by one thread at a time, as the header states.
final class EngineHandle: ErrorReportingHandle {
  let engine: GeoEngine
  var lastError = LastError()
  let gate = EntryGate()

  init(engine: GeoEngine) {
    self.engine = engine
  }
}
