extension ClusterIndex {
  /// Carries changes of the items of level maxZoom down to level 0, then rebuilds the clusters
  /// they touched (see ``ClusterIndex``: a pin's outcome at level L depends only on the seeds
  /// before it in Z order within d_L, so only the pins after a changed seed and within d_L of it
  /// are decided again, in Z order).
  mutating func propagate(_ initial: [LevelChange]) {
    var record = ChangeRecord(
      dirty: Array(repeating: [], count: options.maxZoom), joined: Array(repeating: [], count: options.maxZoom))
    record.touched = initial.map(\.pin)
    var changes = initial
    for level in stride(from: options.maxZoom - 1, through: 0, by: -1) where !changes.isEmpty {
      changes = decide(level: level, changes, &record)
    }
    finish(changes, &record)
  }

  /// After a build in two parts: decides again the pins of the second part that seeds of the
  /// first (`boundarySeeds`, per level) may take, and whatever that changes.
  mutating func repairAfterSplit(boundarySeeds: [[UInt32]]) {
    var record = ChangeRecord(
      dirty: Array(repeating: [], count: options.maxZoom), joined: Array(repeating: [], count: options.maxZoom))
    var changes: [LevelChange] = []
    for level in stride(from: options.maxZoom - 1, through: 0, by: -1) {
      changes = decide(level: level, changes, &record, near: boundarySeeds[level])
    }
    finish(changes, &record)
  }

  /// Applies the changes of level 0 to the roots, rebuilds the touched clusters and refreshes the
  /// Z-ordered list's bounds.
  private mutating func finish(_ changes: [LevelChange], _ record: inout ChangeRecord) {
    for change in changes { updateRoots(change) }
    recluster(&record)
    for pin in record.touched where tops[Int(pin)] != Self.notAnItem {
      order.refresh(around: pin, keys: keys, tops: tops)
    }
  }

  /// One level's greedy decisions again, for the pins a change of the level above can reach and
  /// those after and near `seeds` (seeds of this level).
  /// - Returns: the changes of this level's items.
  private mutating func decide(
    level: Int, _ changes: [LevelChange], _ record: inout ChangeRecord, near seeds: [UInt32] = []
  ) -> [LevelChange] {
    let d = options.separation(atLevel: level)
    let here = UInt8(level)
    var next: [LevelChange] = []
    var queue = ZOrderQueue()
    for seed in seeds { pushLater(than: seed, near: point(seed), level: level, separation: d, into: &queue) }
    var entered: Set<UInt32> = []
    for change in changes {
      if change.entered {
        queue.push(change.pin, keys: keys)
        entered.insert(change.pin)
      } else if change.oldTop <= here {  // it was a seed here: it leaves this level too
        next.append(change)
        record.dirty[level].append(change.pin)
        pushLater(than: change.pin, near: change.point, level: level, separation: d, into: &queue)
      } else if change.oldTop == here + 1 {  // it was absorbed here
        record.dirty[level].append(change.oldAbsorber)
      }
    }
    while let j = queue.pop() {
      let isNew = entered.contains(j)
      let wasSeed = !isNew && tops[Int(j)] <= here
      if let absorber = earliestSeed(before: j, level: level, separation: d) {
        if isNew {
          tops[Int(j)] = here + 1
          absorbers[Int(j)] = absorber
        } else if wasSeed {
          next.append(
            LevelChange(pin: j, entered: false, oldTop: tops[Int(j)], oldAbsorber: absorbers[Int(j)], point: point(j)))
          tops[Int(j)] = here + 1
          absorbers[Int(j)] = absorber
          record.dirty[level].append(j)
          record.touched.append(j)
          pushLater(than: j, near: point(j), level: level, separation: d, into: &queue)
        } else if absorbers[Int(j)] != absorber {
          record.dirty[level].append(absorbers[Int(j)])
          absorbers[Int(j)] = absorber
        } else {
          continue
        }
        record.dirty[level].append(absorber)
        record.joined[level].append(j)
      } else if isNew || !wasSeed {  // a seed now
        if !isNew { record.dirty[level].append(absorbers[Int(j)]) }
        tops[Int(j)] = here
        order.lowered(j, to: here, keys: keys)
        record.touched.append(j)
        record.dirty[level].append(j)
        next.append(LevelChange(pin: j, entered: true, point: point(j)))
        pushLater(than: j, near: point(j), level: level, separation: d, into: &queue)
      }
    }
    return next
  }

  /// The earliest seed of `level` before pin `j` in Z order and closer than `d`, or `nil`.
  private func earliestSeed(before j: UInt32, level: Int, separation d: Double) -> UInt32? {
    // The search meets the seeds in Z order: the first it meets is the earliest when it comes
    // before j, and when it does not, none does. (Keys above j's: never before it.) The closures
    // here and in ``pushLater(than:near:level:separation:into:)`` capture the keys, not `self`:
    // a closure capturing `self` copied the whole index (every array retained, then released) on
    // each call, a sixth of the repair of a 1M build's cut.
    let keys = keys
    var earliest: UInt32?
    order.search(
      near: point(j), radius: d, maxTop: UInt8(level), keys: 0..<(keys[Int(j)] + 1), tops: tops,
      xs: keys.xs, ys: keys.ys
    ) { i in
      if keys.precedes(Int(i), Int(j)) { earliest = i }
      return false
    }
    return earliest
  }

  /// Queues the items of level + 1 after pin `x` in Z order and closer than `d` to `p`: their
  /// decisions at `level` may change when x's does.
  private func pushLater(
    than x: UInt32, near p: MercatorPoint, level: Int, separation d: Double, into queue: inout ZOrderQueue
  ) {
    // Keys below x's: never after it.
    let keys = keys
    order.search(
      near: p, radius: d, maxTop: UInt8(level + 1), keys: keys[Int(x)]..<UInt64.max, tops: tops,
      xs: keys.xs, ys: keys.ys
    ) { j in
      if keys.precedes(Int(x), Int(j)) { queue.push(j, keys: keys) }
      return true
    }
  }

  /// Keeps ``roots`` (the items of level 0, in Z order) in step with a change of level 0.
  private mutating func updateRoots(_ change: LevelChange) {
    let at = partitionPoint(in: roots.indices) { precedes(roots[$0], change.pin) }
    if change.entered {
      roots.insert(change.pin, at: at)
    } else if at < roots.count && roots[at] == change.pin {
      roots.remove(at: at)
    }
  }
}
