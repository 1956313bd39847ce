/// The level-by-level greedy pass (see ``ClusterIndex``) over one part of the Z order: a run of
/// Morton slots. Outputs are per slot of the part; cluster references count from 0 in the part.
///
/// A part that ends before the Z order does also records its **boundary seeds**: per level, the
/// seeds whose disk reaches a cell that may hold pins of a later part (where the greedy pass over
/// the whole order could take pins this part does not see).
struct HierarchyBuilder {
  let options: ClusterOptions
  /// The part's Morton keys, ascending.
  let keys: [UInt64]
  /// The part's Mercator points, status codes, id hashes and positions in the pin set, by slot.
  let points: [MercatorPoint]
  let statusCodes: [UInt8]
  let hashes: [UInt64]
  let positions: [UInt32]
  /// The first key of the next part (`UInt64.max` for the last part).
  let boundaryKey: UInt64
  var clusters: [ClusterIndex.Cluster] = []
  /// Per slot: top level, absorbing seed (a position), head node (see ``ClusterIndex``).
  var tops: [UInt8]
  var absorbers: [UInt32]
  var heads: [UInt32]
  /// Non-seed members of the clusters, as positions.
  var members: [UInt32] = []
  /// The items of level 0 (positions), in Z order.
  var roots: [UInt32] = []
  /// Per level: the boundary seeds (positions).
  var boundarySeeds: [[UInt32]]
  /// The current level's items (node references), in Morton order of their representatives.
  var items: [UInt32]
  /// Their representatives' slots (ascending).
  var reps: [UInt32]
  /// Pins set aside while nothing lies within a level's separation of them (see ``build()``),
  /// by the level + 1 at which they come back (0: only among the roots); slots, ascending.
  private var waiting: [[UInt32]]

  /// A builder over slots `range` of the whole Z order (`keys`, `order`: positions by slot).
  init(pins: PinSet, options: ClusterOptions, keys allKeys: [UInt64], order: [UInt32], range: Range<Int>, hashes idHashes: [UInt64]) {
    self.options = options
    keys = Array(allKeys[range])
    positions = Array(order[range])
    boundaryKey = range.upperBound < allKeys.count ? allKeys[range.upperBound] : .max
    points = positions.map { MercatorPoint(x: pins.mercatorX[Int($0)], y: pins.mercatorY[Int($0)]) }
    statusCodes = positions.map { pins.statusCodes[Int($0)] }
    hashes = positions.map { idHashes[Int($0)] }
    tops = [UInt8](repeating: 0, count: range.count)
    absorbers = [UInt32](repeating: 0, count: range.count)
    heads = positions
    boundarySeeds = Array(repeating: [], count: options.maxZoom)
    items = positions
    reps = Array(0..<UInt32(range.count))
    waiting = Array(repeating: [], count: options.maxZoom + 1)
  }

  /// Runs the greedy passes from level maxZoom − 1 down to 0.
  ///
  /// Most pins are far from every other pin at the top levels, where a pass would only carry
  /// them over. So the first pass (all pins) also measures, within a wider reach (8 · d; less
  /// below maxZoom 4), each seed's distance to the nearest other pin; a pin with nothing within
  /// d_L is an item of level L on its own (a seed taking nothing, taken by nothing) and is left
  /// out of the passes until the first level whose separation exceeds that distance. The result
  /// is the same (the items of every lower level are among the first level's seeds, so the
  /// distance bounds theirs); the passes handle about a third fewer items on real data.
  mutating func build() {
    // Cells at least 2·reach wide (2^k points with 2^k ≥ 2 · minSeparation): a disk of radius
    // reach then crosses at most one edge per axis, so most seeds look at one to three neighbours.
    let cellPoints = Int(Double.log2(2 * options.minSeparation).rounded(.up))
    let first = options.maxZoom - 1, widening = min(3, max(first, 0))
    for level in stride(from: first, through: 0, by: -1) {
      admitWaiting(level + 1)
      let reachLevels = level == first ? widening : 0
      let depth = min(max(8 + level - cellPoints - reachLevels, 0), 31)
      let d = options.separation(atLevel: level)
      // Nearest squared distances, capped at the reach: nothing closer is known beyond it.
      let reach = d * Double(1 << reachLevels)
      var near = level == first && widening > 0 ? [Double](repeating: reach * reach, count: items.count) : []
      mergeLevel(level: level, separation: d, reach: reach, depth: depth, near: &near)
      if !near.isEmpty { setAsideIsolated(near: near, below: level) }
    }
    admitWaiting(0)
    // What is left are the items of level 0: the roots.
    for (item, rep) in zip(items, reps) {
      tops[Int(rep)] = 0
      heads[Int(rep)] = item
      roots.append(positions[Int(rep)])
    }
  }

