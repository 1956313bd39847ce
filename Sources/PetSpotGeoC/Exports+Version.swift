// swift-format-ignore-file: AlwaysUseLowerCamelCase

// The exported names are the C ABI of petspot_geo.h (psg_<object>_<verb>).
import CPetSpotGeo
import PetSpotGeo

/// Static storage for psg_version_string: built once (Swift globals initialise exactly once,
/// thread-safely), never written or freed afterwards, so sharing it across threads is safe.
nonisolated(unsafe) private let versionText: UnsafeMutablePointer<CChar> = {
  let libraries = GeoEngine.libraryVersions
  return strdup("petspot-geo \(LibraryVersion.text) (PROJ \(libraries.proj), GEOS \(libraries.geos))")!
}()

@_cdecl("psg_version_number")
public func psg_version_number() -> Int32 {
  Int32(LibraryVersion.number)
}

@_cdecl("psg_version_string")
public func psg_version_string() -> UnsafePointer<CChar> {
  UnsafePointer(versionText)
}

@_cdecl("psg_status_string")
public func psg_status_string(_ status: psg_status) -> UnsafePointer<CChar> {
  let text: StaticString
  switch status {
  case PSG_OK: text = "ok"
  case PSG_ERR_INVALID_ARGUMENT: text = "invalid argument"
  case PSG_ERR_BUFFER_TOO_SMALL: text = "buffer too small"
  case PSG_ERR_MISUSE: text = "misuse: another thread is inside this handle"
  case PSG_ERR_PROJ: text = "PROJ error"
  case PSG_ERR_GEOS: text = "GEOS error"
  case PSG_ERR_INTERNAL: text = "internal error"
  default: text = "unknown status"
  }
  return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
