extension ClusterIndex {
  /// The value of aggregate `k` (an index into ``ClusterOptions/aggregates``) for an item: over a
  /// cluster's leaves (also a cluster a query merged, and a stack; under a filter, its shown
  /// leaves), else the pin's own value.
  /// - Precondition: `k` is in `options.aggregates.indices`.
  public func aggregate(_ k: Int, of item: ClusterItem) -> AggregateValue {
    if let cluster = item.cluster { return aggregate(k, of: cluster) }
    return aggregate(k, over: CollectionOfOne(UInt32(item.position)))
  }

  /// The value of aggregate `k` over a cluster's leaves.
  public func aggregate(_ k: Int, of cluster: ClusterSummary) -> AggregateValue {
    aggregate(k, over: CollectionOfOne(cluster.node).lazy + cluster.mergedNodes)
  }

  /// The value of aggregate `k` for the pin at `position` alone.
  public func aggregate(_ k: Int, ofPin position: Int) -> AggregateValue {
    aggregate(k, over: CollectionOfOne(UInt32(position)))
  }

  /// Aggregate `k` combined over index nodes (pins or clusters).
  private func aggregate(_ k: Int, over nodes: some Sequence<UInt32>) -> AggregateValue {
    precondition(options.aggregates.indices.contains(k), "no aggregate \(k)")
    let slot = aggregateTable.slots[k]
    let column = pins.properties[slot.column]
    if slot.aggregate.kind == .counts {
      var counts = [Int](repeating: 0, count: column.values.count)
      for node in nodes {
        if Self.isCluster(node), let filter = activeFilter, let runs = categoryRuns {
          let d = runs.columns.firstIndex(of: slot.column)!  // every counts aggregate is a dimension
          let full = filter.full
          for i in full.run(Int(node & ~Self.clusterFlag)) where full.shown[Int(full.categories[i])] {
            let code = runs.code(ofCategory: full.categories[i], dimension: d)
            if code != 0 { counts[Int(code) - 1] += Int(full.counts[i]) }
          }
        } else if Self.isCluster(node) {
          let base = Int(node & ~Self.clusterFlag) * slot.stride
          for v in counts.indices { counts[v] += Int(slot.values[base + v]) }
        } else if column.code(at: Int(node)) != 0 {
          counts[Int(column.code(at: Int(node))) - 1] += 1
        }
      }
      return .counts(
        slot.valueOrder.lazy.filter { counts[$0] > 0 }.map {
          CategoryCount(value: column.values[$0], count: counts[$0])
        })
    }
    var best: UInt32 = 0
    for node in nodes {
      if Self.isCluster(node), let filter = activeFilter {
        let (e, width, full) = (filter.extremeSlots.firstIndex(of: k)!, filter.extremeSlots.count, filter.full)
        for i in full.run(Int(node & ~Self.clusterFlag)) where full.shown[Int(full.categories[i])] {
          let code = full.extremes[i * width + e]
          if slot.beats(code, best, texts: column.values) { best = code }
        }
        continue
      }
      let code = Self.isCluster(node) ? slot.values[Int(node & ~Self.clusterFlag)] : column.code(at: Int(node))
      if slot.beats(code, best, texts: column.values) { best = code }
    }
    let text = best == 0 ? nil : column.values[Int(best) - 1]
    return slot.order == .date ? .date(text) : .number(text.flatMap(OrderedValue.number))
  }

  /// Sets property `name` of the pin at `position` (`nil` or "" for none) and brings the
  /// aggregates of the clusters holding it up to date, without a rebuild. A property no aggregate
  /// uses is just stored in ``pins``.
  /// - Throws: ``InvalidInput`` (field `aggregate`) when the value does not suit an aggregate over
  ///   the property (a text where min/max needs a number or date, a 257th value for counts);
  ///   nothing changes.
  /// - Precondition: a live position.
  /// - Complexity: O(levels²) plus the aggregates' widths.
  public mutating func setProperty(_ name: String, to value: String?, at position: Int) throws(InvalidInput) {
    precondition(position >= 0 && position < pins.count && !pins.isRetired(position), "no pin at position \(position)")
    let column = pins.properties.firstIndex { $0.name == name }
    let slots = aggregateTable.slots.indices.filter { aggregateTable.slots[$0].column == column }
    if let column, let value, !value.isEmpty, pins.properties[column].code(of: value) == nil {
      let distinct = pins.properties[column].values.count + 1
      for s in slots where !aggregateTable.slots[s].accepts(value, distinct: distinct) {
        var slot = aggregateTable.slots[s]
        try slot.admit(pins.properties[column].values + [value])  // throws the explanation
      }
    }
    let filter = suspendFilter()
    defer { resumeFilter(filter) }
    // A hierarchy over one value of this property: the pin leaves it first, and enters it again
    // after when it has that value.
    let pin = UInt32(position)
    let scoped = { (index: ClusterIndex) in column != nil && index.scope.value?.column == column }
    let leave = { (index: inout ClusterIndex) in if scoped(index) { index.leave(pin) } }
    leave(&self)
    updateSideHierarchies(leave)
    pins.setProperty(name, to: value, at: position)
    let update = { (index: inout ClusterIndex) in
      index.propertyChanged(at: pin, slots: slots, column: column)
      if scoped(index) { index.enter(pin) }
    }
    update(&self)
    updateSideHierarchies(update)
  }

