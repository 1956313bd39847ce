/// How the Morton keys of a part fill the quadtree cells of a depth, measured on the sorted keys
/// before the first greedy pass groups its items into cells: the pass chooses its cells' depth
/// from it (``HierarchyBuilder/build()``).
package enum CellSizes {
  /// Σ over the non-empty cells of `depth` (0 ... 31) of (keys in the cell)²: how many keys share
  /// an average key's cell, times the keys. `keys` are 62-bit Morton keys, ascending; a cell of
  /// depth D is a key's top 2·D bits.
  ///
  /// One pass with no branch per key: a cell of n keys adds 1 + 3 + … + (2n − 1) = n², the k-th
  /// key of its run (from 0) adding 2k + 1.
  package static func squaredSizes(sortedKeys keys: ArraySlice<UInt64>, depth: Int) -> Int {
    keys.withUnsafeBufferPointer { keys in
      guard !keys.isEmpty else { return 0 }
      let shift = UInt64(2 * (31 - depth))  // 0 ... 62: a masking shift is exact
      var cell = keys[0] &>> shift
      var start = 0
      var sum = 0
      for i in 1..<keys.count {
        let next = keys[i] &>> shift
        start = next == cell ? start : i
        cell = next
        sum &+= i &- start
      }
      return keys.count &+ 2 &* sum
    }
  }

  /// The coarsest depth from `depth` (0 ... 31) up to `levels` depths coarser whose cells hold at
  /// most `average` keys around an average key — Σ (keys in a cell)² ≤ average · keys —; `depth`
  /// itself when the next coarser one's hold more. (Weighted by key, not by cell: a few crowded
  /// cells among many lone keys count as crowded, as a pass scanning them finds them.)
  package static func coarsestDepth(
    sortedKeys keys: ArraySlice<UInt64>, from depth: Int, levels: Int, averageAtMost average: Int
  ) -> Int {
    let (most, overflow) = average.multipliedReportingOverflow(by: keys.count)
    var chosen = depth
    while chosen > max(depth - levels, 0) {
      guard overflow || squaredSizes(sortedKeys: keys, depth: chosen - 1) <= most else { break }
      chosen -= 1
    }
    return chosen
  }
}
