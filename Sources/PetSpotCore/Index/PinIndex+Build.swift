extension PinIndex {
  /// Builds the index over `pins`.
  ///
  /// Steps: quantise each pin to 31 bits per axis and interleave them into a 62-bit Morton key;
  /// radix-sort the keys; split runs top-down into quadrants (each quadrant is a contiguous run of
  /// keys, found by binary search on the key's bit pair for that level) until a run holds at most
  /// ``leafCapacity`` pins or the depth limit is reached. From 65,536 pins the sort's digit passes
  /// run on two threads (the caller's and one of Dispatch's).
  /// - Complexity: O(n) for the sort, O(n) for the tree.
  public init(pins: PinSet) {
    let (keys, order) = MortonKey.sorted(pins, twoCores: true)
    points = order.map { MercatorPoint(x: pins.mercatorX[Int($0)], y: pins.mercatorY[Int($0)]) }
    positions = order
    pinSetCount = pins.count
    var builder = NodeBuilder()
    builder.build(keys: keys)
    nodes = builder.nodes
  }
}

/// Builds the node arrays top-down over sorted Morton keys.
private struct NodeBuilder {
  var nodes: [PinIndex.Node] = []

  mutating func build(keys: [UInt64]) {
    append(start: 0, count: keys.count)
    // (node, level) pairs still to split.
    var pending: [(node: Int, level: Int)] = [(0, 0)]
    keys.withUnsafeBufferPointer { k in
      while let (node, level) = pending.popLast() {
        let s = Int(nodes[node].start)
        let n = Int(nodes[node].count)
        guard n > PinIndex.leafCapacity, level < PinIndex.maxDepth else { continue }
        let shift = UInt64(2 * (PinIndex.maxDepth - 1 - level))
        let first = nodes.count
        nodes[node].firstChild = Int32(first)
        var lower = s
        for quadrant in 0..<4 {
          // The run of keys whose bit pair at this level is ≤ quadrant ends at `upper`.
          let upper = partitionPoint(in: lower..<(s + n)) { (k[$0] >> shift) & 3 <= UInt64(quadrant) }
          append(start: lower, count: upper - lower)
          pending.append((first + quadrant, level + 1))
          lower = upper
        }
      }
    }
  }

  private mutating func append(start s: Int, count n: Int) {
    nodes.append(PinIndex.Node(start: UInt32(s), count: UInt32(n), firstChild: -1))
  }
}
