/// How one part of the picture changes from one cluster result to the next, so that a client can
/// animate it without flicker (docs/clustering.md, "Transitions").
///
/// Every item of the old result is in exactly one transition's ``from``, every item of the new one
/// in exactly one transition's ``to``; a transition relates items that share pins.
public struct ClusterTransition: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The same item (same id, or the same pin) in both: move it from its old point to its new one.
    case stay
    /// One old item became several new ones holding its pins (zooming in): animate each new item
    /// out from the old item's point. Also one old item → one new item holding fewer of the pins.
    case split
    /// Several old items became one new item holding their pins (zooming out): animate each old
    /// item into the new item's point. Also one old → one new item holding more pins.
    case merge
    /// Several old items and several new ones share pins crosswise (only where a query regrouped
    /// pins at its own scale: near the edges, below zoom 0, under a tilt): animate each new item
    /// from the group's old item nearest to it (by coordinate).
    case regroup
    /// A new item that shares no pin with an old one: it entered the view, or its pins were added.
    case appear
    /// An old item that shares no pin with a new one: it left the view, or its pins were removed.
    case disappear
  }

  public var kind: Kind
  /// Indices of the old result's items it starts from, ascending (empty for ``Kind/appear``).
  public var from: ItemIndices
  /// Indices of the new result's items it ends at, ascending (empty for ``Kind/disappear``).
  public var to: ItemIndices

  public init(kind: Kind, from: [Int], to: [Int]) {
    (self.kind, self.from, self.to) = (kind, ItemIndices(from), ItemIndices(to))
  }

  init(kind: Kind, from: ItemIndices, to: ItemIndices) {
    (self.kind, self.from, self.to) = (kind, from, to)
  }
}

/// Item indices of a transition, zero-based like an array; the transitions of one call share one
/// buffer (no allocation per transition).
public struct ItemIndices: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
  private let storage: ArraySlice<Int32>

  init(_ storage: ArraySlice<Int32>) { self.storage = storage }

  public init(_ indices: [Int]) { storage = ArraySlice(indices.map { Int32(truncatingIfNeeded: $0) }) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { storage.count }
  public subscript(position: Int) -> Int { Int(storage[storage.startIndex + position]) }

  public static func == (a: ItemIndices, b: ItemIndices) -> Bool { a.elementsEqual(b) }
  public func hash(into hasher: inout Hasher) { for i in self { hasher.combine(i) } }
  public var description: String { "\(Array(self))" }
}

extension ClusterIndex {
  /// The transitions from `old` (a result of `oldIndex`) to `new` (a result of this index): any two
  /// cameras, any options, any change of the pins between them (pins are matched by id).
  ///
  /// Two items share pins when one holds the drawn pin (seed) of one of the other's nodes: for
  /// two results of the same hierarchy this finds exactly the items sharing pins (its clusters
  /// nest, so of two overlapping nodes one holds the other's seed). Across different options or
  /// changed pins the hierarchies differ, and pairs sharing only pins other than such seeds are
  /// not related (their items appear and disappear). Between two hierarchies of one index (a
  /// filter on one status and another filter), the relation is completed exactly from the old
  /// items' leaves where leaf boxes meet.
  ///
  /// Transitions are in the order of their first new item, then the disappearing old items.
  /// - Complexity: O((m + n) · depth) for m old and n new items, plus their merged parts; between
  ///   two hierarchies of one index, plus the leaves looked at (at 1M pins, 0.3–6 ms).
  public func transitions(from old: ClusterResult, of oldIndex: ClusterIndex, to new: ClusterResult)
    -> [ClusterTransition]
  {
    let sharing = pins.ids.sharesEntries(with: oldIndex.pins.ids)
    let oldNodes = ItemNodes(old, index: oldIndex)
    let newNodes = ItemNodes(new, index: self)
    var edges: [(old: Int, new: Int)] = []
    edges.reserveCapacity(oldNodes.entries.count + newNodes.entries.count)  // at most one per entry
    // Each old item's seeds, found among the new items, and each new item's among the old.
    let filters = FilterPair(old: oldIndex, new: self)
    let sameNodes = sharing && sharesNodes(with: oldIndex)
    for entry in oldNodes.entries {
      let seed = oldIndex.seedPin(of: entry.node)
      guard let pin = pinPosition(of: seed, in: oldIndex, sharingIds: sharing),
        let (j, holding) = holder(ofSeed: UInt32(pin), of: entry.node, among: newNodes, sameNodes: sameNodes),
        filters.shareShownPin(old: entry.node, new: holding, evidence: (seed, UInt32(pin)), in: oldIndex)
      else { continue }
      edges.append((Int(entry.item), j))
    }
    for entry in newNodes.entries {
      let seed = seedPin(of: entry.node)
      guard let pin = oldIndex.pinPosition(of: seed, in: self, sharingIds: sharing),
        let (i, holding) = oldIndex.holder(ofSeed: UInt32(pin), of: entry.node, among: oldNodes, sameNodes: sameNodes),
        filters.shareShownPin(old: holding, new: entry.node, evidence: (UInt32(pin), seed), in: oldIndex)
      else { continue }
      edges.append((i, Int(entry.item)))
    }
    if isSiblingHierarchy(of: oldIndex, sharingIds: sharing) {
      edges += siblingEdges(from: old, of: oldIndex, to: new, oldNodes: oldNodes, newNodes: newNodes, known: edges)
    }
    return Self.transitions(edges: edges, old: old, new: new)
  }

