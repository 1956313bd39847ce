/// The level-by-level greedy pass (see ``ClusterIndex``) over one part of the Z order: a run of
/// Morton slots. Outputs are per slot of the part; cluster references count from 0 in the part.
///
/// A part that ends before the Z order does also records its **boundary seeds**: per level, the
/// seeds whose disk reaches a cell that may hold pins of a later part (where the greedy pass over
/// the whole order could take pins this part does not see).
struct HierarchyBuilder {
  let options: ClusterOptions
  /// The part's status codes, id hashes and positions in the pin set, by slot (released when
  /// ``build()`` is done; the positions are the whole Z order's, shared, not copied).
  private(set) var statusCodes: [UInt8]
  private(set) var hashes: [UInt64]
  private(set) var positions: PartPositions
  /// The first key of the next part (`UInt64.max` for the last part).
  let boundaryKey: UInt64
  /// The depth of the first pass's cells (``firstPassDepth(sortedKeys:options:cellItems:)``).
  let firstPassDepth: Int
  /// The smallest array whose pages go back as it is consumed (``ConsumedPages``).
  let releaseBytes: Int
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
  /// The current level's items, in Morton order of their seeds (drawn pins) (slots ascending).
  var items: [LevelItem]
  /// Pins set aside while nothing lies within a level's separation of them (see ``build()``),
  /// grouped by the level + 1 at which they come back (0: only among the roots), slots ascending
  /// in each group: those of entry e are `waiting[waitingStarts[e] ..< waitingStarts[e + 1]]`.
  /// Groups come back highest entry first, from the array's end, which shrinks behind them.
  private var waiting: [LevelItem] = []
  private var waitingStarts: [Int]

  /// A builder over slots `range` of the whole Z order (`order`: positions by slot), whose first
  /// pass groups its pins in cells of depth `firstPassDepth`, with room for `recordCapacity`
  /// clusters and member slots (never less than `range.count`, what the part alone can need).
  init(
    pins: PinSet, options: ClusterOptions, boundaryKey: UInt64, order: [UInt32], range: Range<Int>,
    firstPassDepth: Int, hashes idHashes: [UInt64], releaseBytes: Int, recordCapacity: Int
  ) {
    self.options = options
    self.firstPassDepth = firstPassDepth
    self.releaseBytes = releaseBytes
    let positions = PartPositions(order: order, range: range)
    self.positions = positions
    self.boundaryKey = boundaryKey
    // What the passes read of each pin, gathered from the pin set in one pass (the reads are
    // scattered: one loop lets them overlap). The passes' arrays are read and written at
    // scattered places: in huge pages (``HugePages``).
    var statusCodes = [UInt8](hugePagesRepeating: 0, count: range.count)
    var hashes = [UInt64](hugePagesRepeating: 0, count: range.count)
    items = [LevelItem](hugePagesCapacity: range.count) { items, initialized in
      pins.mercatorX.withUnsafeBufferPointer { xs in
        pins.mercatorY.withUnsafeBufferPointer { ys in
          pins.statusCodes.withUnsafeBufferPointer { codes in
            statusCodes.withUnsafeMutableBufferPointer { statusCodes in
              hashes.withUnsafeMutableBufferPointer { hashes in
                for (slot, position) in order[range].enumerated() {
                  let pin = Int(position)
                  items.initializeElement(
                    at: slot,
                    to: LevelItem(
                      x: xs[pin], y: ys[pin], node: position, slot: UInt32(slot))
                  )
                  statusCodes[slot] = codes[pin]
                  hashes[slot] = idHashes[pin]
                }
              }
            }
          }
        }
      }
      initialized = range.count
    }
    self.statusCodes = statusCodes
    self.hashes = hashes
    tops = [UInt8](hugePagesRepeating: 0, count: range.count)
    absorbers = [UInt32](hugePagesRepeating: 0, count: range.count)
    // Room for every cluster and member there can be (each cluster takes at least one item, each
    // pin is a member at most once): reserved address space, touched only as records are
    // written, so that appending never copies what is there. The first part of a cut build
    // reserves the whole build's room: the later part's records are appended to its arrays in
    // place, and the cut's repair adds its records there too.
    clusters = [ClusterIndex.Cluster](hugePagesCapacity: max(recordCapacity, range.count))
    members = [UInt32](hugePagesCapacity: max(recordCapacity, range.count))
    heads = [UInt32](hugePagesCapacity: range.count) { buffer, count in
      _ = buffer.initialize(from: order[range])
      count = range.count
    }
    boundarySeeds = Array(repeating: [], count: options.maxZoom)
    waitingStarts = Array(repeating: 0, count: options.maxZoom + 2)
  }

