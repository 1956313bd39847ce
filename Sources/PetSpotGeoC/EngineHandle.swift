import CPetSpotGeo
import PetSpotGeo

/// What a `psg_engine *` points to: the engine plus the last-error strings the C API hands out.
///
/// Boxed as a ``CHandle``: retained in `psg_engine_create` and released once in
/// `psg_engine_destroy`. Used by one thread at a time, as the header states.
final class EngineHandle: CHandle {
  let engine: GeoEngine
  /// The last error message; "" after a successful call.
  private(set) var lastError = OwnedCString.empty
  /// The field the last error named; "" when none.
  private(set) var lastErrorField = OwnedCString.empty

  init(engine: GeoEngine) {
    self.engine = engine
  }

  /// Records success: the last error becomes "".
  func succeed() -> psg_status {
    lastError = .empty
    lastErrorField = .empty
    return PSG_OK
  }

  /// Records a failure and returns its status.
  func fail(_ status: psg_status, _ message: String, field: String? = nil) -> psg_status {
    lastError = OwnedCString(message)
    lastErrorField = field.map(OwnedCString.init) ?? .empty
    return status
  }

  /// Records an invalid-input failure.
  func fail(_ input: InvalidInput) -> psg_status {
    fail(PSG_ERR_INVALID_ARGUMENT, input.message, field: input.field)
  }

  /// The handle behind a C pointer (not retained).
}
