extension ClusterIndex {
  /// Builds the hierarchy over `pins`.
  ///
  /// - Parameters:
  ///   - pins: the pins; those beyond the Mercator limit are left out (never visible).
  ///   - options: validated with ``ClusterOptions/validate()``.
  /// - Complexity: O(n) for the Morton sort, then O(items) per level.
  public init(pins: PinSet, options: ClusterOptions) throws(InvalidInput) {
    try options.validate()
    // The Morton sort and the id hashes are independent: one core each.
    var keys: [UInt64] = [], order: [UInt32] = [], hashes: [UInt64] = []
    ParallelPair.run(
      { (keys, order) = Self.mortonOrder(pins) },
      { hashes = (0..<pins.count).map { i in pins.ids.withUTF8(i) { Self.idHash($0) } } })
    var builder = HierarchyBuilder(pins: pins, options: options, keys: keys, positions: order, hashes: hashes)
    builder.build()
    self.options = options
    self.pins = pins
    self.tops = builder.tops
    self.absorbers = builder.absorbers
    self.heads = builder.heads
    self.members = builder.members
    self.roots = builder.items.indices.map { order[Int(builder.reps[$0])] }
    self.clusters = builder.clusters
    self.liveClusters = builder.clusters.count
    var keysByPin: [UInt64] = [], table = ClusterTable([]), list = MortonList(sorted: [], keys: [], tops: [])
    ParallelPair.run(
      {
        keysByPin = [UInt64](repeating: 0, count: pins.count)
        for (slot, pin) in order.enumerated() { keysByPin[Int(pin)] = keys[slot] }
        list = MortonList(sorted: order, keys: keysByPin, tops: builder.tops)
      },
      { table = ClusterTable(builder.clusters) })
    self.keys = keysByPin
    self.order = list
    self.clusterTable = table
  }

  /// Pins on the map (the rest are never visible) as Morton keys, ascending, with their positions;
  /// equal keys stay in input order (the sort is stable).
  private static func mortonOrder(_ pins: PinSet) -> (keys: [UInt64], order: [UInt32]) {
    var keys: [UInt64] = [], order: [UInt32] = []
    keys.reserveCapacity(pins.count)
    order.reserveCapacity(pins.count)
    for i in 0..<pins.count where !pins.mercatorY[i].isNaN {
      keys.append(PinIndex.mortonKey(x: pins.mercatorX[i], y: pins.mercatorY[i]))
      order.append(UInt32(i))
    }
    RadixSort.sort(keys: &keys, values: &order)
    return (keys, order)
  }

  /// A 64-bit hash of a pin id (FNV-1a, then a SplitMix64 finaliser); cluster ids add these.
  package static func idHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    h = (h ^ (h >> 30)) &* 0xBF58_476D_1CE4_E5B9
    h = (h ^ (h >> 27)) &* 0x94D0_49BB_1331_11EB
    return h ^ (h >> 31)
  }
}

/// The level-by-level greedy pass (see ``ClusterIndex``).
private struct HierarchyBuilder {
  let options: ClusterOptions
  /// Pins' Morton keys, ascending.
  let keys: [UInt64]
  /// Pins' Mercator points in Morton order.
  let points: [MercatorPoint]
  /// Per-pin aggregates in Morton order: status code and id hash.
  let statusCodes: [UInt8]
  let hashes: [UInt64]
  var clusters: [ClusterIndex.Cluster] = []
  /// Per pin (by position): top level, absorbing seed, head node (see ``ClusterIndex``).
  var tops: [UInt8]
  var absorbers: [UInt32]
  var heads: [UInt32]
  /// Non-seed members of the clusters, as pins.
  var members: [UInt32] = []
  /// Morton slot → position in the pin set.
  let positions: [UInt32]
  /// The current level's items (node references), in Morton order of their representatives.
  var items: [UInt32]
  /// Their representatives' Morton slots (ascending).
  var reps: [UInt32]

