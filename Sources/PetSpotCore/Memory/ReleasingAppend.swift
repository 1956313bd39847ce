#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Array where Element: BitwiseCopyable {
  /// Bytes moved between two hand-backs of the source's pages in
  /// ``appendReleasing(_:transform:)``.
  static var releaseChunkBytes: Int { 1 << 20 }

  /// Appends `source`'s elements, each passed through `transform`, and empties `source` — handing
  /// its memory back to the operating system a chunk at a time as it goes, so that the two arrays
  /// are never both resident: joining two large arrays then needs the joined one's memory plus a
  /// megabyte, not plus the source.
  ///
  /// How: after each chunk is copied, the source's whole pages in it are released with
  /// `madvise(MADV_DONTNEED)` (the elements are plain bits and never read again; the buffer is
  /// freed at the end as usual). Sources under a few megabytes are just copied.
  package mutating func appendReleasing(_ source: inout [Element], transform: (Element) -> Element) {
    let count = source.count
    reserveCapacity(self.count + count)
    let stride = Swift.max(MemoryLayout<Element>.stride, 1)
    let chunk = Swift.max(Self.releaseChunkBytes / stride, 1)
    source.withUnsafeMutableBufferPointer { elements in
      var start = 0
      while start < count {
        let end = Swift.min(start + chunk, count)
        for i in start..<end { append(transform(elements[i])) }
        if count * stride >= 4 * Self.releaseChunkBytes, let base = elements.baseAddress {
          Self.releasePages(from: UnsafeMutableRawPointer(base + start), to: UnsafeMutableRawPointer(base + end))
        }
        start = end
      }
    }
    source = []
  }

  /// Releases the whole pages between two addresses of one allocation (none when they share a page).
  private static func releasePages(from lower: UnsafeMutableRawPointer, to upper: UnsafeMutableRawPointer) {
    #if canImport(Glibc) || canImport(Darwin)
      let page = UInt(Swift.max(sysconf(Int32(_SC_PAGESIZE)), 1))
      let first = (UInt(bitPattern: lower) + page - 1) / page * page
      let last = UInt(bitPattern: upper) / page * page
      guard last > first, let start = UnsafeMutableRawPointer(bitPattern: first) else { return }
      _ = madvise(start, Int(last - first), Int32(MADV_DONTNEED))
    #endif
  }

  /// Hands the pages of the room past the last element back to the operating system (whole pages
  /// only; the array keeps its capacity, and room written again later is simply faulted back in,
  /// zeroed). For an array that shrank in place — `removeLast(_:)` keeps the buffer — and would
  /// otherwise keep its largest size resident. Arrays with under a few megabytes of room are left
  /// alone.
  package mutating func releaseSpareCapacity() {
    let stride = Swift.max(MemoryLayout<Element>.stride, 1)
    let (count, capacity) = (self.count, self.capacity)
    guard (capacity - count) * stride >= 4 * Self.releaseChunkBytes else { return }
    withUnsafeMutableBufferPointer { elements in
      guard let base = elements.baseAddress else { return }
      // The buffer holds `capacity` elements; those past `count` are uninitialised.
      let lower = UnsafeMutableRawPointer(base + count)
      Self.releasePages(from: lower, to: lower + (capacity - count) * stride)
    }
  }
}
