extension ClusterIndex {
  /// Works out the clusters of `dirty` seeds again, from the highest level down (a cluster is
  /// made of nodes one level up, final by then); a cluster that changed makes its parent dirty.
  mutating func recluster(_ record: inout ChangeRecord) {
    for level in stride(from: options.maxZoom - 1, through: 0, by: -1) {
      var seeds = record.dirty[level]
      guard !seeds.isEmpty else { continue }
      seeds.sort()
      let joined = joinedBySeed(record.joined[level], below: level)
      var previous: UInt32?
      for seed in seeds where seed != previous {
        previous = seed
        guard rebuildCluster(of: seed, level: level, joined: joined.pins(absorbedBy: seed)), level > 0 else { continue }
        // The node changed: the cluster holding it one level down changes too.
        let top = tops[Int(seed)]
        if top < UInt8(level) {
          record.dirty[level - 1].append(seed)
        } else if top == UInt8(level) {
          record.dirty[level - 1].append(absorbers[Int(seed)])
        }
      }
    }
    if unusedMembers > 4096 && unusedMembers > members.count / 2 { compactMembers() }
  }

  /// The pins of `joined` (those that changed absorber at `level`) still taken at `level`,
  /// grouped by the seed that takes them now: each dirty seed then reads its own few instead of
  /// the whole list (a repair after a two-part build has a few hundred per level and ten times
  /// as many dirty seeds).
  private func joinedBySeed(_ joined: [UInt32], below level: Int) -> JoinedPins {
    let below = UInt8(level + 1)
    var pairs: [(seed: UInt32, pin: UInt32)] = []
    pairs.reserveCapacity(joined.count)
    for j in joined where tops[Int(j)] == below { pairs.append((absorbers[Int(j)], j)) }
    pairs.sort { ($0.seed, $0.pin) < ($1.seed, $1.pin) }
    return JoinedPins(pairs: pairs)
  }

  /// Makes the cluster `seed` forms at `level` what the greedy rule says it is now: created,
  /// updated in place or deleted. Its members are those of its old record and of `joined` (the
  /// pins that changed absorber at this level and name it as their absorber now).
  /// - Returns: whether the seed's node at `level` may have changed.
  private mutating func rebuildCluster(of seed: UInt32, level: Int, joined: ArraySlice<UInt32>) -> Bool {
    let existing = clusterNumber(of: seed, at: level)
    var absorbed: [UInt32] = []
    if tops[Int(seed)] <= UInt8(level) {
      let below = UInt8(level + 1)
      // The closures capture these, not `self` (which would copy the whole index: see
      // ``earliestSeed(before:level:separation:)``).
      let (tops, absorbers, keys) = (tops, absorbers, keys)
      if let existing {
        forEachMember(of: clusters[Int(existing)]) { member in
          if tops[Int(member)] == below && absorbers[Int(member)] == seed { absorbed.append(member) }
        }
      }
      // Sorted together, then a pin kept and joined (or joined twice) taken once: n log n for
      // a cluster of any width (a linear search per joined pin made the repair of a cut through
      // one dense spot quadratic).
      absorbed.append(contentsOf: joined)
      absorbed.sort { keys.precedes(Int($0), Int($1)) }
      absorbed.removeAdjacentRepeats()
    }
    guard !absorbed.isEmpty else {
      if let existing { deleteCluster(existing, seed: seed) }
      return true  // no cluster here: the node is the seed's node one level up, which may have changed
    }
    let origin = point(seed)
    var cluster = Cluster(
      seed: seed, at: origin, level: level, up: node(of: seed, above: level), memberStart: 0)
    var box = LeafExtent.zero
    addChild(cluster.up, to: &cluster, box: &box, origin: origin)
    for j in absorbed { addChild(node(of: j, above: level), to: &cluster, box: &box, origin: origin) }
    cluster.finish(box: box)
    guard let existing else {
      updateAggregates(of: insertCluster(cluster, members: absorbed))
      return true
    }
    let old = clusters[Int(existing)]
    // Aggregates follow from the children too: a cluster whose record stayed may still differ there.
    if old.sameContent(as: cluster) && hasMembers(old, absorbed) { return updateAggregates(of: existing) }
    storeMembers(absorbed, in: &cluster, number: existing, reusing: old)
    if old.idHash != cluster.idHash {
      clusterTable.remove(existing, hash: old.idHash, clusters: clusters)
      clusters[Int(existing)] = cluster
      clusterTable.insert(existing, hash: cluster.idHash, clusters: clusters)
    } else {
      clusters[Int(existing)] = cluster
    }
    updateAggregates(of: existing)
    return true
  }

  /// Whether a cluster's members are `absorbed` (no slice kept: `members` is written next).
  private func hasMembers(_ c: Cluster, _ absorbed: [UInt32]) -> Bool {
    let slots = memberSlots(of: c)
    guard slots.count == absorbed.count else { return false }
    for (k, pin) in absorbed.enumerated() where members[slots.lowerBound + k] & ~Self.lastMemberFlag != pin {
      return false
    }
    return true
  }

  /// Adds a child node's leaves and aggregates to a cluster, its box (moved to the seed's frame)
  /// to `box`.
  private func addChild(_ child: UInt32, to cluster: inout Cluster, box: inout LeafExtent, origin: MercatorPoint) {
    let (dx, dy) = Cluster.offset(of: point(seedPin(of: child)), from: origin)
    if Self.isCluster(child) {
      cluster.add(self.cluster(child), dx: dx, dy: dy, box: &box)
    } else {
      cluster.add(
        pinWithStatus: pins.statusCodes[Int(child)], idHash: pins.ids.withUTF8(Int(child)) { Self.idHash($0) }, dx: dx,
        dy: dy, box: &box)
    }
  }

