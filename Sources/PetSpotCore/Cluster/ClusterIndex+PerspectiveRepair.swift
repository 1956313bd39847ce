/// Steps 2 and 3 of clustering under perspective (``ClusterIndex/perspectiveItems(in:)``): the
/// separation repaired on screen.
extension ClusterIndex {
  /// The items of the cut: coarse nodes merged greedily on screen (in the cut's order: a seed
  /// takes every later item closer than minSeparation), fine pins joining a seed within
  /// minSeparation, the rest spiderfied.
  ///
  /// Neighbours come from a uniform grid of minSeparation cells; what each seed takes is gathered
  /// into one buffer, grouped by seed (the merged clusters' node lists are slices of it).
  /// - Complexity: O(n · c) for n nodes in the cut and c nodes in the 3 × 3 cells around one.
  func repaired(_ cut: [CutNode], view: CameraView) -> [ClusterItem] {
    let d = options.minSeparation
    let viewport = (width: view.camera.width, height: view.camera.height)
    // Step 2: greedy merge of the coarse nodes (grid index g is coarse[g]) in the cut's order —
    // depth first through the hierarchy, children in Z order: deterministic, spatially coherent
    // and free (sorting the drawn pins by Morton key read their keys at random: a fifth of the
    // query).
    var coarse: [Int32] = []
    var fine: [Int32] = []
    coarse.reserveCapacity(cut.count)
    var grid = ScreenCellGrid(viewport: viewport, reach: d, capacity: cut.count)  // the coarse nodes
    for (node, cutNode) in cut.enumerated() {
      let index = Int32(truncatingIfNeeded: node)  // below cut.count, an array count
      if cutNode.isFine {
        fine.append(index)
      } else {
        coarse.append(index)
        grid.add(cutNode.point)
      }
    }
    // Per coarse node, the seed that took it (its own index for a seed); per seed its ordinal
    // among the seeds (a seed comes before the nodes it takes).
    let takenBy = grid.greedySeeds(closerThan: d)
    var ordinal = [Int32](repeating: -1, count: coarse.count)
    var seeds: [CutNode] = []
    var joins: [(seed: Int32, node: Int32)] = []
    seeds.reserveCapacity(coarse.count)
    joins.reserveCapacity(cut.count)
    for g in coarse.indices {
      if takenBy[g] == Int32(truncatingIfNeeded: g) {
        ordinal[g] = Int32(truncatingIfNeeded: seeds.count)  // below coarse.count
        seeds.append(cut[Int(coarse[g])])
      } else {
        joins.append((ordinal[Int(takenBy[g])], coarse[g]))
      }
    }
    // Step 3: fine pins near a cluster join it; the rest are spiderfied.
    var loose: [Int] = []
    for i in fine {
      let seed = grid.nearest(to: cut[Int(i)].point, within: d) { takenBy[$0] == Int32(truncatingIfNeeded: $0) }
      if let (g, _) = seed {
        joins.append((ordinal[g], i))
      } else {
        loose.append(Int(i))
      }
    }
    var spiderItems: [ClusterItem] = []
    if !loose.isEmpty {
      let seedNodes = coarse.indices.filter { takenBy[$0] == Int32(truncatingIfNeeded: $0) }.map { Int(coarse[$0]) }
      spiderItems = spiders(loose, of: cut, seeds: seedNodes, joins: &joins, view: view)
    }
    var items = items(of: seeds, joining: joins, cut: cut, spiders: spiderItems.count)
    items.append(contentsOf: spiderItems)
    return items
  }

  /// The loose fine pins spiderfied on screen as at maxZoom; a spider group whose layout comes
  /// closer than minSeparation to a seed (`seeds`: cut indices, in seed order) joins it (added to
  /// `joins`), the others give their items.
  private func spiders(
    _ loose: [Int], of cut: [CutNode], seeds: [Int], joins: inout [(seed: Int32, node: Int32)], view: CameraView
  ) -> [ClusterItem] {
    let d = options.minSeparation
    let points = cut.map(\.point)
    let seedGrid = ScreenGrid(points, indices: seeds)
    let seedOrdinals = Dictionary(uniqueKeysWithValues: seeds.enumerated().map { ($1, $0) })
    var groups = SpiderGroups(anchors: loose.map { points[$0] }, separation: d)
    groups.settle(width: view.camera.width, height: view.camera.height)
    var items: [ClusterItem] = []
    for group in groups.groups {
      if let seed = seedGrid.nearest(to: group.center, within: group.radius + d), let k = seedOrdinals[seed] {
        for member in group.members {
          joins.append((Int32(truncatingIfNeeded: k), Int32(truncatingIfNeeded: loose[member])))
        }
        continue
      }
      items += spiderLegs(group, pins: group.members.map { cut[loose[$0]] }, view: view)
    }
    return items
  }