  /// After the first pass (items indexed by slot in `near`): sets aside the seeds with nothing
  /// within the separation of the next level, until the level whose separation exceeds their
  /// nearest distance (`near`: squared; at most the reach, and 0 for seeds near a later part).
  private mutating func setAsideIsolated(near: [Double], below level: Int) {
    var keptItems: [UInt32] = [], keptReps: [UInt32] = []
    keptItems.reserveCapacity(items.count)
    keptReps.reserveCapacity(items.count)
    // d_L² for the levels below, computed once (not per pin).
    let separations2 = (0..<level).map { let d = options.separation(atLevel: $0); return d * d }
    for (item, rep) in zip(items, reps) {
      // The level it takes part in again: the highest below `level` whose d² exceeds its distance.
      var back = level - 1
      while back >= 0 && separations2[back] <= near[Int(rep)] { back -= 1 }
      if back < level - 1 {
        waiting[back + 1].append(rep)
      } else {
        keptItems.append(item)
        keptReps.append(rep)
      }
    }
    items = keptItems
    reps = keptReps
  }

  /// Merges the pins waiting for level `entry` − 1 (entry 0: the roots) into the items, in Z order.
  private mutating func admitWaiting(_ entry: Int) {
    guard entry < waiting.count, !waiting[entry].isEmpty else { return }
    let back = waiting[entry]
    waiting[entry] = []
    var mergedItems: [UInt32] = [], mergedReps: [UInt32] = []
    mergedItems.reserveCapacity(items.count + back.count)
    mergedReps.reserveCapacity(items.count + back.count)
    var k = 0
    for (item, rep) in zip(items, reps) {
      while k < back.count && back[k] < rep {
        mergedItems.append(positions[Int(back[k])])
        mergedReps.append(back[k])
        k += 1
      }
      mergedItems.append(item)
      mergedReps.append(rep)
    }
    for slot in back[k...] {
      mergedItems.append(positions[Int(slot)])
      mergedReps.append(slot)
    }
    items = mergedItems
    reps = mergedReps
  }

