extension MortonList {
  /// Whether every lower bound the list keeps — per block, chunk and group of chunks — is at most
  /// the lowest top among the pins it covers (what lets a search skip them) — and there is one
  /// bound per group of chunks (a split that adds a group adds its bound) — and each block's
  /// first key is its first pin's (what a search finds cells by).
  func boundsHold(tops: [UInt8], keys: MortonKeys) -> Bool {
    guard groupTops.count == (chunks.count + Self.groupSize - 1) / Self.groupSize else { return false }
    for (c, chunk) in chunks.enumerated() {
      let firsts = stride(from: 0, to: chunk.count, by: Self.blockSize).map { keys[Int(chunk[$0])] }
      guard blockKeys[c] == firsts else { return false }
      let lowest = chunk.map { tops[Int($0)] }.min() ?? .max
      if lowestTops[c] > lowest || groupTops[c / Self.groupSize] > lowest { return false }
      for (b, bound) in blockTops[c].enumerated() {
        let block = chunk[(b * Self.blockSize)..<min((b + 1) * Self.blockSize, chunk.count)]
        if bound > block.map({ tops[Int($0)] }).min() ?? .max { return false }
      }
    }
    return true
  }
}

extension ClusterIndex {
  /// Test support: a Z-ordered list over some of `pins` (all on the map) goes through
  /// `operations` random changes — a pin's top lowered (as a repair makes a seed), raised and its
  /// chunk refreshed, a pin removed or put in (chunks split) — and after each one its bounds are
  /// checked and one random search ("the pins of top ≤ t within r of p") is compared with every pin
  /// tested in turn, and so is the same search limited to keys from or up to one of its pins' and
  /// stopped after a few (those first in Z order). One pin in `lowTopOneIn` starts as an item of a
  /// coarser level (the others of the finest only). Returns a description of each difference
  /// (empty when there is none).
  package static func zOrderListMismatches(
    pins: PinSet, operations: Int, seed: UInt64, lowTopOneIn: UInt64 = 3000
  ) -> [String] {
    let keys = MortonKeys(pins)
    let (xs, ys) = (pins.mercatorX, pins.mercatorY)
    var random = SplitMix64(seed: seed)
    let lowestLevel: UInt8 = 12
    // Mostly pins that are items of the finest level only: whole chunks and groups without a seed.
    var tops = (0..<pins.count).map { _ in random.next() % lowTopOneIn == 0 ? UInt8(random.next() % 12) : lowestLevel }
    // The pins of odd positions and a quarter of the others to start with; the rest are put in by
    // the changes (where they are dense, chunks split).
    var present = (0..<pins.count).map { $0 % 2 == 1 || $0 % 8 == 0 }
    var absent = (0..<UInt32(pins.count)).filter { !present[Int($0)] }
    let sorted = (0..<UInt32(pins.count)).filter { present[Int($0)] }.sorted { keys.precedes(Int($0), Int($1)) }
    var list = MortonList(sorted: sorted, keys: keys, sortedTops: sorted.map { tops[Int($0)] })
    var problems: [String] = []
    var lowered: [UInt32] = []
    for step in 0..<operations where problems.count < 8 {
      // (Half the time a pin lowered before: raised again, or lowered further.)
      var pin = UInt32(random.next() % UInt64(pins.count))
      if let low = lowered.popLast(), random.next() % 2 == 0 { pin = low }
      switch random.next() % 6 {
      case 0 where present[Int(pin)] && tops[Int(pin)] > 0:
        tops[Int(pin)] = UInt8(random.next() % UInt64(tops[Int(pin)]))
        list.lowered(pin, to: tops[Int(pin)], keys: keys)
        lowered.append(pin)
      case 1 where present[Int(pin)], 4 where present[Int(pin)]:
        tops[Int(pin)] = lowestLevel
        list.refresh(around: pin, keys: keys, tops: tops)
      case 2 where present[Int(pin)]:
        present[Int(pin)] = false
        absent.append(pin)
        list.remove(pin, keys: keys, tops: tops)
      case 3 where !absent.isEmpty, 5 where !absent.isEmpty:
        pin = absent.remove(at: Int(random.next() % UInt64(absent.count)))
        present[Int(pin)] = true
        list.insert(pin, keys: keys, tops: tops)
      default:
        continue
      }
      if !list.boundsHold(tops: tops, keys: keys) {
        problems.append("step \(step): a bound missing or above the tops it covers, or a block's first key wrong")
      }
      let near = Int(random.next() % UInt64(pins.count))
      let center = MercatorPoint(x: xs[near] + random.uniform(-1e-3...1e-3), y: ys[near])
      let radius = random.logUniform(1e-6...0.3)
      let maxTop = UInt8(random.next() % 13)
      var found: [UInt32] = []
      list.forEach(near: center, radius: radius, maxTop: maxTop, tops: tops, xs: xs, ys: ys) {
        found.append($0)
      }
      let wanted = (0..<UInt32(pins.count)).filter { p in
        let dx = WorldCopy.distance(nearby: xs[Int(p)] - center.x)
        let dy = ys[Int(p)] - center.y
        return present[Int(p)] && tops[Int(p)] <= maxTop && dx * dx + dy * dy < radius * radius
      }
      if found.sorted() != wanted {
        problems.append(
          "step \(step): \(found.count) found, \(wanted.count) wanted (radius \(radius), top ≤ \(maxTop))")
      }
      // The same search limited to the keys from or up to a wanted pin's (the repair's "after x"
      // and "before j"), stopped after `limit` pins: the first of those wanted, in Z order.
      guard let bound = wanted.randomElement(using: &random).map({ keys[Int($0)] }) else { continue }
      let keyRange = random.next() % 2 == 0 ? bound..<UInt64.max : 0..<(bound + 1)
      let limit = 1 + Int(random.next() % 4)
      var first: [UInt32] = []
      list.search(near: center, radius: radius, maxTop: maxTop, keys: keyRange, tops: tops, xs: xs, ys: ys) {
        first.append($0)
        return first.count < limit
      }
      let firstWanted = wanted.filter { keyRange.contains(keys[Int($0)]) }.sorted { keys.precedes(Int($0), Int($1)) }
      if first != Array(firstWanted.prefix(limit)) {
        problems.append(
          "step \(step): the first \(limit) in keys \(keyRange): \(first), wanted \(firstWanted.prefix(limit))")
      }
    }
    return problems
  }
}