  /// Runs the greedy passes from level maxZoom − 1 down to 0.
  ///
  /// Most pins are far from every other pin at the top levels, where a pass would only carry
  /// them over. So the first pass (all pins) also measures, within a wider reach (2 · d, d at
  /// maxZoom 1; more in coarse cells: ``firstPassReach(_:depth:)``), each seed's distance to the
  /// nearest other pin; a pin with nothing within d_L is an item of level L on its own (a seed
  /// taking nothing, taken by nothing) and is left out of the passes until the first level whose
  /// separation exceeds that distance. The result is the same (the items of every lower level are
  /// among the first level's seeds, so the distance bounds theirs); the passes handle about a
  /// third fewer items on real data. A wider reach sets more pins aside for longer, but where pins
  /// crowd, the coarse cells that widen it are not chosen and the first pass scans the reach's
  /// area: 8 · d cost a third more instructions than 4 · d at 10M pins, and 4 · d made the first
  /// pass 1.2–2.1× as long as 2 · d where pins are dense (10M skewed pins; 1M around Paris's
  /// places, 1M and 10M around France's: their builds 6–16 % faster with 2 · d, 10M skewed pins'
  /// within the machine's noise), for no gain where pins are sparse (there the coarse cells'
  /// reach is the wider one). Measuring nothing (a reach of d) sets nothing aside: the passes
  /// over 1M skewed pins took a fifth longer.
  mutating func build() {
    let first = options.maxZoom - 1
    for level in stride(from: first, through: 0, by: -1) {
      admitWaiting(level + 1)
      let (reachDepth, reachLevels) = Self.passCells(level: level, options: options)
      let depth = level == first ? firstPassDepth : reachDepth
      let d = options.separation(atLevel: level)
      let measuresNear = level == first && reachLevels > 0
      let reach = measuresNear ? Self.firstPassReach(d * Double(1 << reachLevels), depth: depth) : d
      // Nearest squared distances, capped at the reach: nothing closer is known beyond it.
      var near = measuresNear ? [Double](hugePagesRepeating: reach * reach, count: items.count) : []
      mergeLevel(level: level, separation: d, reach: reach, depth: depth, near: &near)
      if !near.isEmpty { setAsideIsolated(near: &near, below: level) }
    }
    admitWaiting(0)
    // What is left are the items of level 0: the roots.
    for item in items {
      tops[Int(item.slot)] = 0
      heads[Int(item.slot)] = item.node
      roots.append(positions[Int(item.slot)])
    }
    // Only the outputs are read from here on: the rest goes back before the parts are merged.
    (items, waiting, statusCodes, hashes, positions) = ([], [], [], [], PartPositions(order: [], range: 0..<0))
  }