  /// The number of the cluster `seed` forms at `level`, if any (its chain runs upwards from its head).
  func clusterNumber(of seed: UInt32, at level: Int) -> UInt32? {
    var ref = heads[Int(seed)]
    while Self.isCluster(ref) {
      let c = cluster(ref)
      if Int(c.level) == level { return ref & ~Self.clusterFlag }
      if Int(c.level) > level { return nil }
      ref = c.up
    }
    return nil
  }

  /// The node a pin is at level + 1: its lowest cluster above `level`, or the pin itself.
  func node(of pin: UInt32, above level: Int) -> UInt32 {
    var ref = heads[Int(pin)]
    while Self.isCluster(ref) && Int(cluster(ref).level) <= level { ref = cluster(ref).up }
    return ref
  }

  /// Adds a new cluster and links it into its seed's chain; returns its number.
  private mutating func insertCluster(_ new: Cluster, members absorbed: [UInt32]) -> UInt32 {
    var cluster = new
    let free = freeClusters.popLast()
    let number = free ?? UInt32(clusters.count)
    storeMembers(absorbed, in: &cluster, number: number, reusing: nil)
    if free != nil {
      clusters[Int(number)] = cluster
    } else {
      clusters.append(cluster)
    }
    let ref = number | Self.clusterFlag
    // After the last of the seed's clusters below this level (or first in the chain).
    let seed = Int(cluster.seed)
    if !Self.isCluster(heads[seed]) || self.cluster(heads[seed]).level > cluster.level {
      heads[seed] = ref
    } else {
      var previous = heads[seed]
      while Self.isCluster(self.cluster(previous).up) && self.cluster(self.cluster(previous).up).level < cluster.level {
        previous = self.cluster(previous).up
      }
      clusters[Int(previous & ~Self.clusterFlag)].up = ref
    }
    clusterTable.insert(number, hash: cluster.idHash, clusters: clusters)
    liveClusters += 1
    return number
  }

  /// Unlinks a cluster from its seed's chain and frees its record.
  private mutating func deleteCluster(_ number: UInt32, seed: UInt32) {
    let ref = number | Self.clusterFlag
    let c = clusters[Int(number)]
    if heads[Int(seed)] == ref {
      heads[Int(seed)] = c.up
    } else {
      var previous = heads[Int(seed)]
      while cluster(previous).up != ref { previous = cluster(previous).up }
      clusters[Int(previous & ~Self.clusterFlag)].up = c.up
    }
    clusterTable.remove(number, hash: c.idHash, clusters: clusters)
    unusedMembers += memberCapacity(number)
    memberCapacities[number] = nil
    clusters[Int(number)].level = Self.notAnItem
    freeClusters.append(number)
    liveClusters -= 1
  }

  /// The room of cluster `number`'s member run.
  private func memberCapacity(_ number: UInt32) -> Int {
    memberCapacities[number].map(Int.init) ?? memberSlots(of: clusters[Int(number)]).count
  }

  /// Writes the members of cluster `number` (its record `cluster`; `old`, its record before,
  /// still in ``clusters``): in its old run when they fit, else in a new run at the end (with
  /// room to grow).
  private mutating func storeMembers(
    _ absorbed: [UInt32], in cluster: inout Cluster, number: UInt32, reusing old: Cluster?
  ) {
    var capacity = old == nil ? 0 : memberCapacity(number)
    if old != nil, absorbed.count <= capacity {
      cluster.memberStart = old!.memberStart
    } else {
      unusedMembers += capacity
      capacity = absorbed.count + max(absorbed.count / 2, 2)
      cluster.memberStart = UInt32(members.count)
      members.append(contentsOf: repeatElement(0, count: capacity))
    }
    memberCapacities[number] = capacity == absorbed.count ? nil : UInt32(capacity)
    for (k, pin) in absorbed.enumerated() {
      members[Int(cluster.memberStart) + k] = Self.memberSlot(pin, index: k, count: absorbed.count)
    }
  }

  /// Packs the member runs together again (after many moved to the end).
  private mutating func compactMembers() {
    var packed: [UInt32] = []
    packed.reserveCapacity(members.count - unusedMembers)
    for c in clusters.indices where clusters[c].level != Self.notAnItem {
      let start = Int(clusters[c].memberStart)
      let capacity = memberCapacity(UInt32(c))
      clusters[c].memberStart = UInt32(packed.count)
      packed.append(contentsOf: members[start..<(start + capacity)])
    }
    members = packed
    unusedMembers = 0
  }
}

/// The pins that joined a seed at one level of a repair, grouped by seed (``ClusterIndex/recluster(_:)``).
private struct JoinedPins {
  /// Seeds ascending, and the pin each entry stands for (ascending within a seed).
  private let seeds: [UInt32]
  private let pins: [UInt32]

  init(pairs: [(seed: UInt32, pin: UInt32)]) {
    seeds = pairs.map(\.seed)
    pins = pairs.map(\.pin)
  }

  /// The pins `seed` took (a pin listed twice in the record appears twice).
  func pins(absorbedBy seed: UInt32) -> ArraySlice<UInt32> {
    let start = partitionPoint(in: seeds.indices) { seeds[$0] < seed }
    var end = start
    while end < seeds.count && seeds[end] == seed { end += 1 }
    return pins[start..<end]
  }
}

extension Array where Element == UInt32 {
  /// Drops every element equal to the one before it (in place; a sorted array keeps one of each).
  mutating func removeAdjacentRepeats() {
    guard count > 1 else { return }
    var kept = 1
    for k in 1..<count where self[k] != self[kept - 1] {
      self[kept] = self[k]
      kept += 1
    }
    removeLast(count - kept)
  }
}
