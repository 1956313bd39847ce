extension Array where Element: BitwiseCopyable {
  /// Appends `source`'s elements, each passed through `transform`, and empties `source` — handing
  /// its memory back to the operating system a chunk at a time as it goes (``ConsumedPages``), so
  /// that the two arrays are never both resident: joining two large arrays then needs the joined
  /// one's memory plus a megabyte, not plus the source.
  /// (`minimumBytes`: see ``ConsumedPages/init(_:minimumBytes:)``.)
  package mutating func appendReleasing(
    _ source: inout [Element], minimumBytes: Int = ConsumedPages.minimumBytes, transform: (Element) -> Element
  ) {
    reserveCapacity(count + source.count)
    source.withUnsafeMutableBufferPointer { elements in
      var pages = ConsumedPages(elements, minimumBytes: minimumBytes)
      for i in elements.indices {
        append(transform(elements[i]))
        pages.consumed(before: i + 1)
      }
    }
    source = []
  }

  /// Hands the pages of the room past the last element back to the operating system (whole pages
  /// only; the array keeps its capacity, and room written again later is simply faulted back in,
  /// zeroed). For an array that shrank in place — `removeLast(_:)` keeps the buffer — and would
  /// otherwise keep its largest size resident for as long as it lives: worth it from a few
  /// megabytes of room (`minimumBytes`, 4 MiB by default), unlike pages of a buffer about to be
  /// freed (``ConsumedPages/minimumBytes``).
  package mutating func releaseSpareCapacity(minimumBytes: Int = 4 << 20) {
    let (count, capacity) = (self.count, self.capacity)
    withUnsafeMutableBufferPointer { elements in
      guard let base = elements.baseAddress else { return }
      // The buffer holds `capacity` elements; those past `count` are uninitialised bits.
      var room = ConsumedPages(
        UnsafeMutableBufferPointer(start: base + count, count: capacity - count), minimumBytes: minimumBytes)
      room.consumed(from: 0)
    }
  }

  /// The stable merge of two runs each sorted by `isBefore` (an element of `first` goes before an
  /// equal one of `second`), as a new array — built from the back, each run's pages handed back
  /// to the operating system as its elements are taken (``ConsumedPages``): merging into an array
  /// as large as both needs their memory plus a megabyte or two, not twice it. Both runs' elements
  /// must not be read afterwards (the buffers themselves stay valid). (`minimumBytes`: see
  /// ``ConsumedPages/init(_:minimumBytes:)``.)
  package static func mergedReleasing(
    _ first: UnsafeMutableBufferPointer<Element>, _ second: UnsafeMutableBufferPointer<Element>,
    minimumBytes: Int = ConsumedPages.minimumBytes, by isBefore: (Element, Element) -> Bool
  ) -> [Element] {
    let total = first.count + second.count
    var firstPages = ConsumedPages(first, minimumBytes: minimumBytes)
    var secondPages = ConsumedPages(second, minimumBytes: minimumBytes)
    return [Element](hugePagesCapacity: total) { merged, initialized in
      var (i, k) = (first.count, second.count)
      for slot in stride(from: total - 1, through: 0, by: -1) {
        // From the back: the later of the two remaining last elements; `first`'s only when
        // strictly later (stable).
        if k == 0 || (i > 0 && isBefore(second[k - 1], first[i - 1])) {
          i -= 1
          merged.initializeElement(at: slot, to: first[i])
          firstPages.consumed(from: i)
        } else {
          k -= 1
          merged.initializeElement(at: slot, to: second[k])
          secondPages.consumed(from: k)
        }
      }
      initialized = total
    }
  }
}