  /// The depth of the cells a pass at `level` needs, and its reach in levels above its
  /// separation: the first pass (level maxZoom − 1) reaches 2 · d (d at maxZoom 1), the others d.
  ///
  /// Cells at least 2·reach wide (2^k points with 2^k ≥ 2 · minSeparation): a disk of radius
  /// reach then crosses at most one edge per axis. After the first pass they are twice that
  /// (≥ 4·d, as wide as the first pass's): a seed then reaches about one neighbour cell instead
  /// of three, and the longer scans of its own cell cost less than the look-ups saved (builds
  /// 4–7 % faster on 100k–1M skewed pins, no slower at 10M; twice wider again, 8 · d, was no
  /// faster: 1M skewed pins' passes 109.5 against 108.7–110.3 ms per part).
  static func passCells(level: Int, options: ClusterOptions) -> (depth: Int, reachLevels: Int) {
    // minSeparation is validated to [0.01, 1000]: log2 lies in [-6, 11].
    let cellPoints = Int(clamping: Double.log2(2 * options.minSeparation), to: -64...64, rounding: .up) ?? 0
    let first = options.maxZoom - 1
    let reachLevels = level == first && first > 0 ? 1 : 0
    return (min(max(8 + level - cellPoints - (level == first ? reachLevels : 1), 0), 31), reachLevels)
  }

  /// The depth of the first pass's cells for a part whose pins have the Morton keys `sortedKeys`
  /// (ascending): as coarse as up to 8 depths above the reach's allow while at most `cellItems`
  /// pins share an average pin's cell (``CellSizes``).
  ///
  /// The first pass holds every pin: where most are alone in the reach's cells, a seed looks up
  /// two or three neighbour cells to find nothing, and coarser cells trade those look-ups for
  /// short scans (wider cells never change the result).
  static func firstPassDepth(sortedKeys: ArraySlice<UInt64>, options: ClusterOptions, cellItems: Int) -> Int {
    let reachDepth = passCells(level: options.maxZoom - 1, options: options).depth
    return CellSizes.coarsestDepth(sortedKeys: sortedKeys, from: reachDepth, levels: 8, averageAtMost: cellItems)
  }

  /// The first pass's reach, widened from `reach` (``passCells(level:options:)``'s, 2 · d) to an
  /// eighth of the width of its cells at `depth` when that is more: when the cells are two or
  /// more depths coarser than the reach needs (``firstPassDepth(sortedKeys:options:cellItems:)``).
  /// Within those cells a wider reach costs little (the same cells are scanned, a few more
  /// neighbours looked up), and a pin alone within it skips the passes down to the level whose
  /// separation exceeds it instead of coming back a few levels down. (An eighth, not a quarter:
  /// a seed's disk then reaches past each side of its cell an eighth of the time; with a quarter
  /// the first pass took half as long again.) Never more than half the cells' width: `reach` is
  /// at most half the reach's cells' width, and the cells at `depth` are at least those.
  static func firstPassReach(_ reach: Double, depth: Int) -> Double {
    max(reach, 1 / Double(UInt64(1) << UInt64(depth)) / 8)
  }

  /// ``firstPassDepth(sortedKeys:options:cellItems:)``'s bound by default. On the generator's
  /// skewed pins (a part holding half; 60 pt, maxZoom 16: the reach's depth is 15), 1M: 1.3–1.4
  /// pins in an average pin's cell at 15, 2.1–2.5 at 14, 5.0–6.4 at 13, 14–19 at 12, 43–55 at
  /// 11; 10M: 12–16 at 14, 40–56 at 13. Bounds of 12 / 24 / 48 chose depths 13 / 12 / 11–12 at
  /// 1M (the passes 127 / 114 / 124 ms per part), 14–15 / 14 / 13–14 at 10M (1,113 / 1,117 /
  /// 1,061 ms) and 15 / 14 / 14 for 1M pins around France's places (96 / 91 / 92 ms): 48 gains
  /// at 10M what it loses at 1M.
  static let firstPassCellItems = 24

