/// Pins in Z order (Morton key, then position), held in chunks of at most ``chunkLimit`` so that
/// one insertion or removal moves a few hundred entries, not the whole list; each chunk knows a
/// lower bound of its pins' tops (and so does each group of ``groupSize`` chunks), so a search for
/// the items of one level skips chunks without any, sixteen at a time where a dense spot holds
/// thousands of pins and few items of that level. Each block of ``blockSize`` pins in a chunk
/// knows its first key too, so a search finds where a quadtree cell starts and ends without
/// reading any pin's coordinates.
///
/// The neighbour search of incremental clustering: "the items of level L near this point".
struct MortonList: Sendable {
  static let chunkLimit = 512
  /// How full the chunks of a fresh list are (room for inserts before the first split).
  static let chunkFill = 384

  /// Pin positions in Z order, chunk by chunk.
  private(set) var chunks: [[UInt32]] = []
  /// The key of each chunk's first pin (binary search without touching the chunks).
  private var firstKeys: [UInt64] = []
  /// A lower bound of the tops of each chunk's pins, and of each block of ``blockSize`` pins in it.
  private(set) var lowestTops: [UInt8] = []
  private(set) var blockTops: [[UInt8]] = []
  /// The key of each block's first pin, per chunk.
  private(set) var blockKeys: [[UInt64]] = []
  static let blockSize = 32
  /// Room for the blocks of a chunk that may outgrow ``chunkLimit`` by one pin before it splits.
  private static let blocksPerChunk = chunkLimit / blockSize + 1
  /// A lower bound of the tops of each group of ``groupSize`` consecutive chunks.
  private(set) var groupTops: [UInt8] = []
  static let groupSize = 16
  /// Pins held.
  private(set) var count = 0

  /// A list over pins already in Z order, with their tops in the same order.
  init(sorted pins: [UInt32], keys: MortonKeys, sortedTops: [UInt8]) {
    count = pins.count
    var start = 0
    while start < pins.count {
      let end = min(start + Self.chunkFill, pins.count)
      let chunk = Array(pins[start..<end])
      chunks.append(chunk)
      firstKeys.append(keys[Int(chunk[0])])
      let blocks = stride(from: start, to: end, by: Self.blockSize).map {
        sortedTops[$0..<min($0 + Self.blockSize, end)].min()!
      }
      blockTops.append(blocks)
      blockKeys.append(Self.blockFirstKeys(chunk, keys: keys))
      lowestTops.append(blocks.min()!)
      start = end
    }
    refreshGroups(from: 0)
  }

  var memoryBytes: Int {
    chunks.reduce(0) { $0 + $1.capacity * 4 + 32 } + blockTops.reduce(0) { $0 + $1.capacity + 32 }
      + blockKeys.reduce(0) { $0 + $1.capacity * 8 + 32 } + firstKeys.capacity * 8 + lowestTops.capacity
      + groupTops.capacity
  }

  /// Recomputes the groups' lower bounds from the one holding chunk `c` on (chunks from `c` on
  /// were inserted, removed or changed).
  private mutating func refreshGroups(from c: Int) {
    let groups = (chunks.count + Self.groupSize - 1) / Self.groupSize
    if groupTops.count > groups { groupTops.removeLast(groupTops.count - groups) }
    while groupTops.count < groups { groupTops.append(.max) }
    for g in (c / Self.groupSize)..<groups {
      let range = (g * Self.groupSize)..<min((g + 1) * Self.groupSize, chunks.count)
      groupTops[g] = lowestTops[range].min() ?? .max
    }
  }

  /// The lowest top of each block of a chunk.
  private static func blockMinima(_ chunk: [UInt32], tops: [UInt8]) -> [UInt8] {
    stride(from: 0, to: chunk.count, by: blockSize).map { start in
      var lowest = UInt8.max
      for k in start..<min(start + blockSize, chunk.count) { lowest = min(lowest, tops[Int(chunk[k])]) }
      return lowest
    }
  }

  /// The key of each block's first pin.
  private static func blockFirstKeys(_ chunk: [UInt32], keys: MortonKeys) -> [UInt64] {
    stride(from: 0, to: chunk.count, by: blockSize).map { keys[Int(chunk[$0])] }
  }

  /// The chunk that holds, or would hold, pin `pin` with key `key`: the last whose first pin is
  /// not after it.
  private func chunkIndex(key: UInt64, pin: UInt32) -> Int {
    let after = partitionPoint(in: 0..<chunks.count) { c in
      firstKeys[c] < key || (firstKeys[c] == key && chunks[c][0] <= pin)
    }
    return max(after - 1, 0)
  }

  /// Where `pin` is or would go inside chunk `c`.
  private func slot(of pin: UInt32, in c: Int, keys: MortonKeys) -> Int {
    let chunk = chunks[c]
    return partitionPoint(in: chunk.indices) { keys.precedes(Int(chunk[$0]), Int(pin)) }
  }