  init(pins: PinSet, options: ClusterOptions, keys: [UInt64], positions: [UInt32], hashes idHashes: [UInt64]) {
    self.options = options
    self.keys = keys
    self.positions = positions
    points = positions.map { MercatorPoint(x: pins.mercatorX[Int($0)], y: pins.mercatorY[Int($0)]) }
    statusCodes = positions.map { pins.statusCodes[Int($0)] }
    hashes = positions.map { idHashes[Int($0)] }
    tops = [UInt8](repeating: ClusterIndex.notAnItem, count: pins.count)
    absorbers = [UInt32](repeating: 0, count: pins.count)
    heads = (0..<UInt32(pins.count)).map { $0 }
    items = positions
    reps = Array(0..<UInt32(positions.count))
  }

  mutating func build() {
    // Cells at least 2·d_L wide (2^k points with 2^k ≥ 2 · minSeparation): a disk of radius d_L
    // then reaches past at most one edge per axis, so most seeds look at one to three neighbours.
    let cellPoints = Int(Double.log2(2 * options.minSeparation).rounded(.up))
    for level in stride(from: options.maxZoom - 1, through: 0, by: -1) {
      let depth = min(max(8 + level - cellPoints, 0), 31)
      mergeLevel(level: level, separation: options.separation(atLevel: level), depth: depth)
    }
    // What is left are the items of level 0: the roots.
    for (item, rep) in zip(items, reps) {
      let pin = Int(positions[Int(rep)])
      tops[pin] = 0
      heads[pin] = item
    }
  }

  /// One greedy pass: `items` (level + 1) become the items of `level`.
  private mutating func mergeLevel(level: Int, separation d: Double, depth: Int) {
    let cells = MortonCells(keys: keys, of: reps, depth: depth)
    // The items' positions side by side (the inner loops read them in order, without indirection).
    let xs = reps.map { points[Int($0)].x }, ys = reps.map { points[Int($0)].y }
    var taken = [Bool](repeating: false, count: items.count)
    var seeds: [Int] = []
    seeds.reserveCapacity(items.count)
    var members: [Int] = []
    // Per cell: the later neighbour cells found so far, by (dy + 1) · 3 + (dx + 1): −2 not looked
    // up yet, −1 none.
    var neighbourCache = [Int](repeating: -2, count: 9)
    let d2 = d * d
    let cellsPerWorld = Double(UInt64(1) << UInt64(depth)), cellWidth = 1 / cellsPerWorld
    // Below depth 2 the wrapped neighbours coincide: visit each cell of the (tiny) grid once.
    let wholeGrid = depth < 2
    let cellCount = cells.codes.count
    let levelItems = items
    var nextItems: [UInt32] = []
    nextItems.reserveCapacity(items.count)
    cells.codes.withUnsafeBufferPointer { codes in
      cells.starts.withUnsafeBufferPointer { starts in
        xs.withUnsafeBufferPointer { xs in
          ys.withUnsafeBufferPointer { ys in
            taken.withUnsafeMutableBufferPointer { taken in
              neighbourCache.withUnsafeMutableBufferPointer { cache in
                for cell in 0..<cellCount {
                  let runStart = Int(starts[cell]), runEnd = Int(starts[cell + 1])
                  for k in 0..<9 { cache[k] = -2 }
                  // The cell's own column and row (x = 1, the antimeridian, sits in the last column).
                  let column = MortonCode.compact(codes[cell]), row = MortonCode.compact(codes[cell] >> 1)
                  for i in runStart..<runEnd where !taken[i] {
                    let px = xs[i], py = ys[i]
                    members.removeAll(keepingCapacity: true)
                    Self.take((i + 1)..<runEnd, nearX: px, y: py, d2: d2, xs: xs, ys: ys, taken: taken, into: &members)
                    if wholeGrid {
                      for other in (cell + 1)..<cellCount {
                        Self.take(Int(starts[other])..<Int(starts[other + 1]), nearX: px, y: py, d2: d2, xs: xs, ys: ys, taken: taken, into: &members)
                      }
                    } else {
                      // Only the neighbour cells the disk of radius d reaches.
                      let fx = px * cellsPerWorld - Double(column), fy = py * cellsPerWorld - Double(row)
                      let west = fx * cellWidth < d, east = (1 - fx) * cellWidth < d
                      let north = fy * cellWidth < d, south = (1 - fy) * cellWidth < d
                      if west || east || north || south {
                        for ny in -1...1 where (ny == 0 || (ny < 0 ? north : south)) {
                          for nx in -1...1 where (nx == 0 || (nx < 0 ? west : east)) && (nx != 0 || ny != 0) {
                            let slot = (ny + 1) * 3 + nx + 1
                            if cache[slot] == -2 {
                              cache[slot] = MortonCells.laterNeighbour(of: cell, in: codes, depth: depth, column: column, row: row, dx: nx, dy: ny) ?? -1
                            }
                            let n = cache[slot]
                            if n >= 0 {
                              Self.take(Int(starts[n])..<Int(starts[n + 1]), nearX: px, y: py, d2: d2, xs: xs, ys: ys, taken: taken, into: &members)
                            }
                          }
                        }
                      }
                      if members.count > 1 { members.sort() }
                    }
                    seeds.append(i)
                    nextItems.append(members.isEmpty ? levelItems[i] : makeCluster(level: level, seed: i, members: members))
                  }
                }
              }
            }
          }
        }
      }
    }
    // The seeds, in order, are this level's items.
    reps = seeds.map { reps[$0] }
    items = nextItems
  }

