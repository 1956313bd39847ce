import CPetSpotGeo

/// A handle that keeps the message of its last failing call (`psg_…_last_error`).
protocol LastErrorHandle: CHandle {
  var lastError: OwnedCString { get set }
}

extension LastErrorHandle {
  /// Clears the last error; returns `PSG_OK`.
  func succeed() -> psg_status {
    lastError = .empty
    return PSG_OK
  }

  /// Records `message` as the last error; returns `PSG_ERR_INVALID_ARGUMENT`.
  func fail(_ message: String) -> psg_status {
    lastError = OwnedCString(message)
    return PSG_ERR_INVALID_ARGUMENT
  }
}