  /// One greedy pass: `items` (level + 1) become the items of `level`. Seeds look for items
  /// within `reach` (≥ d; cells at `depth` are at least 2 · reach wide); when `near` is not empty
  /// (one entry per item) it receives each item's nearest squared distance within the reach.
  private mutating func mergeLevel(level: Int, separation d: Double, reach: Double, depth: Int, near: inout [Double]) {
    let cells = MortonCells(keys: keys, of: reps, depth: depth)
    // The items' positions side by side (the inner loops read them in order, without indirection).
    let xs = reps.map { points[Int($0)].x }, ys = reps.map { points[Int($0)].y }
    var taken = [Bool](repeating: false, count: items.count)
    let recordsNear = !near.isEmpty
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
    // Whether a cell (by code at this depth) may hold pins of the next part.
    let shift = UInt64(2 * (31 - depth)), partEnds = boundaryKey != .max
    let nextPartKey = boundaryKey
    var boundary: [UInt32] = []
    var nextItems: [UInt32] = []
    nextItems.reserveCapacity(items.count)
    cells.codes.withUnsafeBufferPointer { codes in
      cells.starts.withUnsafeBufferPointer { starts in
        xs.withUnsafeBufferPointer { xs in
          ys.withUnsafeBufferPointer { ys in
            taken.withUnsafeMutableBufferPointer { taken in
              near.withUnsafeMutableBufferPointer { near in
                neighbourCache.withUnsafeMutableBufferPointer { cache in
                  let scan = Scan(xs: xs, ys: ys, taken: taken, d2: d2, reach2: reach * reach, near: near)
                  for cell in 0..<cellCount {
                    let runStart = Int(starts[cell]), runEnd = Int(starts[cell + 1])
                    for k in 0..<9 { cache[k] = -2 }
                    // The cell's own column and row (x = 1, the antimeridian, sits in the last column).
                    let column = MortonCode.compact(codes[cell]), row = MortonCode.compact(codes[cell] >> 1)
                    let cellAtBoundary = partEnds && (wholeGrid || ((codes[cell] + 1) << shift) > nextPartKey)
                    for i in runStart..<runEnd where !taken[i] {
                      var atBoundary = cellAtBoundary
                      let px = xs[i], py = ys[i]
                      members.removeAll(keepingCapacity: true)
                      scan.take((i + 1)..<runEnd, seed: i, x: px, y: py, into: &members)
                      if wholeGrid {
                        for other in (cell + 1)..<cellCount {
                          scan.take(Int(starts[other])..<Int(starts[other + 1]), seed: i, x: px, y: py, into: &members)
                        }
                      } else {
                        // Only the neighbour cells the disk of radius `reach` reaches.
                        let fx = px * cellsPerWorld - Double(column), fy = py * cellsPerWorld - Double(row)
                        let west = fx * cellWidth < reach, east = (1 - fx) * cellWidth < reach
                        let north = fy * cellWidth < reach, south = (1 - fy) * cellWidth < reach
                        if west || east || north || south {
                          for ny in -1...1 where (ny == 0 || (ny < 0 ? north : south)) {
                            for nx in -1...1 where (nx == 0 || (nx < 0 ? west : east)) && (nx != 0 || ny != 0) {
                              let slot = (ny + 1) * 3 + nx + 1
                              if partEnds && !atBoundary, let code = MortonCells.neighbourCode(column: column, row: row, dx: nx, dy: ny, depth: depth) {
                                atBoundary = code > codes[cell] && ((code + 1) << shift) > nextPartKey
                              }
                              if cache[slot] == -2 {
                                cache[slot] = MortonCells.laterNeighbour(of: cell, in: codes, depth: depth, column: column, row: row, dx: nx, dy: ny) ?? -1
                              }
                              let n = cache[slot]
                              if n >= 0 {
                                scan.take(Int(starts[n])..<Int(starts[n + 1]), seed: i, x: px, y: py, into: &members)
                              }
                            }
                          }
                        }
                        if members.count > 1 { members.sort() }
                      }
                      seeds.append(i)
                      if atBoundary {
                        boundary.append(positions[Int(reps[i])])
                        // Pins of the next part may lie within the reach: never set aside. (On the
                        // first level the wider reach makes a few more boundary seeds: checked again.)
                        if recordsNear { near[i] = 0 }
                      }
                      nextItems.append(members.isEmpty ? levelItems[i] : makeCluster(level: level, seed: i, members: members))
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
    // The seeds, in order, are this level's items.
    reps = seeds.map { reps[$0] }
    items = nextItems
  }

  /// Records a cluster of item `seed` and item indices `members` (ascending: Z order).
  private mutating func makeCluster(level: Int, seed: Int, members absorbed: [Int]) -> UInt32 {
    let seedPin = positions[Int(reps[seed])]
    let origin = points[Int(reps[seed])]
    var cluster = ClusterIndex.Cluster(
      x: origin.x, y: origin.y, extent: .zero, up: items[seed], memberStart: UInt32(members.count), memberCount: UInt32(absorbed.count),
      level: UInt8(level), representative: seedPin, count: 0, memberCapacity: UInt32(absorbed.count), missing: 0, found: 0, closed: 0,
      idHash: 0)
    func add(_ child: UInt32, representative: UInt32) {
      // The child's extent, moved to the seed's frame (its drawn pin's nearest world copy).
      let (dx, dy) = ClusterIndex.Cluster.offset(of: points[Int(representative)], from: origin)
      if ClusterIndex.isCluster(child) {
        cluster.add(clusters[Int(child & ~ClusterIndex.clusterFlag)], dx: dx, dy: dy)
      } else {
        cluster.add(pinWithStatus: statusCodes[Int(representative)], idHash: hashes[Int(representative)], dx: dx, dy: dy)
      }
    }
    add(items[seed], representative: reps[seed])
    for m in absorbed {
      add(items[m], representative: reps[m])
      let slot = Int(reps[m])
      members.append(positions[slot])
      tops[slot] = UInt8(level + 1)
      absorbers[slot] = seedPin
      heads[slot] = items[m]
    }
    clusters.append(cluster)
    return UInt32(clusters.count - 1) | ClusterIndex.clusterFlag
  }
}

/// What a seed's scan reads and marks: the level's item positions and taken flags and, on the
/// first level, the items' nearest squared distances within the reach (else `near` is empty).
private struct Scan {
  let xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>
  let taken: UnsafeMutableBufferPointer<Bool>
  let d2: Double, reach2: Double
  let near: UnsafeMutableBufferPointer<Double>

  /// Marks and collects the untaken items of `range` closer than √d2 to the seed `i` at (x, y)
  /// (on the torus); records distances under √reach2 for both ends.
  @inline(__always)
  func take(_ range: Range<Int>, seed i: Int, x: Double, y: Double, into members: inout [Int]) {
    for j in range where !taken[j] {
      var dx = abs(xs[j] - x)
      if dx > 0.5 { dx = 1 - dx }
      let dy = ys[j] - y
      let e2 = dx * dx + dy * dy
      if e2 < d2 {
        taken[j] = true
        members.append(j)
      }
      if !near.isEmpty && e2 < reach2 {
        near[i] = min(near[i], e2)
        near[j] = min(near[j], e2)
      }
    }
  }
}
