#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hands the pages of a large buffer back to the operating system as its elements are consumed —
/// from the front, from the back, or both — so that moving a large array into another one needs
/// the destination's memory plus a megabyte, not plus the source.
///
/// Only whole pages holding nothing but consumed elements go (`madvise(MADV_DONTNEED)`), at least
/// ``chunkBytes`` at a time, and only from buffers of at least ``minimumBytes``; the elements must be
/// plain bits (`BitwiseCopyable`) that are never read again, and the buffer is freed as usual
/// afterwards.
/// Reporting consumption is cheap (a comparison until a chunk's worth has gone), so callers may
/// report per element.
package struct ConsumedPages {
  /// Bytes consumed between two hand-backs.
  package static var chunkBytes: Int { 1 << 20 }

  /// The smallest buffer whose pages are handed back: 32 MiB. The C library's allocator (glibc)
  /// always maps blocks this large on their own and unmaps them when freed, so handing their pages
  /// back early costs nothing later; a smaller block may come from the heap, where freed memory is
  /// reused while still resident, and releasing it early only makes its next user fault the pages
  /// in again (1M-pin cluster builds were 4 % slower releasing blocks from 4 MiB up).
  package static var minimumBytes: Int { 32 << 20 }

  private let base: UInt
  private let stride: UInt
  /// ``pageSize``, read once (a static constant is initialised lazily: a check on every read).
  private let page: UInt
  /// Released so far: the pages in `[front start, low)` and `[high, end)`; `low ≤ high`.
  private var low: UInt
  private var high: UInt
  private let enabled: Bool

  /// Tracks `buffer`'s elements, none consumed yet; its pages go back only if it spans at least
  /// `minimumBytes` (tests pass less, to exercise the release on small buffers).
  package init<Element: BitwiseCopyable>(
    _ buffer: UnsafeMutableBufferPointer<Element>, minimumBytes: Int = ConsumedPages.minimumBytes
  ) {
    let stride = UInt(max(MemoryLayout<Element>.stride, 1))
    let start = UInt(bitPattern: buffer.baseAddress)
    let end = start + UInt(buffer.count) * stride
    let page = ConsumedPages.pageSize
    (base, self.stride, self.page) = (start, stride, page)
    // Pages wholly inside the buffer: the first at or after its start, the last ending at or before its end.
    (low, high) = ((start + page - 1) / page * page, end / page * page)
    enabled = buffer.count > 0 && end - start >= UInt(max(minimumBytes, 0)) && low < high
  }

  /// The elements before `index` will not be read again.
  @inline(__always)
  package mutating func consumed(before index: Int) {
    guard enabled else { return }
    let upTo = min((base + UInt(index) * stride) / page * page, high)
    guard upTo >= low + UInt(Self.chunkBytes) || (upTo == high && upTo > low) else { return }
    Self.release(from: low, to: upTo)
    low = upTo
  }

  /// The elements from `index` on will not be read again.
  @inline(__always)
  package mutating func consumed(from index: Int) {
    guard enabled else { return }
    let downTo = max((base + UInt(index) * stride + page - 1) / page * page, low)
    guard downTo + UInt(Self.chunkBytes) <= high || (downTo == low && downTo < high) else { return }
    Self.release(from: downTo, to: high)
    high = downTo
  }

  /// Releases the pages between two page-aligned addresses.
  static func release(from lower: UInt, to upper: UInt) {
    #if canImport(Glibc) || canImport(Darwin)
      guard upper > lower, let start = UnsafeMutableRawPointer(bitPattern: lower) else { return }
      _ = madvise(start, Int(upper - lower), Int32(MADV_DONTNEED))
    #endif
  }

  /// The operating system's page size (4 KiB when it cannot be read).
  static let pageSize: UInt = {
    #if canImport(Glibc) || canImport(Darwin)
      let size = sysconf(Int32(_SC_PAGESIZE))
      return size > 0 ? UInt(size) : 4096
    #else
      return 4096
    #endif
  }()
}
