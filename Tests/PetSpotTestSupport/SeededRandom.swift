import PetSpotGeo

/// The tests' generator: the engine's SplitMix64, so a seed reproduces a test exactly.
public typealias SeededRandom = SplitMix64

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An environment variable, for tests that can be run larger by hand (e.g. PETSPOT_RANGE_CAMERAS).
public func env(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}
