import CPetSpotGeo
import PetSpotGeo

/// The last error of a handle, as the `psg_…_last_error` functions hand it out: a message and the
/// field it names, both "" after a successful call. Owned by the handle.
struct LastError {
  var message = OwnedCString.empty
  var field = OwnedCString.empty
}

/// A handle that records the outcome of its last call (`psg_engine_last_error`,
/// `psg_pins_last_error`, `psg_cluster_index_last_error`, `psg_controller_last_error`): the one
/// error mechanism of the C layer. No global state: each handle keeps its own.
protocol ErrorReportingHandle: GatedHandle {
  var lastError: LastError { get set }
}

extension ErrorReportingHandle {
  /// Records success (the last error becomes ""); returns `PSG_OK`.
  func succeed() -> psg_status {
    lastError = LastError()
    return PSG_OK
  }

  /// Records a failure and returns its status.
  func fail(_ status: psg_status, _ message: String, field: String? = nil) -> psg_status {
    lastError = LastError(message: OwnedCString(message), field: field.map(OwnedCString.init) ?? .empty)
    return status
  }

  /// Records an invalid argument (a NULL pointer, a bad size) named by `field`.
  func fail(_ message: String, field: String? = nil) -> psg_status {
    fail(PSG_ERR_INVALID_ARGUMENT, message, field: field)
  }

  /// Records invalid input, with the field it names.
  func fail(_ input: InvalidInput) -> psg_status {
    fail(PSG_ERR_INVALID_ARGUMENT, input.message, field: input.field)
  }

  /// Records an engine failure with its status: invalid input, PROJ or GEOS.
  func fail(_ error: GeoError) -> psg_status {
    switch error {
    case .invalidInput(let input): fail(input)
    case .proj: fail(PSG_ERR_PROJ, error.description)
    case .geos: fail(PSG_ERR_GEOS, error.description)
    }
  }
}
