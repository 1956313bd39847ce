#if canImport(Glibc)
  import Glibc
#endif

/// Transparent huge pages (2 MiB) for the large working arrays of a build.
///
/// A cluster build reads and writes its large arrays at scattered places — gathers in Z order,
/// scatters by pin, radix passes writing to 2,048 places at once — so with 4 KiB pages most accesses
/// that miss the cache miss the TLB too, and every fresh page is a fault. Linux backs an anonymous
/// range with 2 MiB pages when the program asks (`madvise(MADV_HUGEPAGE)`) and its
/// transparent-huge-page mode is `madvise` (Debian's default) or `always` (then nothing changes);
/// in `never` mode the request is ignored. Only the 2 MiB-aligned part of a buffer can be backed
/// so, and only pages not yet touched get huge pages at once: ask before writing.
///
/// Pages handed back early (``ConsumedPages``) still go: the kernel splits a huge page that is
/// partly released. Elsewhere than Linux this does nothing.
package enum HugePages {
  /// Buffers smaller than this are left alone (8 MiB: at least three huge pages fit inside).
  package static var minimumBytes: Int { 8 << 20 }

  /// The huge page size on x86-64 and on arm64 with 4 KiB pages.
  static var size: UInt { 2 << 20 }

  /// Asks for huge pages for the 2 MiB-aligned part of `buffer` (room, initialised or not).
  package static func advise<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
    #if os(Linux)
      let bytes = UInt(buffer.count) &* UInt(MemoryLayout<Element>.stride)
      guard bytes >= UInt(minimumBytes), let base = buffer.baseAddress else { return }
      let start = UInt(bitPattern: base)
      let (low, high) = ((start + size - 1) / size * size, (start + bytes) / size * size)
      guard low < high, let aligned = UnsafeMutableRawPointer(bitPattern: low) else { return }
      _ = madvise(aligned, Int(high - low), Int32(MADV_HUGEPAGE))
    #endif
  }
}

extension Array where Element: BitwiseCopyable {
  /// ``Array/init(uninitializedCapacity:initializingWith:)`` with the room in huge pages where
  /// the system gives them (``HugePages``): for large arrays written and read at scattered places.
  package init(
    hugePagesCapacity capacity: Int,
    initializingWith body: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void
  ) rethrows {
    try self.init(uninitializedCapacity: capacity) { buffer, count in
      HugePages.advise(buffer)
      try body(&buffer, &count)
    }
  }

  /// An empty array with room for `capacity` elements, in huge pages where the system gives them.
  package init(hugePagesCapacity capacity: Int) {
    self.init(hugePagesCapacity: capacity) { _, count in count = 0 }
  }

  /// `count` copies of `value`, in huge pages where the system gives them.
  package init(hugePagesRepeating value: Element, count: Int) {
    self.init(hugePagesCapacity: count) { buffer, initialized in
      buffer.initialize(repeating: value)
      initialized = count
    }
  }
}