  /// Marks and collects the untaken items of `range` closer than √d2 to (x, y) (on the torus).
  @inline(__always)
  private static func take(
    _ range: Range<Int>, nearX x: Double, y: Double, d2: Double, xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>,
    taken: UnsafeMutableBufferPointer<Bool>, into members: inout [Int]
  ) {
    for j in range where !taken[j] {
      var dx = abs(xs[j] - x)
      if dx > 0.5 { dx = 1 - dx }
      let dy = ys[j] - y
      if dx * dx + dy * dy < d2 {
        taken[j] = true
        members.append(j)
      }
    }
  }

  /// Records a cluster of item `seed` and item indices `members` (ascending: Z order).
  private mutating func makeCluster(level: Int, seed: Int, members absorbed: [Int]) -> UInt32 {
    let seedPin = positions[Int(reps[seed])]
    var cluster = ClusterIndex.Cluster(
      representative: seedPin, count: 0, up: items[seed], memberStart: UInt32(members.count), memberCount: UInt32(absorbed.count),
      memberCapacity: UInt32(absorbed.count), missing: 0, found: 0, closed: 0, idHash: 0, extent: .zero, level: UInt8(level))
    let origin = points[Int(reps[seed])]
    func add(_ child: UInt32, representative: UInt32) {
      // The child's extent, moved to the seed's frame (its drawn pin's nearest world copy).
      let p = points[Int(representative)]
      var dx = p.x - origin.x
      if dx > 0.5 { dx -= 1 } else if dx < -0.5 { dx += 1 }
      let dy = p.y - origin.y
      if ClusterIndex.isCluster(child) {
        let c = clusters[Int(child & ~ClusterIndex.clusterFlag)]
        cluster.extent.formUnion(c.extent, shiftedBy: dx, dy)
        cluster.count += c.count
        cluster.missing += c.missing
        cluster.found += c.found
        cluster.closed += c.closed
        cluster.idHash &+= c.idHash
      } else {
        cluster.extent.formUnion(.zero, shiftedBy: dx, dy)
        cluster.count += 1
        switch statusCodes[Int(representative)] {
        case 1: cluster.missing += 1
        case 2: cluster.found += 1
        case 3: cluster.closed += 1
        default: break
        }
        cluster.idHash &+= hashes[Int(representative)]
      }
    }
    add(items[seed], representative: reps[seed])
    for m in absorbed {
      add(items[m], representative: reps[m])
      let pin = Int(positions[Int(reps[m])])
      members.append(UInt32(pin))
      tops[pin] = UInt8(level + 1)
      absorbers[pin] = seedPin
      heads[pin] = items[m]
    }
    clusters.append(cluster)
    return UInt32(clusters.count - 1) | ClusterIndex.clusterFlag
  }
}