  /// Brings a pin's category and the aggregates `slots` (over property `column`) of the clusters
  /// holding it up to date after its property changed in ``pins``.
  private mutating func propertyChanged(at pin: UInt32, slots: [Int], column: Int?) {
    updateCategory(ofPin: pin)
    guard !slots.isEmpty, let column else { return }
    for s in slots { try! aggregateTable.slots[s].admit(pins.properties[column].values) }  // checked by the caller
    for number in clustersHolding(pin) where !updateAggregates(of: number) { break }
  }

  /// The clusters holding a pin, finest first (none when it is not on the map).
  func clustersHolding(_ pin: UInt32) -> [UInt32] {
    guard tops[Int(pin)] != Self.notAnItem else { return [] }
    var holders: [UInt32] = []
    var seed = pin
    for level in stride(from: options.maxZoom - 1, through: 0, by: -1) {
      if Int(tops[Int(seed)]) > level { seed = absorbers[Int(seed)] }  // taken at this level
      if let number = clusterNumber(of: seed, at: level) { holders.append(number) }
    }
    return holders
  }

  /// Fills every cluster's aggregates from its children, finest level first (after a build).
  /// The category runs too, when this hierarchy keeps them (``keepsCategoryRuns``).
  mutating func computeAllAggregates() {
    guard !aggregateTable.isEmpty || keepsCategoryRuns else { return }
    aggregateTable.ensureRows(clusters.count)
    let order = clustersFinestFirst()
    for s in aggregateTable.slots.indices {
      let column = pins.properties[aggregateTable.slots[s].column]
      aggregateTable.slots[s].fillAll(order: order, clusters: clusters, members: members, heads: heads, column: column)
    }
    if keepsCategoryRuns { computeAllCategoryRuns(order: order) }
  }

  /// A cluster's children as its seed's and members' nodes one level up, not their heads: during
  /// a repair the heads of pins taken at this level are brought up to date only when the levels
  /// below are (``recluster(_:)``).
  func childNodes(of c: Cluster) -> [UInt32] {
    var children: [UInt32] = [c.up]
    forEachMember(of: c) { children.append(node(of: $0, above: Int(c.level))) }
    return children
  }

  /// The live cluster numbers, finest level first (children before their parents): a counting sort.
  func clustersFinestFirst() -> [UInt32] {
    var starts = [Int](repeating: 0, count: options.maxZoom + 1)
    for c in clusters where c.level != Self.notAnItem { starts[options.maxZoom - 1 - Int(c.level) + 1] += 1 }
    for k in 1..<starts.count { starts[k] += starts[k - 1] }
    var order = [UInt32](repeating: 0, count: starts.last!)
    for (number, c) in clusters.enumerated() where c.level != Self.notAnItem {
      let slot = options.maxZoom - 1 - Int(c.level)
      order[starts[slot]] = UInt32(number)
      starts[slot] += 1
    }
    return order
  }

  /// Sets one cluster's aggregates (and category run) from its children's; returns whether any
  /// changed.
  @discardableResult
  mutating func updateAggregates(of number: UInt32) -> Bool {
    guard !aggregateTable.isEmpty || categoryRuns != nil else { return false }
    aggregateTable.ensureRows(clusters.count)
    let children = childNodes(of: clusters[Int(number)])
    var changed = false
    for s in aggregateTable.slots.indices {
      let column = pins.properties[aggregateTable.slots[s].column]
      if aggregateTable.slots[s].recompute(row: Int(number), children: children, column: column) { changed = true }
    }
    if updateCategoryRun(of: number, children: children) { changed = true }
    return changed
  }
}
