/// The groups of the items of two results joined by shared pins (union–find): old items are
/// numbered 0..<m, new items m..<m + n.
///
/// Its table is one allocation, owned (the groups are not copyable): a transition makes one per
/// call, and an array's allocation, uniqueness checks and exclusivity checks cost more than the
/// union–find itself at a hundred items.
struct ItemGroups: ~Copyable {
  /// Per item, its parent in the forest (a root is its own parent).
  private let parent: UnsafeMutableBufferPointer<Int32>
  /// The number of old items.
  let oldCount: Int

  /// Each item in a group of its own. Results hold far fewer than 2³¹ items.
  init(oldCount: Int, newCount: Int) {
    self.oldCount = oldCount
    parent = .allocate(capacity: oldCount + newCount)
    for x in parent.indices { parent.initializeElement(at: x, to: Int32(truncatingIfNeeded: x)) }
  }

  deinit { parent.deallocate() }

  /// Puts old item `i` and new item `j` in one group.
  mutating func join(old i: Int, new j: Int) {
    union(i, oldCount + j)
  }

  /// Joins the old and new item of each pair.
  mutating func join(_ pairs: [(old: Int, new: Int)]) {
    for (i, j) in pairs { union(i, oldCount + j) }
  }

  /// The root of `x`, halving the path to it.
  @inline(__always)
  private func root(_ x: Int) -> Int {
    var x = x
    while Int(parent[x]) != x {
      parent[x] = parent[Int(parent[x])]
      x = Int(parent[x])
    }
    return x
  }

  /// Puts `a` and `b` in one tree (the smaller root becomes the root).
  @inline(__always)
  private func union(_ a: Int, _ b: Int) {
    let (ra, rb) = (root(a), root(b))
    if ra != rb { parent[max(ra, rb)] = Int32(truncatingIfNeeded: min(ra, rb)) }
  }

  /// Whether old item `i` and new item `j` are in one group.
  mutating func together(old i: Int, new j: Int) -> Bool { root(i) == root(oldCount + j) }

  /// Writes per item (old ones first, then new ones; `groupOf` holds one entry per item, old and
  /// new) the number of its group, and returns how many groups there are: groups numbered in the
  /// order of their first new item, then the groups of old items alone in the order of their first
  /// old item.
  mutating func numbered(into groupOf: UnsafeMutableBufferPointer<Int32>) -> Int {
    let total = parent.count
    precondition(groupOf.count == total, "one group number per item")
    var count = 0
    // Per root, its group number (-1: none yet).
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: total) { numberOfRoot in
      numberOfRoot.initialize(repeating: -1)
      // The new items first, then the old ones.
      let newCount = total - oldCount
      for k in 0..<total {
        let x = k < newCount ? oldCount + k : k - newCount
        let r = root(x)
        if numberOfRoot[r] < 0 {
          numberOfRoot[r] = Int32(truncatingIfNeeded: count)
          count += 1
        }
        groupOf[x] = numberOfRoot[r]
      }
    }
    return count
  }
}