  /// Groups related items (connected components of the sharing relation) and names each group.
  private static func transitions(edges: [(old: Int, new: Int)], old: ClusterResult, new: ClusterResult)
    -> [ClusterTransition]
  {
    let (m, n) = (old.items.count, new.items.count)
    let total = m + n
    var groups = ItemGroups(oldCount: m, newCount: n)
    groups.join(edges)
    // Scratch, one allocation: per item its group, then per group its old and new counts and
    // where it starts in `buffer` (there are at most m + n groups, and every count is below m + n).
    let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 4 * total + 1)
    defer { scratch.deallocate() }
    let groupOf = UnsafeMutableBufferPointer(rebasing: scratch[0..<total])
    let groupCount = groups.numbered(into: groupOf)
    let froms = UnsafeMutableBufferPointer(rebasing: scratch[total..<(total + groupCount)])
    let tos = UnsafeMutableBufferPointer(rebasing: scratch[(2 * total)..<(2 * total + groupCount)])
    let start = UnsafeMutableBufferPointer(rebasing: scratch[(3 * total)...(3 * total + groupCount)])
    froms.initialize(repeating: 0)
    tos.initialize(repeating: 0)
    for x in 0..<m { froms[Int(groupOf[x])] += 1 }
    for x in m..<total { tos[Int(groupOf[x])] += 1 }
    start[0] = 0
    for g in 0..<groupCount { start[g + 1] = start[g] + froms[g] + tos[g] }
    // One buffer for every transition: group g's old items from start[g], then its new ones, to
    // start[g + 1]. Every slot is written once: the next free slot per group is kept in `start`
    // shifted down by one, restored after.
    let buffer = [Int32](uninitializedCapacity: total) { buffer, written in
      for x in 0..<total {
        let g = Int(groupOf[x])
        buffer.initializeElement(at: Int(start[g]), to: Int32(truncatingIfNeeded: x < m ? x : x - m))
        start[g] += 1
      }
      written = total
    }
    for g in stride(from: groupCount, to: 0, by: -1) { start[g] = start[g - 1] }
    start[0] = 0
    let shared = buffer[...]
    return (0..<groupCount).map { g in
      let (first, from, to) = (Int(start[g]), Int(froms[g]), Int(tos[g]))
      let kind: ClusterTransition.Kind =
        switch (from, to) {
        case (0, _): .appear
        case (_, 0): .disappear
        case (1, 1): Self.kind(from: old.items, Int(buffer[first]), to: new.items, Int(buffer[first + 1]))
        case (1, _): .split
        case (_, 1): .merge
        default: .regroup
        }
      return ClusterTransition(
        kind: kind, from: ItemIndices(shared[first..<(first + from)]),
        to: ItemIndices(shared[(first + from)..<(first + from + to)]))
    }
  }

  /// The kind of a transition from one old item (`oldItems[i]`) to one new item: ``Kind/stay``
  /// when they show the same thing — the same cluster id, or the same pin (related pins share
  /// their only pin) — else a split when the new one holds fewer pins, a merge otherwise. (Fields
  /// read in place: no copy of either item.)
  private static func kind(from oldItems: [ClusterItem], _ i: Int, to newItems: [ClusterItem], _ j: Int)
    -> ClusterTransition.Kind
  {
    let (a, b) = (oldItems[i].cluster?.idHash, newItems[j].cluster?.idHash)
    if a == b { return .stay }
    return (newItems[j].cluster?.count ?? 1) < (oldItems[i].cluster?.count ?? 1) ? .split : .merge
  }

  /// The position in this index's pins of the pin at `position` in `other`'s (the same place when
  /// it holds the same id there — always when `sharingIds`: the two share their id table — else
  /// found by id), or `nil` when this index lacks it or it is not on the map here.
  @inline(__always)
  func pinPosition(of position: UInt32, in other: ClusterIndex, sharingIds: Bool) -> Int? {
    guard sharingIds else { return pinPosition(matchingIdOf: position, in: other) }
    let p = Int(position)
    return tops[p] == Self.notAnItem ? nil : p
  }

  /// ``pinPosition(of:in:sharingIds:)`` for two indexes whose id tables differ: compared by id.
  @inline(never)
  private func pinPosition(matchingIdOf position: UInt32, in other: ClusterIndex) -> Int? {
    let p = Int(position)
    let same =
      p < pins.count
      && pins.ids.withUTF8(p) { mine in other.pins.ids.withUTF8(p) { theirs in mine.elementsEqual(theirs) } }
    guard !same else { return tops[p] == Self.notAnItem ? nil : p }
    guard let found = pins.ids.position(of: other.pins.ids[p]) else { return nil }
    return tops[found] == Self.notAnItem ? nil : found
  }

  /// Whether this index and `other` share their nodes: the same cluster records and member runs
  /// (one storage, so no change came between them), so that a node means the same pins in both.
  func sharesNodes(with other: borrowing ClusterIndex) -> Bool {
    clusters.count == other.clusters.count && members.count == other.members.count
      && clusters.withUnsafeBufferPointer { a in
        other.clusters.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
      }
      && members.withUnsafeBufferPointer { a in
        other.members.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress }
      }
  }

  /// ``holder(of:among:)`` for `pin`, the drawn pin of `node`, a node of the other result. When
  /// the two results' indexes share their nodes (`sameNodes`, ``sharesNodes(with:)``), only
  /// `node` itself and the clusters holding it are looked for: no pin is in two items of a
  /// result, so when `node` is one of `nodes` it is the holder (no walk); and a node of `nodes`
  /// inside a cluster `node` holds its own drawn pin, which `node` holds too, so the lookup the
  /// other way round (from that node's drawn pin) relates the two. Then `nil` may stand for "held by
  /// a node inside `node`". Where filters are judged by the drawn pins found (``FilterPair``), the
  /// pairs are the same too: a cluster's drawn pin is an item at every finer level, so a node inside
  /// the cluster that holds it is drawn at it, and both lookups see the same pin.
  @inline(__always)
  func holder(ofSeed pin: UInt32, of node: UInt32, among nodes: ItemNodes, sameNodes: Bool) -> (
    item: Int, node: UInt32
  )? {
    guard sameNodes && Self.isCluster(node) else { return holder(of: pin, among: nodes) }
    if let item = nodes.item(of: node) { return (item, node) }
    // The clusters holding `node` were formed at coarser levels (a pass makes one node per seed).
    return holder(of: pin, among: nodes, levelsBelow: Int(cluster(node).level))
  }

  /// The item (among a result's item nodes) holding `pin`, and its node holding it: the one with a node among the nodes
  /// holding it — its own clusters, then those of the seed that absorbed it (at and below the
  /// level of the absorption), and so on — walked only within the levels at which the result's
  /// clusters were formed (no other node can be one of them).
  func holder(of pin: UInt32, among nodes: ItemNodes) -> (item: Int, node: UInt32)? {
    if let item = nodes.item(of: pin) { return (item, pin) }
    return holder(of: pin, among: nodes, levelsBelow: nodes.finestLevel + 1)
  }

  /// The walk of ``holder(of:among:)`` past the pin itself, among the clusters formed at levels
  /// below `end`.
  private func holder(of pin: UInt32, among nodes: ItemNodes, levelsBelow end: Int) -> (
    item: Int, node: UInt32
  )? {
    var (seed, limit) = (pin, min(end - 1, nodes.finestLevel))
    while limit >= nodes.coarsestLevel {
      // The seed's chain runs from its coarsest cluster to finer ones; those up to `limit` hold it
      // (and none finer than the result's finest cluster can be one of its items, nor any coarser
      // than its coarsest: those are not looked up).
      var ref = heads[Int(seed)]
      while Self.isCluster(ref) {
        let c = cluster(ref)
        guard Int(c.level) <= limit else { break }
        if Int(c.level) >= nodes.coarsestLevel, let item = nodes.item(of: ref) { return (item, ref) }
        ref = c.up
      }
      let top = Int(tops[Int(seed)])
      guard top > 0, top != Int(Self.notAnItem) else { return nil }
      (seed, limit) = (absorbers[Int(seed)], min(top - 1, nodes.finestLevel))
    }
    return nil
  }
}

