/// Spider groups on screen: pins closer than the separation grouped greedily, groups merged until
/// their layouts keep the separation, then settled inside the viewport (``settle(width:height:)``).
struct SpiderGroups {
  struct Group {
    /// Indices into the anchors, ascending (Z order); the first is a seed of the greedy pass.
    var members: [Int]
    /// Where the layout is centred (a stack: where it is drawn), points.
    var center: ScreenPoint
    /// The layout's radius, points (0 for one member and for a stack).
    var radius: Double
    /// The groups of the greedy pass it was merged from, each a seed and the anchors it took;
    /// empty when it is one such group (``members``), the usual case: no allocation.
    var parts: [[Int]]
    /// Whether it is drawn as one marker at its seed's anchor: a *stack*, for a greedy group
    /// whose spider the viewport cannot hold (see ``SpiderGroups/settle(width:height:)``).
    var isStack = false
    /// Whether it is laid out compactly (``SpiderLayout/compactOffsets(count:separation:)``)
    /// because the viewport cannot hold its spiral.
    var isCompact = false

    /// Where its members go relative to ``center``, points, in the order of ``members``.
    func offsets(separation d: Double) -> [(dx: Double, dy: Double)] {
      isCompact
        ? SpiderLayout.compactOffsets(count: members.count, separation: d)
        : SpiderLayout.offsets(count: members.count, separation: d)
    }
  }

  let anchors: [ScreenPoint]
  let separation: Double
  private(set) var groups: [Group] = []

  /// Greedy grouping in Z order (the order of `anchors`): a seed takes every later untaken anchor
  /// closer than `separation`. Seeds are therefore `separation` apart.
  init(anchors: [ScreenPoint], separation d: Double) {
    self.anchors = anchors
    self.separation = d
    let byX = anchors.indices.sorted { anchors[$0].x < anchors[$1].x }
    var taken = [Bool](repeating: false, count: anchors.count)
    for i in anchors.indices where !taken[i] {
      taken[i] = true
      var members = [i]
      let p = anchors[i]
      var k = partitionPoint(in: byX.indices) { anchors[byX[$0]].x <= p.x - d }
      while k < byX.count, anchors[byX[k]].x < p.x + d {
        let j = byX[k]
        k += 1
        guard !taken[j] else { continue }
        let dx = anchors[j].x - p.x
        let dy = anchors[j].y - p.y
        if dx * dx + dy * dy < d * d {
          taken[j] = true
          members.append(j)
        }
      }
      groups.append(makeGroup(members.sorted(), parts: []))
    }
  }

  private func makeGroup(_ members: [Int], parts: [[Int]]) -> Group {
    guard members.count > 1 else {
      return Group(members: members, center: anchors[members[0]], radius: 0, parts: parts)
    }
    var x = 0.0
    var y = 0.0
    for m in members {
      x += anchors[m].x
      y += anchors[m].y
    }
    let n = Double(members.count)
    return Group(
      members: members, center: ScreenPoint(x: x / n, y: y / n),
      radius: SpiderLayout.radius(count: members.count, separation: separation), parts: parts)
  }

  /// Whether two groups' layouts keep the separation between every pair of their items.
  private func apart(_ a: Group, _ b: Group) -> Bool {
    let dx = a.center.x - b.center.x
    let dy = a.center.y - b.center.y
    let need = a.radius + b.radius + separation
    return dx * dx + dy * dy >= need * need
  }

  /// Whether a group is a spider (laid out around its centre, not a lone pin or a stack).
  private func isSpider(_ g: Group) -> Bool { g.members.count > 1 && !g.isStack }

