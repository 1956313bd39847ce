/// The groups of the items of two results joined by shared pins (union–find): old items are
/// numbered 0..<m, new items m..<m + n.
struct ItemGroups {
  private var parent: [Int32]
  /// The number of old items.
  let oldCount: Int

  /// Each item in a group of its own. Results hold far fewer than 2³¹ items.
  init(oldCount: Int, newCount: Int) {
    self.oldCount = oldCount
    parent = [Int32](uninitializedCapacity: oldCount + newCount) { buffer, count in
      for x in buffer.indices { buffer.initializeElement(at: x, to: Int32(truncatingIfNeeded: x)) }
      count = buffer.count
    }
  }

  /// The representative of the group of item `x` (old items 0..<m, new ones m + j).
  mutating func root(_ x: Int) -> Int {
    parent.withUnsafeMutableBufferPointer { Self.root(x, in: $0) }
  }

  /// Puts old item `i` and new item `j` in one group.
  mutating func join(old i: Int, new j: Int) {
    let oldCount = oldCount
    parent.withUnsafeMutableBufferPointer { Self.union(i, oldCount + j, in: $0) }
  }

  /// Joins the old and new item of each pair (what ``join(old:new:)`` does for each, in one pass
  /// over the table).
  mutating func join(_ pairs: [(old: Int, new: Int)]) {
    let oldCount = oldCount
    parent.withUnsafeMutableBufferPointer { parent in
      for (i, j) in pairs { Self.union(i, oldCount + j, in: parent) }
    }
  }

  /// The root of `x` in the forest `parent`, halving the path to it.
  @inline(__always)
  private static func root(_ x: Int, in parent: UnsafeMutableBufferPointer<Int32>) -> Int {
    var x = x
    while Int(parent[x]) != x {
      parent[x] = parent[Int(parent[x])]
      x = Int(parent[x])
    }
    return x
  }

  /// Puts `a` and `b` in one tree of `parent` (the smaller root becomes the root).
  @inline(__always)
  private static func union(_ a: Int, _ b: Int, in parent: UnsafeMutableBufferPointer<Int32>) {
    let (ra, rb) = (root(a, in: parent), root(b, in: parent))
    if ra != rb { parent[max(ra, rb)] = Int32(truncatingIfNeeded: min(ra, rb)) }
  }

  /// Whether old item `i` and new item `j` are in one group.
  mutating func together(old i: Int, new j: Int) -> Bool { root(i) == root(oldCount + j) }

  /// Per item (old ones first, then new ones), the number of its group, and how many groups there
  /// are: groups numbered in the order of their first new item, then the groups of old items
  /// alone in the order of their first old item.
  mutating func numbered() -> (groupOf: [Int32], count: Int) {
    let total = parent.count
    var count = 0
    let groupOf = [Int32](uninitializedCapacity: total) { groupOf, initialized in
      // Per root, its group number (-1: none yet).
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: total) { numberOfRoot in
        numberOfRoot.initialize(repeating: -1)
        func place(_ x: Int) {
          let r = root(x)
          if numberOfRoot[r] < 0 {
            numberOfRoot[r] = Int32(truncatingIfNeeded: count)
            count += 1
          }
          groupOf.initializeElement(at: x, to: numberOfRoot[r])
        }
        for x in oldCount..<total { place(x) }
        for x in 0..<oldCount { place(x) }
      }
      initialized = total
    }
    return (groupOf, count)
  }
}
