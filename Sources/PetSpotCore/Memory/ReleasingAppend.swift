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

  /// Merges `run` (sorted by `isBefore`, like this array) into this array in place: the stable
  /// merge (an element of this array goes before an equal one of `run`), built from the back into
  /// this array's own room (grown by `run.count`), `run`'s pages handed back to the operating system
  /// as its elements are taken (``ConsumedPages``). The elements before the first one `run` goes
  /// ahead of stay where they are: neither copied nor faulted in again, unlike a merge into a new
  /// array. `run`'s elements must not be read afterwards (the buffer itself stays valid).
  /// (`minimumBytes`: see ``ConsumedPages/init(_:minimumBytes:)``.)
  package mutating func mergeReleasing(
    _ run: UnsafeMutableBufferPointer<Element>, minimumBytes: Int = ConsumedPages.minimumBytes,
    by isBefore: (Element, Element) -> Bool
  ) {
    guard let last = run.last else { return }
    var i = count
    // Room for the run at the end (written over by the merge below).
    append(contentsOf: repeatElement(last, count: run.count))
    var runPages = ConsumedPages(run, minimumBytes: minimumBytes)
    withUnsafeMutableBufferPointer { merged in
      var k = run.count
      var slot = merged.count
      // From the back: the later of the two remaining last elements; this array's only when
      // strictly later (stable). Once the run is used up, the rest is already in place.
      while k > 0 {
        slot -= 1
        if i > 0 && isBefore(run[k - 1], merged[i - 1]) {
          i -= 1
          merged[slot] = merged[i]
        } else {
          k -= 1
          merged[slot] = run[k]
          runPages.consumed(from: k)
        }
      }
    }
  }
}