  /// Merges groups whose layouts come too close, until none do.
  mutating func mergeOverlapping() {
    var changed = true
    while changed {
      changed = false
      let largest = groups.map(\.radius).max() ?? 0
      let byX = groups.indices.sorted { groups[$0].center.x < groups[$1].center.x }
      var absorbed = [Bool](repeating: false, count: groups.count)
      var next: [Group] = []
      for (k, i) in byX.enumerated() where !absorbed[i] {
        var group = groups[i]
        var members = group.members
        var absorbedParts: [[Int]] = []
        for j in byX[(k + 1)...] {
          if groups[j].center.x - group.center.x >= group.radius + largest + separation { break }
          // Lone pins are seeds of the greedy pass: d apart already.
          guard !absorbed[j], groups[j].members.count > 1 || group.members.count > 1, !apart(group, groups[j]) else {
            continue
          }
          absorbed[j] = true
          members += groups[j].members
          absorbedParts += groups[j].parts.isEmpty ? [groups[j].members] : groups[j].parts
          changed = true
        }
        if !absorbedParts.isEmpty {
          group = makeGroup(
            members.sorted(), parts: (group.parts.isEmpty ? [group.members] : group.parts) + absorbedParts)
        }
        next.append(group)
      }
      groups = next.sorted { $0.members[0] < $1.members[0] }
    }
  }

  /// Groups merged (``mergeOverlapping()``), then every spider kept inside the viewport with a
  /// margin of half the separation, so that its markers are drawn whole: a spider reaching past
  /// an edge slides inside; one whose spiral is too wide for the viewport is re-laid on the
  /// compact hexagonal layout when that fits. A spider the viewport cannot hold even so (its
  /// layout's diameter plus the separation exceeds the width or the height), or whose slide
  /// would bring it closer than the
  /// separation to another group, is taken apart into *stacks*: each greedy group it was merged
  /// from becomes one marker at its seed's anchor — a visible pin, so in view — with its pins
  /// within the separation of it. Seeds are the separation apart, so stacks and lone pins keep
  /// it; a spider a stack comes too close to is taken apart in turn, until every group keeps it.
  mutating func settle(width: Double, height: Double) {
    mergeOverlapping()
    let margin = separation / 2
    // Groups that may come too close to another: first the spiders that slid (merged groups were
    // apart before), then the stacks just made.
    var fresh = [Bool](repeating: false, count: groups.count)
    var takeApart = [Bool](repeating: false, count: groups.count)
    for i in groups.indices where isSpider(groups[i]) {
      if 2 * (groups[i].radius + margin) > min(width, height) {
        // Re-laid compactly when that fits (a smaller disk: it stays apart from the others).
        let compact = SpiderLayout.compactRadius(count: groups[i].members.count, separation: separation)
        if compact < groups[i].radius {
          groups[i].radius = compact
          groups[i].isCompact = true
        }
      }
      let g = groups[i]
      let reach = g.radius + margin
      guard 2 * reach <= width, 2 * reach <= height else {
        takeApart[i] = true
        continue
      }
      let x = min(max(g.center.x, reach), width - reach)
      let y = min(max(g.center.y, reach), height - reach)
      guard x != g.center.x || y != g.center.y else { continue }
      groups[i].center = ScreenPoint(x: x, y: y)
      fresh[i] = true
    }
    while true {
      for i in groups.indices where fresh[i] && !takeApart[i] {
        for j in groups.indices where j != i && !takeApart[j] && !apart(groups[i], groups[j]) {
          // A spider gives way to a stack, a lone pin or an unmoved spider; a stack never has to.
          if isSpider(groups[i]) && (!isSpider(groups[j]) || !fresh[j]) {
            takeApart[i] = true
          } else if isSpider(groups[j]) {
            takeApart[j] = true
          }
          if takeApart[i] { break }
        }
      }
      guard takeApart.contains(true) else { return }
      var next: [(group: Group, fresh: Bool)] = []
      for (i, g) in groups.enumerated() {
        guard takeApart[i] else {
          next.append((g, false))
          continue
        }
        for part in g.parts.isEmpty ? [g.members] : g.parts {
          let stack = Group(members: part, center: anchors[part[0]], radius: 0, parts: [], isStack: part.count > 1)
          next.append((stack, true))
        }
      }
      next.sort { $0.group.members[0] < $1.group.members[0] }
      groups = next.map(\.group)
      fresh = next.map(\.fresh)
      takeApart = [Bool](repeating: false, count: groups.count)
    }
  }
}
