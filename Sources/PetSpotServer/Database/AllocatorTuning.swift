#if canImport(Glibc)
  import Glibc
#endif

/// Keeps a long-running mirror's resident memory at what its live rows need.
///
/// A mirror rebuild allocates a new copy of the rows' columns — arrays of several MB each — and
/// then frees the old one. glibc serves blocks of that size from its heaps once its dynamic mmap
/// threshold has risen (it does after the first large block is freed), and freed heap memory stays
/// resident: measured on 1M announcements under a write load, the footprint climbed from 385 MB to
/// peaks of 640 MB. With blocks of 1 MB and more always mapped on their own, a freed copy goes
/// straight back to the system (the same load: 330–360 MB), and trimming after the first load and
/// each rebuild returns what the many small allocations of reading rows left behind.
///
/// Both calls are glibc's (`mallopt`, `malloc_trim`, declared in `malloc.h`, which the Glibc module
/// does not export): looked up once by name, and no-ops where the C library has none.
enum AllocatorTuning {
  /// Serves blocks of 1 MB and more with their own mappings (`M_MMAP_THRESHOLD`). Process-wide;
  /// call once before loading a mirror.
  static func mapLargeBlocks() {
    #if canImport(Glibc)
      _ = mallopt?(-3, 1 << 20)  // M_MMAP_THRESHOLD
    #endif
  }

  /// Returns freed memory to the system (`malloc_trim(0)`).
  static func releaseFreed() {
    #if canImport(Glibc)
      _ = trim?(0)
    #endif
  }

  #if canImport(Glibc)
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let mallopt: Mallopt? = symbol("mallopt")
    private static let trim: Trim? = symbol("malloc_trim")

    private static func symbol<F>(_ name: String) -> F? {
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: F.self) }
    }
  #endif
}
