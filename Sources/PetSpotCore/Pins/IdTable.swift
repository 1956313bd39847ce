/// Pin ids stored as one UTF-8 byte buffer plus offsets: no `String` per pin, so ten million ids
/// cost their bytes plus 4 bytes each, and duplicate detection uses an open-addressing table of
/// row numbers over the bytes.
public struct IdTable: Sendable {
  package private(set) var bytes: [UInt8] = []
  /// `offsets[i] ..< offsets[i + 1]` are the bytes of id i; `offsets.count == count + 1`.
  package private(set) var offsets: [UInt32] = [0]
  /// Open-addressing hash table of id numbers + 1 (0 = empty); its size is a power of two.
  private var slots: [UInt32] = Array(repeating: 0, count: 16)
  /// The ids forgotten (``forget(_:)``): their bytes stay, so a rehash must leave them out.
  private var forgotten: Set<Int> = []

  public init() {}

  /// Whether `other` is a copy holding the very same entries (it shares this table's storage, so
  /// id i is the same text in both; one may have forgotten some since). O(1).
  package func sharesEntries(with other: IdTable) -> Bool {
    func same<T>(_ a: [T], _ b: [T]) -> Bool {
      a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count }
      }
    }
    return same(offsets, other.offsets) && same(bytes, other.bytes)
  }

  /// A table over ids already laid out as bytes and offsets (the binary pins format), hashed in
  /// one pass.
  /// - Throws: ``PinRejection`` for an empty or repeated id, or offsets out of order.
  package init(bytes: [UInt8], offsets: [UInt32]) throws(PinRejection) {
    guard offsets.first == 0, let last = offsets.last, Int(last) == bytes.count,
      zip(offsets, offsets.dropFirst()).allSatisfy({ $0 < $1 })
    else { throw .emptyId }
    self.bytes = bytes
    self.offsets = offsets
    var size = 16
    while (offsets.count - 1) * 2 > size { size *= 2 }
    slots = []
    rehash(size)
    if let repeated = firstRepeat { throw .duplicateId(self[repeated]) }
  }

  /// How many ids the table holds.
  public var count: Int { offsets.count - 1 }

  /// The id at position `i` as a String.
  public subscript(i: Int) -> String {
    String(decoding: bytes[Int(offsets[i])..<Int(offsets[i + 1])], as: UTF8.self)
  }

  /// The UTF-8 bytes of id `i`, without copying.
  public func withUTF8<R>(_ i: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try bytes.withUnsafeBufferPointer {
      try body(UnsafeBufferPointer(rebasing: $0[Int(offsets[i])..<Int(offsets[i + 1])]))
    }
  }

  /// The position of an id, or `nil`. - Complexity: O(1) expected.
  public func position(of id: some StringProtocol) -> Int? {
    var key = Array(id.utf8)
    return key.withUnsafeMutableBufferPointer { k in
      var slot = Self.hash(UnsafeBufferPointer(k)) & (slots.count - 1)
      while slots[slot] != 0 {
        let candidate = Int(slots[slot] - 1)
        if equals(candidate, UnsafeBufferPointer(k)) { return candidate }
        slot = (slot + 1) & (slots.count - 1)
      }
      return nil
    }
  }

  /// Appends an id.
  /// - Returns: `false` (and appends nothing) when the id is already present.
  public mutating func append(_ id: UnsafeBufferPointer<UInt8>) -> Bool {
    if (count + 1) * 2 > slots.count { grow() }
    var slot = Self.hash(id) & (slots.count - 1)
    while slots[slot] != 0 {
      if equals(Int(slots[slot] - 1), id) { return false }
      slot = (slot + 1) & (slots.count - 1)
    }
    slots[slot] = UInt32(count + 1)
    bytes.append(contentsOf: id)
    offsets.append(UInt32(bytes.count))
    return true
  }

  /// Forgets id `i`: ``position(of:)`` no longer finds it and it may be appended again (its
  /// bytes stay, so positions do not move). Later entries of its probe run move back into the gap.
  package mutating func forget(_ i: Int) {
    forgotten.insert(i)
    let mask = slots.count - 1
    var slot = home(of: UInt32(i + 1))
    while slots[slot] != 0 && slots[slot] != UInt32(i + 1) { slot = (slot + 1) & mask }
    guard slots[slot] == UInt32(i + 1) else { return }
    var gap = slot
    var next = (slot + 1) & mask
    while slots[next] != 0 {
      // The entry may fill the gap when its home is not cyclically within (gap, next].
      if (next - home(of: slots[next])) & mask >= (next - gap) & mask {
        slots[gap] = slots[next]
        gap = next
      }
      next = (next + 1) & mask
    }
    slots[gap] = 0
  }

  /// The slot where entry (id number + 1) would sit with no collision.
  private func home(of entry: UInt32) -> Int {
    withUTF8(Int(entry - 1)) { Self.hash($0) } & (slots.count - 1)
  }

  /// Appends an id given as a String. - Returns: `false` when it is already present.
  public mutating func append(_ id: String) -> Bool {
    var copy = id
    return copy.withUTF8 { append($0) }
  }

  /// Reserves room for `n` more ids of about `averageLength` bytes.
  public mutating func reserve(_ n: Int, averageLength: Int = 8) {
    bytes.reserveCapacity(bytes.count + n * averageLength)
    offsets.reserveCapacity(offsets.count + n)
    var size = slots.count
    while (count + n) * 2 > size { size *= 2 }
    if size > slots.count { rehash(size) }
  }

  private func equals(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let start = Int(offsets[i])
    let end = Int(offsets[i + 1])
    guard end - start == key.count else { return false }
    return bytes.withUnsafeBufferPointer { b in
      for j in 0..<key.count where b[start + j] != key[j] { return false }
      return true
    }
  }

  private mutating func grow() { rehash(slots.count * 2) }

  /// Set by ``rehash(_:)`` when two ids are equal (only possible for ids loaded in bulk).
  private var firstRepeat: Int?

  /// Rebuilds the slots at `size` (a power of two), leaving the forgotten ids out; notes the first
  /// id equal to an earlier one (``firstRepeat``).
  private mutating func rehash(_ size: Int) {
    // Huge pages: at 10M ids the slots are 128 MB, probed at scattered places.
    var newSlots = [UInt32](hugePagesRepeating: 0, count: size)
    var repeated: Int?
    let forgotten = forgotten
    // The home slots of a chunk of ids are worked out first, so that the probes do not wait for
    // the hashing: the processor then overlaps the probes' reads at scattered slots.
    let chunk = 512
    var homes = [Int](repeating: 0, count: chunk)
    bytes.withUnsafeBufferPointer { b in
      offsets.withUnsafeBufferPointer { o in
        newSlots.withUnsafeMutableBufferPointer { slots in
          let n = o.count - 1
          for start in stride(from: 0, to: n, by: chunk) {
            let end = min(start + chunk, n)
            for i in start..<end {
              homes[i - start] = Self.hash(UnsafeBufferPointer(rebasing: b[Int(o[i])..<Int(o[i + 1])])) & (size - 1)
            }
            for i in start..<end where forgotten.isEmpty || !forgotten.contains(i) {
              var slot = homes[i - start]
              while slots[slot] != 0 {
                let other = Int(slots[slot] - 1)
                if repeated == nil, o[other + 1] - o[other] == o[i + 1] - o[i],
                  UnsafeBufferPointer(rebasing: b[Int(o[other])..<Int(o[other + 1])])
                    .elementsEqual(UnsafeBufferPointer(rebasing: b[Int(o[i])..<Int(o[i + 1])]))
                {
                  repeated = i
                }
                slot = (slot + 1) & (size - 1)
              }
              slots[slot] = UInt32(i + 1)
            }
          }
        }
      }
    }
    slots = newSlots
    firstRepeat = repeated
  }

  /// FNV-1a, finished with a multiply so short sequential ids spread over the table.
  private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
    h = (h ^ (h >> 29)) &* 0xbf58_476d_1ce4_e5b9
    return Int(truncatingIfNeeded: h ^ (h >> 32))
  }
}