  /// After the first pass (`near` by slot: the first level's items are the part's slots, in
  /// order): sets aside the seeds with nothing within the separation of the next level, until the
  /// level whose separation exceeds their nearest distance (`near`: squared; at most the reach,
  /// and 0 for seeds near a later part; emptied).
  private mutating func setAsideIsolated(near: inout [Double], below level: Int) {
    // d_L² for the levels below, computed once (not per pin).
    let separations2 = (0..<level).map {
      let d = options.separation(atLevel: $0)
      return d * d
    }
    // The entry (level + 1) at which each item takes part again: one above the highest level
    // below `level` whose d² exceeds its distance; `level` itself for the items that stay.
    let entries = items.map { item in
      let distance2 = near[Int(item.slot)]
      var back = level - 1
      while back >= 0 && separations2[back] <= distance2 { back -= 1 }
      return UInt8(back + 1)
    }
    near = []  // not read again: its pages go back before the items are moved
    // A counting sort by entry (stable: slots stay ascending) of the items set aside, into an
    // array of their size; the staying items (entry `level`) move forward in place. (Into an array
    // of their own, the staying ones took fresh pages, which the system must zero first: a 10M
    // build's first pass sets aside 1.5M items per part and keeps 2.5M.)
    var starts = [Int](repeating: 0, count: level + 2)
    for entry in entries { starts[Int(entry) + 1] += 1 }
    for entry in 1..<starts.count { starts[entry] += starts[entry - 1] }
    var next = starts
    let setAside = starts[level]
    var kept = 0
    items.withUnsafeMutableBufferPointer { items in
      waiting = [LevelItem](hugePagesCapacity: setAside) { buffer, initialized in
        next.withUnsafeMutableBufferPointer { next in
          for (i, entry) in entries.enumerated() {
            if Int(entry) < level {
              buffer.initializeElement(at: next[Int(entry)], to: items[i])
              next[Int(entry)] += 1
            } else {
              items[kept] = items[i]
              kept += 1
            }
          }
        }
        initialized = setAside
      }
    }
    // The room past the staying items goes back until the waiting ones come back (the array
    // keeps it: ``admitWaiting(_:)`` merges them in place).
    items.removeLast(items.count - kept)
    items.releaseSpareCapacity()
    waitingStarts = waitingStarts.indices.map { starts[min($0, level)] }
  }

  /// Merges the pins waiting for level `entry` − 1 (entry 0: the roots) into the items, in Z order,
  /// in place (the items' array keeps its room: see ``setAsideIsolated(near:below:)``). The group
  /// is the tail of `waiting`; its pages go back as it is merged, so that rejoining the largest
  /// group (a quarter of a part's pins at 10M, over half at 1M, on the generator's pins) costs no
  /// more memory than the items it adds, and the items before the group's first stay where they are.
  private mutating func admitWaiting(_ entry: Int) {
    guard entry + 1 < waitingStarts.count, waitingStarts[entry] < waitingStarts[entry + 1] else { return }
    let group = waitingStarts[entry]..<waitingStarts[entry + 1]
    waiting.withUnsafeMutableBufferPointer { waiting in
      items.mergeReleasing(UnsafeMutableBufferPointer(rebasing: waiting[group]), minimumBytes: releaseBytes) {
        $0.slot < $1.slot
      }
    }
    // The entries admitted so far were the array's tail: its pages go back (most already have,
    // in a large group, as it was merged).
    let remaining = waitingStarts[entry]
    waiting.removeLast(waiting.count - remaining)
    waiting.releaseSpareCapacity()
    for later in entry..<waitingStarts.count { waitingStarts[later] = remaining }
  }
}

/// A part's slots' positions in the pin set: a window on the whole Z order (`order[range]`),
/// which the index keeps anyway, rather than a copy of it (4 bytes per pin less while the parts
/// are built).
struct PartPositions {
  private let order: [UInt32]
  private let base: Int

  init(order: [UInt32], range: Range<Int>) {
    self.order = order
    base = range.lowerBound
  }

  /// The position of the part's slot `slot` (0 for the part's first).
  @inline(__always)
  subscript(slot: Int) -> UInt32 { order[base + slot] }
}