  /// Adds a pin (its key computed by `keys`, its top in `tops`).
  mutating func insert(_ pin: UInt32, keys: MortonKeys, tops: [UInt8]) {
    let top = tops[Int(pin)]
    let key = keys[Int(pin)]
    count += 1
    guard !chunks.isEmpty else {
      chunks = [[pin]]
      firstKeys = [key]
      lowestTops = [top]
      blockTops = [[top]]
      blockKeys = [[key]]
      groupTops = [top]
      return
    }
    let c = chunkIndex(key: key, pin: pin)
    let at = slot(of: pin, in: c, keys: keys)
    chunks[c].insert(pin, at: at)
    if at == 0 { firstKeys[c] = key }
    lowestTops[c] = min(lowestTops[c], top)
    if chunks[c].count > Self.chunkLimit {
      let half = chunks[c].count / 2
      let tail = Array(chunks[c][half...])
      chunks[c].removeSubrange(half...)
      chunks.insert(tail, at: c + 1)
      firstKeys.insert(keys[Int(tail[0])], at: c + 1)
      lowestTops.insert(lowestTops[c], at: c + 1)
      blockTops.insert([], at: c + 1)
      blockKeys.insert(Self.blockFirstKeys(tail, keys: keys), at: c + 1)
      blockKeys[c] = Self.blockFirstKeys(chunks[c], keys: keys)
      refresh(chunk: c + 1, tops: tops)
      refresh(chunk: c, tops: tops)
      refreshGroups(from: c)
      return
    }
    blockKeys[c] = Self.blockFirstKeys(chunks[c], keys: keys)
    refresh(chunk: c, tops: tops)
  }

  /// Removes a pin (its position must be the one it was inserted with: `keys` computes its key).
  mutating func remove(_ pin: UInt32, keys: MortonKeys, tops: [UInt8]) {
    let key = keys[Int(pin)]
    let c = chunkIndex(key: key, pin: pin)
    let at = slot(of: pin, in: c, keys: keys)
    guard at < chunks[c].count, chunks[c][at] == pin else { return }
    count -= 1
    chunks[c].remove(at: at)
    if chunks[c].isEmpty {
      chunks.remove(at: c)
      firstKeys.remove(at: c)
      lowestTops.remove(at: c)
      blockTops.remove(at: c)
      blockKeys.remove(at: c)
      refreshGroups(from: c)
      return
    }
    if at == 0 { firstKeys[c] = keys[Int(chunks[c][0])] }
    blockKeys[c] = Self.blockFirstKeys(chunks[c], keys: keys)
    refresh(chunk: c, tops: tops)
  }

  /// Records that a pin's top went down to `top`.
  mutating func lowered(_ pin: UInt32, to top: UInt8, keys: MortonKeys) {
    guard !chunks.isEmpty else { return }
    let c = chunkIndex(key: keys[Int(pin)], pin: pin)
    lowestTops[c] = min(lowestTops[c], top)
    groupTops[c / Self.groupSize] = min(groupTops[c / Self.groupSize], top)
    let b = slot(of: pin, in: c, keys: keys) / Self.blockSize
    blockTops[c][b] = min(blockTops[c][b], top)
  }

  /// Recomputes the exact lowest top of the chunk holding `pin` (after tops went up).
  mutating func refresh(around pin: UInt32, keys: MortonKeys, tops: [UInt8]) {
    guard !chunks.isEmpty else { return }
    refresh(chunk: chunkIndex(key: keys[Int(pin)], pin: pin), tops: tops)
  }

  /// Recomputes the lowest tops of chunk `c`, its blocks and its group.
  private mutating func refresh(chunk c: Int, tops: [UInt8]) {
    blockTops[c] = Self.blockMinima(chunks[c], tops: tops)
    lowestTops[c] = blockTops[c].min() ?? .max
    let g = c / Self.groupSize
    if g < groupTops.count {
      groupTops[g] = lowestTops[(g * Self.groupSize)..<min((g + 1) * Self.groupSize, chunks.count)].min() ?? .max
    }
  }

  /// Calls `body` with every pin whose top is at most `maxTop` and which lies closer than
  /// `radius` (world widths, on the torus: x wraps) to `center`, in Z order.
  func forEach(
    near center: MercatorPoint, radius: Double, maxTop: UInt8, tops: [UInt8], xs: [Double], ys: [Double],
    _ body: (UInt32) -> Void
  ) {
    search(near: center, radius: radius, maxTop: maxTop, keys: 0..<UInt64.max, tops: tops, xs: xs, ys: ys) {
      body($0)
      return true
    }
  }

