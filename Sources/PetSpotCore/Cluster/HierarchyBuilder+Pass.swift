extension HierarchyBuilder {
  /// One greedy pass: `items` (level + 1) become the items of `level`. Seeds look for items
  /// within `reach` (≥ d; cells at `depth` are at least 2 · reach wide); when `near` is not empty
  /// (one entry per item) it receives each item's nearest squared distance within the reach.
  ///
  /// The hot loop of the build: it runs on buffers (the level's items, scratch allocated for the
  /// pass, the per-slot outputs borrowed from `self`), so that a seed costs a few dozen
  /// instructions beyond its scan, and it reads each item's point from the item itself.
  mutating func mergeLevel(level: Int, separation d: Double, reach: Double, depth: Int, near: inout [Double]) {
    let count = items.count
    let cells = items.withUnsafeBufferPointer { MortonCells(sortedPoints: $0, depth: depth) }
    // Scratch for the pass: taken flags, a seed's members.
    let taken = UnsafeMutableBufferPointer<Bool>.allocate(capacity: count)
    let found = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer {
      taken.deallocate()
      found.deallocate()
    }
    // The taken flags are read and set at scattered places: in huge pages. (A seed's members are
    // written to the front of `found` only: left in small pages.)
    HugePages.advise(taken)
    taken.initialize(repeating: false)
    let cache = NeighbourCache()
    defer { cache.deallocate() }
    let grid = CellGrid(depth: depth, reach: reach, boundaryKey: boundaryKey)
    var boundary: [UInt32] = []
    // The seeds, in order, become the next level's items, written over the items: a seed's index
    // is at least the number of seeds before it, and a seed only reads the items after it.
    var seedCount = 0
    items.withUnsafeMutableBufferPointer { output in
      let items = UnsafeBufferPointer(output)
      cells.codes.withUnsafeBufferPointer { codes in
        cells.starts.withUnsafeBufferPointer { starts in
          near.withUnsafeMutableBufferPointer { near in
            tops.withUnsafeMutableBufferPointer { tops in
              absorbers.withUnsafeMutableBufferPointer { absorbers in
                heads.withUnsafeMutableBufferPointer { heads in
                  let neighbours = SeedNeighbourhood(
                    grid: grid, codes: codes, starts: starts,
                    scan: Scan(items: items, taken: taken, d2: d * d, near: near), found: found
                  )
                  let recorder = ClusterRecorder(
                    level: level, items: items, positions: positions, statusCodes: statusCodes, hashes: hashes,
                    tops: tops, absorbers: absorbers, heads: heads)
                  for cell in 0..<codes.count {
                    let cellAtBoundary = neighbours.isAtBoundary(cell)
                    for i in Int(starts[cell])..<Int(starts[cell + 1]) where !taken[i] {
                      let seed = items[i]
                      let (foundCount, atBoundary) = neighbours.take(
                        seed: i, inCell: cell, atBoundary: cellAtBoundary, cache: cache)
                      if atBoundary {
                        boundary.append(positions[Int(seed.slot)])
                        // Pins of the next part may lie within the reach: never set aside. (On the
                        // first level the wider reach makes a few more boundary seeds: checked again.)
                        if !near.isEmpty { near[i] = 0 }
                      }
                      var nextItem = seed
                      if foundCount > 0 {
                        let absorbed = UnsafeMutableBufferPointer(rebasing: found[0..<foundCount])
                        Self.sortSmall(absorbed)
                        nextItem.node = recorder.record(
                          seed: seed, absorbed: absorbed, members: &members, clusters: &clusters)
                      }
                      output[seedCount] = nextItem
                      seedCount += 1
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    boundarySeeds[level] = boundary
    // The items past the seeds are not needed: their pages go back (the array keeps its room).
    items.removeLast(count - seedCount)
    items.releaseSpareCapacity()
  }

  /// Sorts a seed's members (item indices): insertion sort, as there are rarely more than a few.
  private static func sortSmall(_ values: UnsafeMutableBufferPointer<Int32>) {
    guard values.count > 1 else { return }
    guard values.count <= 16 else {
      var values = values
      return values.sort()
    }
    for k in 1..<values.count {
      let value = values[k]
      var j = k
      while j > 0 && values[j - 1] > value {
        values[j] = values[j - 1]
        j -= 1
      }
      values[j] = value
    }
  }
}

/// The cells of one quadtree depth as a pass sees them: their size, and where the next part of a
/// two-part build begins (a seed whose reach crosses into it is a boundary seed).
private struct CellGrid {
  let depth: Int
  let reach: Double
  let cellsPerWorld: Double
  let cellWidth: Double
  let lastCell: Double
  /// Below depth 2 the wrapped neighbours coincide: visit each cell of the (tiny) grid once.
  let wholeGrid: Bool
  /// Shift from a cell code at this depth to a key.
  let shift: UInt64
  /// Whether the part ends before the Z order does, and the first key of the next part.
  let partEnds: Bool
  let nextPartKey: UInt64

  init(depth: Int, reach: Double, boundaryKey: UInt64) {
    self.depth = depth
    self.reach = reach
    cellsPerWorld = Double(UInt64(1) << UInt64(depth))
    cellWidth = 1 / cellsPerWorld
    lastCell = cellsPerWorld - 1
    wholeGrid = depth < 2
    shift = UInt64(2 * (31 - depth))
    partEnds = boundaryKey != .max
    nextPartKey = boundaryKey
  }
}

/// The later neighbour cells looked up so far, by slot of ``Neighbourhood/offsets``: each entry
/// remembers the cell it was looked up for, so a cell's seeds look each neighbour up once and
/// nothing is reset between cells. Scalar entries in memory of their own (a SIMD vector updated
/// one lane at a time in the hot loop cost a store-forwarding stall per update).
private struct NeighbourCache {
  /// Per slot: the cell of the entry (−1: none yet) and its later neighbour there (−1: none).
  private let cells: UnsafeMutablePointer<Int>
  private let neighbours: UnsafeMutablePointer<Int32>

  /// Per slot: whether pins of the next part may lie in the entry's neighbour cell (empty or not).
  private let crossings: UnsafeMutablePointer<Bool>

  init() {
    cells = .allocate(capacity: 8)
    cells.initialize(repeating: -1, count: 8)
    neighbours = .allocate(capacity: 8)
    neighbours.initialize(repeating: -1, count: 8)
    crossings = .allocate(capacity: 8)
    crossings.initialize(repeating: false, count: 8)
  }

  func deallocate() {
    cells.deallocate()
    neighbours.deallocate()
    crossings.deallocate()
  }

  /// Cell `cell`'s later neighbour in slot `slot` (−1: none) and whether pins of the next part may
  /// lie there, found by `lookUp` the first time.
  @inline(__always)
  func neighbour(of cell: Int, slot: Int, lookUp: () -> (index: Int32, crossesPart: Bool)) -> (
    index: Int32, crossesPart: Bool
  ) {
    if cells[slot] != cell {
      cells[slot] = cell
      (neighbours[slot], crossings[slot]) = lookUp()
    }
    return (neighbours[slot], crossings[slot])
  }
}

/// Step 1 of a seed: take the untaken items within the separation from its own cell (after it)
/// and from the neighbour cells its reach touches, and tell whether it is a boundary seed.
private struct SeedNeighbourhood {
  let grid: CellGrid
  let codes: UnsafeBufferPointer<UInt64>
  let starts: UnsafeBufferPointer<UInt32>
  let scan: Scan
  let found: UnsafeMutableBufferPointer<Int32>
  /// ``Neighbourhood/reachedMasks()``, worked out once per pass.
  let reachedMasks = Neighbourhood.reachedMasks()

  /// Whether cell `cell` itself may hold pins of the next part (then all its seeds are boundary
  /// seeds).
  @inline(__always)
  func isAtBoundary(_ cell: Int) -> Bool {
    grid.partEnds && (grid.wholeGrid || ((codes[cell] + 1) << grid.shift) > grid.nextPartKey)
  }

  /// Fills `found` with the items seed `i` (of cell `cell`, `cellAtBoundary` as ``isAtBoundary(_:)`` says) takes; returns how many, and whether
  /// pins of the next part may lie within its reach.
  @inline(__always)
  func take(seed i: Int, inCell cell: Int, atBoundary cellAtBoundary: Bool, cache: NeighbourCache) -> (
    count: Int, atBoundary: Bool
  ) {
    var atBoundary = cellAtBoundary
    let px = scan.items[i].x
    let py = scan.items[i].y
    var foundCount = scan.take((i + 1)..<Int(starts[cell + 1]), seed: i, x: px, y: py, into: found, at: 0)
    if grid.wholeGrid {
      for other in (cell + 1)..<codes.count {
        foundCount = scan.take(
          Int(starts[other])..<Int(starts[other + 1]), seed: i, x: px, y: py, into: found, at: foundCount)
      }
      return (foundCount, atBoundary)
    }
    // Only the neighbour cells the disk of radius `reach` reaches. Where the seed lies in its cell,
    // 0...1 per axis (x = 1, the antimeridian, and y = 1 sit in the last column and row, as in
    // the Morton key):
    let gx = px * grid.cellsPerWorld
    let gy = py * grid.cellsPerWorld
    let fx = gx - min(gx.rounded(.down), grid.lastCell)
    let fy = gy - min(gy.rounded(.down), grid.lastCell)
    let west = fx * grid.cellWidth < grid.reach
    let east = (1 - fx) * grid.cellWidth < grid.reach
    let north = fy * grid.cellWidth < grid.reach
    let south = (1 - fy) * grid.cellWidth < grid.reach
    var reached = Neighbourhood.reached(
      (west ? 1 : 0) | (east ? 2 : 0) | (north ? 4 : 0) | (south ? 8 : 0), in: reachedMasks)
    // The cells north-west, north and west come before this one in Z order (its code grows with
    // the column and with the row), unless the column wraps (west of the first is the last):
    // nothing there to take, and nothing of a later part.
    if px >= grid.cellWidth { reached &= ~Neighbourhood.earlierSlots }
    while reached != 0 {
      let slot = reached.trailingZeroBitCount
      reached &= reached - 1
      let neighbour = cache.neighbour(of: cell, slot: slot) { laterNeighbour(of: cell, slot: slot) }
      atBoundary = atBoundary || neighbour.crossesPart
      let n = Int(neighbour.index)
      if n >= 0 {
        foundCount = scan.take(
          Int(starts[n])..<Int(starts[n + 1]), seed: i, x: px, y: py, into: found, at: foundCount)
      }
    }
    return (foundCount, atBoundary)
  }

  /// The neighbour of cell `cell` in slot `slot` when it comes later in Z order: its index (−1:
  /// empty or earlier), and whether it may hold pins of the next part (worked out from its code,
  /// empty or not).
  @inline(__always)
  private func laterNeighbour(of cell: Int, slot: Int) -> (index: Int32, crossesPart: Bool) {
    let (dx, dy) = Neighbourhood.offset(slot)
    guard let code = MortonKey.neighbourCode(of: codes[cell], dx: dx, dy: dy, depth: grid.depth), code > codes[cell]
    else { return (-1, false) }
    let index = MortonCells.index(of: code, after: cell, in: codes).map { Int32(truncatingIfNeeded: $0) } ?? -1
    return (index, grid.partEnds && ((code + 1) << grid.shift) > grid.nextPartKey)
  }
}

/// Step 2 of a seed that took items: its cluster record (seed's node and the taken items as
/// children, aggregates, leaf box) and each taken item's top, absorber and head.
private struct ClusterRecorder {
  let level: Int
  let items: UnsafeBufferPointer<LevelItem>
  let positions: PartPositions
  let statusCodes: [UInt8]
  let hashes: [UInt64]
  let tops: UnsafeMutableBufferPointer<UInt8>
  let absorbers: UnsafeMutableBufferPointer<UInt32>
  let heads: UnsafeMutableBufferPointer<UInt32>

  /// Records the cluster of item `seed` and the `absorbed` items (ascending: Z order); returns its
  /// node reference.
  @inline(__always)
  func record(
    seed: LevelItem, absorbed: UnsafeMutableBufferPointer<Int32>, members: inout [UInt32],
    clusters: inout [ClusterIndex.Cluster]
  ) -> UInt32 {
    let seedPin = positions[Int(seed.slot)]
    var cluster = ClusterIndex.Cluster(
      seed: seedPin, at: MercatorPoint(x: seed.x, y: seed.y), level: level, up: seed.node,
      memberStart: UInt32(members.count))
    var box = LeafExtent.zero
    // A child's extent, moved to the seed's frame (its drawn pin's nearest world copy).
    func add(_ child: LevelItem) {
      let (dx, dy) = ClusterIndex.Cluster.offset(
        of: MercatorPoint(x: child.x, y: child.y), from: MercatorPoint(x: seed.x, y: seed.y))
      if ClusterIndex.isCluster(child.node) {
        cluster.add(clusters[Int(child.node & ~ClusterIndex.clusterFlag)], dx: dx, dy: dy, box: &box)
      } else {
        cluster.add(
          pinWithStatus: statusCodes[Int(child.slot)], idHash: hashes[Int(child.slot)], dx: dx, dy: dy, box: &box)
      }
    }
    add(seed)
    for (index, m) in absorbed.enumerated() {
      let child = items[Int(m)]
      let slot = Int(child.slot)
      add(child)
      members.append(ClusterIndex.memberSlot(positions[slot], index: index, count: absorbed.count))
      tops[slot] = UInt8(level + 1)
      absorbers[slot] = seedPin
      heads[slot] = child.node
    }
    cluster.finish(box: box)
    clusters.append(cluster)
    return UInt32(clusters.count - 1) | ClusterIndex.clusterFlag
  }
}

/// The eight neighbour cells as (dx, dy), by slot, and which of them a disk reaches when it
/// crosses the given sides of its cell (bit 0 west, 1 east, 2 north, 3 south): a mask of slots.
/// Worked out, not tables in static constants: a global array is initialised lazily, and every
/// read of one checks that it was (one check per seed and one per neighbour cell it looks at: 12
/// million in a 1M build).
private enum Neighbourhood {
  /// Slot k is the k-th cell of the 3 × 3 block around the cell, row by row, the cell skipped.
  @inline(__always)
  static func offset(_ slot: Int) -> (dx: Int, dy: Int) {
    let k = slot < 4 ? slot : slot + 1
    return (k % 3 - 1, k / 3 - 1)
  }

  /// The slots of the cells north-west (0), north (1) and west (3): never after a cell in Z order
  /// when its column is not the first.
  @inline(__always)
  static var earlierSlots: UInt8 { 0b0000_1011 }

  /// The slots reached for each of the 16 side sets, 8 bits each (sets 0–7 in the first word).
  static func reachedMasks() -> (UInt64, UInt64) {
    var words: (UInt64, UInt64) = (0, 0)
    for sides in 0..<16 {
      var mask: UInt64 = 0
      for slot in 0..<8 {
        let (dx, dy) = offset(slot)
        let xReached = dx == 0 || sides & (dx < 0 ? 1 : 2) != 0
        let yReached = dy == 0 || sides & (dy < 0 ? 4 : 8) != 0
        if xReached && yReached { mask |= 1 << UInt64(slot) }
      }
      if sides < 8 { words.0 |= mask << UInt64(8 * sides) } else { words.1 |= mask << UInt64(8 * (sides - 8)) }
    }
    return words
  }

  /// The slots a disk crossing `sides` reaches, from ``reachedMasks()``.
  @inline(__always)
  static func reached(_ sides: Int, in masks: (UInt64, UInt64)) -> UInt8 {
    UInt8(truncatingIfNeeded: (sides < 8 ? masks.0 : masks.1) >> UInt64(8 * (sides & 7)))
  }
}

/// What a seed's scan reads and marks: the level's items and taken flags and, on the first
/// level, the items' nearest squared distances within the reach (else `near` is empty; its
/// entries start at the reach², so that a plain minimum keeps them capped there).
private struct Scan {
  let items: UnsafeBufferPointer<LevelItem>
  let taken: UnsafeMutableBufferPointer<Bool>
  let d2: Double
  let near: UnsafeMutableBufferPointer<Double>

  /// Marks the untaken items of `range` closer than √d2 to the seed `i` at (x, y) (on the torus)
  /// and writes them to `found` from `start` on; returns where the list now ends. On the first
  /// level, also lowers both ends' nearest distances.
  @inline(__always)
  func take(
    _ range: Range<Int>, seed i: Int, x: Double, y: Double, into found: UnsafeMutableBufferPointer<Int32>, at start: Int
  ) -> Int {
    var end = start
    guard !near.isEmpty else {
      for j in range where !taken[j] {
        // Across the antimeridian when shorter that way.
        let dx = WorldCopy.distance(nearby: items[j].x - x)
        let dy = items[j].y - y
        if dx * dx + dy * dy < d2 {
          taken[j] = true
          found[end] = Int32(truncatingIfNeeded: j)
          end += 1
        }
      }
      return end
    }
    // The first level, every pin, alone or in crowds: whether an item lies within the separation,
    // or within the reach, is hard to predict, so neither is a branch. An item's index is written
    // to `found` every time and kept only on a hit (the end stays below the level's item count:
    // the seed is never among them); the seed's own distance stays in a register (the compiler
    // could not keep it there: `near[i]` might be `near[j]`). The first pass at 10M pins took
    // about a fifth less time than with branches, a country's 1M a third less.
    var nearest = near[i]
    for j in range where !taken[j] {
      let dx = WorldCopy.distance(nearby: items[j].x - x)
      let dy = items[j].y - y
      let e2 = dx * dx + dy * dy
      let hit = e2 < d2
      taken[j] = hit
      found[end] = Int32(truncatingIfNeeded: j)
      end &+= hit ? 1 : 0
      nearest = min(nearest, e2)
      near[j] = min(near[j], e2)
    }
    near[i] = nearest
    return end
  }
}