  /// The seeds' items, each merged with the cut nodes joining it (`joins`: seed ordinal and cut
  /// index, in the order they joined), with room for `spiders` more. All joined nodes go into one
  /// buffer, grouped by seed, before any merged cluster takes its slice of it.
  private func items(
    of seeds: [CutNode], joining joins: [(seed: Int32, node: Int32)], cut: [CutNode], spiders: Int
  ) -> [ClusterItem] {
    // Counting sort of the joins by seed (stable): ends[k] is where seed k's nodes end.
    var ends = [Int](repeating: 0, count: seeds.count + 1)
    for join in joins { ends[Int(join.seed) + 1] += 1 }
    for k in seeds.indices { ends[k + 1] += ends[k] }
    var next = ends
    var nodes = [UInt32](repeating: 0, count: joins.count)
    for join in joins {
      nodes[next[Int(join.seed)]] = cut[Int(join.node)].ref
      next[Int(join.seed)] += 1
    }
    // Made in place (no copy of each item's summary).
    return [ClusterItem](uninitializedCapacity: seeds.count + spiders) { buffer, count in
      for (k, node) in seeds.enumerated() {
        let parts = ends[k]..<ends[k + 1]
        guard !parts.isEmpty else {
          (buffer.baseAddress! + k).initialize(to: item(node))
          continue
        }
        // A merged cluster drawn where the seed is, holding the seed's node (its pin when the
        // seed is drawn as a pin) and its parts.
        let own = isPin(node) ? node.pin : node.ref
        var summary = self.summary(own)
        for slot in parts { add(nodes[slot], to: &summary) }
        summary.mergedNodes = nodes[parts]
        (buffer.baseAddress! + k).initialize(
          to: ClusterItem(
            kind: .cluster, point: node.point, coordinate: pins.coordinate(at: Int(node.pin)), position: -1,
            anchor: node.point, cluster: summary, node: own))
      }
      count = seeds.count
    }
  }

  /// Whether a cut node is drawn as a pin: a pin, or under a filter a cluster holding one shown pin.
  @inline(__always)
  private func isPin(_ node: CutNode) -> Bool {
    !Self.isCluster(node.ref) || (activeFilter != nil && shownCount(node.ref) == 1)
  }

  /// The item of a cut node drawn on its own (under a filter, a cluster holding one shown pin is
  /// that pin).
  private func item(_ node: CutNode) -> ClusterItem {
    !isPin(node)
      ? ClusterItem(
        kind: .cluster, point: node.point, coordinate: pins.coordinate(at: Int(node.pin)),
        position: -1, anchor: node.point, cluster: summary(node.ref), node: node.ref)
      : ClusterItem(
        kind: .pin, point: node.point, coordinate: pins.coordinate(at: Int(node.pin)), position: Int(node.pin),
        anchor: node.point, cluster: nil, node: node.pin)
  }

  /// A spider group's items (a lone pin stays a pin; a stack is one cluster at its seed).
  private func spiderLegs(_ group: SpiderGroups.Group, pins nodes: [CutNode], view: CameraView) -> [ClusterItem] {
    guard nodes.count > 1, !group.isStack else {
      return [merged(item(nodes[0]), with: nodes.dropFirst().map { summary($0.ref) })]
    }
    let offsets = group.offsets(separation: options.minSeparation)
    return zip(nodes, offsets).map { node, offset in
      let point = ScreenPoint(x: group.center.x + offset.dx, y: group.center.y + offset.dy)
      let coordinate =
        view.mercatorPoint(at: point).flatMap { m in
          GeoCoordinate(
            latitude: WebMercator.latitude(y: m.y), longitude: Longitude.wrapped(WebMercator.longitude(x: m.x)))
        } ?? pins.coordinate(at: Int(node.ref))
      return ClusterItem(
        kind: .spider, point: point, coordinate: coordinate, position: Int(node.ref), anchor: node.point,
        cluster: nil, node: node.ref)
    }
  }
}
