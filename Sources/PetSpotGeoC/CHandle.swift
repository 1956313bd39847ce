/// A Swift object handed to C as an opaque pointer: retained once when created
/// (``retainedPointer``), looked up without retaining on every call (``from(_:)``), released
/// once in its `destroy` function (``release(_:)``, NULL a no-op).
protocol CHandle: AnyObject {}

extension CHandle {
  /// The object behind a C pointer (not retained), or `nil` for NULL.
  static func from(_ pointer: OpaquePointer?) -> Self? {
    pointer.map { Unmanaged<Self>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
  }

  /// A +1 pointer for C; balanced by ``release(_:)``.
  var retainedPointer: OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(self).toOpaque())
  }

  /// Balances ``retainedPointer``. NULL is a no-op.
  static func release(_ pointer: OpaquePointer?) {
    guard let pointer else { return }
    Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).release()
  }
}
