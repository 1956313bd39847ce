/// The groups of the items of two results joined by shared pins (union–find): old items are
/// numbered 0..<m, new items m..<m + n.
struct ItemGroups {
  private var parent: [Int]
  /// The number of old items.
  let oldCount: Int

  init(oldCount: Int, newCount: Int) {
    self.oldCount = oldCount
    parent = Array(0..<(oldCount + newCount))
  }

  /// The representative of the group of item `x` (old items 0..<m, new ones m + j).
  mutating func root(_ x: Int) -> Int {
    var x = x
    while parent[x] != x {
      parent[x] = parent[parent[x]]
      x = parent[x]
    }
    return x
  }

  /// Puts old item `i` and new item `j` in one group.
  mutating func join(old i: Int, new j: Int) {
    let (a, b) = (root(i), root(oldCount + j))
    if a != b { parent[max(a, b)] = min(a, b) }
  }

  /// Whether old item `i` and new item `j` are in one group.
  mutating func together(old i: Int, new j: Int) -> Bool { root(i) == root(oldCount + j) }
}