/// An index node an item of a result draws, and that item (an index into the result's items).
struct ItemNode {
  var node: UInt32
  var item: Int32
}

/// The index nodes a result's items draw (cluster nodes, merged parts, pins), each with its item:
/// in item order (``entries``) and in a small open-addressing table, both in one array.
struct ItemNodes {
  /// The table (a power-of-two count of slots, item -1 where empty), then the entries.
  private let storage: [ItemNode]
  private let mask: Int
  /// The lowest and highest levels at which one of the clusters was formed (`Int.max` and -1 when
  /// there is none).
  let coarsestLevel: Int
  let finestLevel: Int

  /// Every node with its item, in item order (indices from the slice's `startIndex`).
  var entries: ArraySlice<ItemNode> { storage[(mask + 1)...] }

  init(_ result: borrowing ClusterResult, index: borrowing ClusterIndex) {
    var (entryCount, size) = (0, 8)
    var (coarsest, finest) = (Int.max, -1)
    // The items' fields are read in place: a copy of an item would retain and release its
    // summary's storage. (Item indices fit: results hold far fewer than 2³¹ items.)
    storage = result.items.withUnsafeBufferPointer { resultItems in
      for k in resultItems.indices { entryCount += 1 + (resultItems[k].cluster?.mergedNodes.count ?? 0) }
      while size < 2 * entryCount { size *= 2 }
      return [ItemNode](uninitializedCapacity: size + entryCount) { storage, written in
        let table = UnsafeMutableBufferPointer(rebasing: storage[0..<size])
        table.initialize(repeating: ItemNode(node: 0, item: -1))
        written = size
        func add(_ node: UInt32, _ item: Int32) {
          storage.initializeElement(at: written, to: ItemNode(node: node, item: item))
          written += 1
        }
        for k in resultItems.indices {
          let item = Int32(truncatingIfNeeded: k)
          guard let node = resultItems[k].cluster?.node else {
            add(UInt32(truncatingIfNeeded: resultItems[k].position), item)  // a pin: its position
            continue
          }
          add(node, item)
          guard let parts = resultItems[k].cluster?.mergedNodes, !parts.isEmpty else { continue }
          for part in parts { add(part, item) }
        }
        for e in size..<(size + entryCount) {
          let entry = storage[e]
          if ClusterIndex.isCluster(entry.node) {
            let level = Int(index.cluster(entry.node).level)
            (coarsest, finest) = (min(coarsest, level), max(finest, level))
          }
          var slot = Self.hash(entry.node) & (size - 1)
          while table[slot].item >= 0 && table[slot].node != entry.node { slot = (slot + 1) & (size - 1) }
          table[slot] = entry
        }
      }
    }
    mask = size - 1
    (coarsestLevel, finestLevel) = (coarsest, finest)
  }

  @inline(__always)
  private static func hash(_ node: UInt32) -> Int {
    Int(truncatingIfNeeded: (UInt64(node) &* 0x9E37_79B9_7F4A_7C15) >> 40)
  }

  /// The item drawing `node`, or `nil`.
  @inline(__always)
  func item(of node: UInt32) -> Int? {
    var slot = Self.hash(node) & mask
    while storage[slot].item >= 0 {
      if storage[slot].node == node { return Int(storage[slot].item) }
      slot = (slot + 1) & mask
    }
    return nil
  }
}