  /// Calls `body` with the pins ``forEach(near:radius:maxTop:tops:xs:ys:_:)`` visits whose Morton
  /// key lies in `keys`, in Z order, while it returns true: a search for the earliest pin before a
  /// given one (keys up to its key) stops at the first it meets and reads no block past the given
  /// one's; a search for the pins after one (keys from its key) reads no block before its block.
  ///
  /// The disk meets at most four quadtree cells at least 2·radius wide. The blocks that may hold
  /// their pins are found from the chunks' and blocks' first keys alone, and their union is
  /// searched (the distance test leaves out the few pins of a block beyond a cell's ends): finding
  /// a cell's ends pin by pin cost two binary searches per cell, each step reading the
  /// coordinates of a scattered pin.
  func search(
    near center: MercatorPoint, radius: Double, maxTop: UInt8, keys wanted: Range<UInt64>, tops: [UInt8],
    xs: [Double], ys: [Double], _ body: (UInt32) -> Bool
  ) {
    guard !chunks.isEmpty else { return }
    // Cells at least 2·radius wide: the disk meets two columns and two rows at most (the loops
    // below take whatever the rounding of the bounds gives).
    let depth = radius >= 0.25 ? 0 : Int(clamping: Double.log2(1 / (2 * radius)), to: 0...31, rounding: .down) ?? 0
    let side = Double(UInt64(1) << UInt64(depth))
    let last = Int64(side) - 1
    // Cells: column and row numbers of a point (x, y) at this depth, within a few worlds of [0, 1].
    let cell = { (v: Double) in Int64(Int(clamping: v * side, to: -4 * Int(side)...4 * Int(side), rounding: .down) ?? 0)
    }
    let (westmost, eastmost) = (cell(center.x - radius), cell(center.x + radius))
    // Each column once, also where the disk's box goes round a grid of one or two columns.
    let columns = westmost...min(eastmost, westmost + last)
    let rowLow = max(cell(center.y - radius), 0)
    let rowHigh = max(rowLow, min(cell(center.y + radius), last))
    let shift = UInt64(2 * (31 - depth))
    var ranges = BlockRanges()
    for unwrapped in columns {
      let column = UInt64(((unwrapped % (last + 1)) + last + 1) % (last + 1))
      for row in rowLow...rowHigh {
        let code = MortonKey.cellCode(column: column, row: UInt64(row))
        let (low, high) = (max(code << shift, wanted.lowerBound), min((code + 1) << shift, wanted.upperBound))
        if low < high, let blocks = blockRange(keys: low..<high) { ranges.add(blocks) }
      }
    }
    let r2 = radius * radius
    let allKeys = wanted == 0..<UInt64.max
    ranges.join()
    for k in 0..<ranges.count {
      let (firstBlock, lastBlock) = (ranges[k].lowerBound, ranges[k].upperBound)
      var c = firstBlock / Self.blocksPerChunk
      while c <= lastBlock / Self.blocksPerChunk {
        // A whole group without an item of the level: skipped (it may reach past the blocks:
        // nothing there is wanted either).
        if c % Self.groupSize == 0 && groupTops[c / Self.groupSize] > maxTop {
          c += Self.groupSize
          continue
        }
        defer { c += 1 }
        guard lowestTops[c] <= maxTop else { continue }
        let blockStart = c * Self.blocksPerChunk
        let blocks = max(firstBlock - blockStart, 0)...min(lastBlock - blockStart, blockTops[c].count - 1)
        let finished = !scan(chunk: c, blocks: blocks, maxTop: maxTop, tops: tops) { pin in
          let dx = WorldCopy.distance(nearby: xs[Int(pin)] - center.x)
          let dy = ys[Int(pin)] - center.y
          // The blocks at a range's ends may hold pins with keys outside `wanted`: left out.
          guard dx * dx + dy * dy < r2,
            allKeys || wanted.contains(MortonKey.make(x: xs[Int(pin)], y: ys[Int(pin)]))
          else { return true }
          return body(pin)
        }
        if finished { return }
      }
    }
  }

  /// The blocks that may hold pins with keys in `keys`, numbered `chunk · blocksPerChunk + block`:
  /// from the last block starting below the lower bound (or the first) to the last one starting
  /// below the upper bound; `nil` when none does.
  private func blockRange(keys: Range<UInt64>) -> ClosedRange<Int>? {
    // The last of `count` entries whose key is below `key` (−1: none).
    let lastBelow = { (key: UInt64, count: Int, keyAt: (Int) -> UInt64) -> Int in
      partitionPoint(in: 0..<count) { keyAt($0) < key } - 1
    }
    let block = { (key: UInt64) -> Int? in
      let c = lastBelow(key, firstKeys.count) { firstKeys[$0] }
      guard c >= 0 else { return nil }
      let keys = blockKeys[c]
      return c * Self.blocksPerChunk + lastBelow(key, keys.count) { keys[$0] }
    }
    guard let end = block(keys.upperBound) else { return nil }
    return (block(keys.lowerBound) ?? 0)...end
  }

  /// Calls `body` with the pins of `blocks` of chunk `c` whose top is at most `maxTop`, in order
  /// (blocks without one skipped), while it returns true; returns false when it stopped.
  @inline(__always)
  private func scan(chunk c: Int, blocks: ClosedRange<Int>, maxTop: UInt8, tops: [UInt8], _ body: (UInt32) -> Bool)
    -> Bool
  {
    let chunk = chunks[c]
    let bounds = blockTops[c]
    for b in blocks where bounds[b] <= maxTop {
      for k in (b * Self.blockSize)..<min((b + 1) * Self.blockSize, chunk.count) {
        let pin = chunk[k]
        if tops[Int(pin)] <= maxTop && !body(pin) { return false }
      }
    }
    return true
  }
}
