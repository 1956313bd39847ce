import PetSpotDatabase
import PetSpotGeo

/// One immutable state of the announcements table in memory: a ``MirrorBase`` (the rows as of the
/// last rebuild) and a small base of the rows changed or added since (the *delta*, whose rows
/// override base rows with the same `seq`). Queries read both and merge.
///
/// Immutable and `Sendable`: requests read a snapshot while the follower builds the next.
final class MirrorSnapshot: Sendable {
  let base: MirrorBase
  /// The changed or new rows, in `seq` order.
  let delta: MirrorBase
  /// One bit per base position: set when the delta replaces that row. Empty when nothing does.
  private let overridden: [UInt64]
  /// Increases with every snapshot a follower publishes.
  let version: Int

  /// A snapshot of `base` with `deltaRows` (sorted by `seq`) beside it. - Complexity: O(d log n),
  /// plus O(n / 64) to mark the replaced rows when there are any.
  init(base: MirrorBase, deltaRows: [AnnouncementRow], version: Int) {
    self.base = base
    delta = MirrorBase(rows: deltaRows)
    let replaced = deltaRows.compactMap { base.position(ofSeq: $0.seq) }
    var bits: [UInt64] = replaced.isEmpty ? [] : Array(repeating: 0, count: (base.count + 63) / 64)
    for p in replaced { bits[p / 64] |= 1 << UInt64(p % 64) }
    overridden = bits
    self.version = version
  }

  /// The JSON array a query answers: the rows it selects, nearest first (ties by `seq`), by the
  /// file mode's rule.
  func answer(_ query: AnnouncementsQuery) -> [UInt8] {
    let fromDelta = delta.count == 0 ? [] : matches(of: query, in: delta, skipping: [])
    if fromDelta.isEmpty {
      // Only the base answers: its order is all that is needed, not its distances.
      guard case .rows(let include) = rowFilter(of: query, in: base, skipping: overridden) else {
        return base.json.array([])
      }
      let positions = base.index.positions(
        withinMetres: query.range, of: query.center, statuses: query.status, limit: query.limit, where: include)
      return base.json.array(positions)
    }
    let fromBase = matches(of: query, in: base, skipping: overridden)
    var merged = fromBase.map {
      (metres: $0.metres, seq: base.seqs[$0.position], position: $0.position, isBase: true)
    }
    merged += fromDelta.map {
      (metres: $0.metres, seq: delta.seqs[$0.position], position: $0.position, isBase: false)
    }
    merged.sort { ($0.metres, $0.seq) < ($1.metres, $1.seq) }
    let kept = merged.prefix(query.limit ?? merged.count)
    var out: [UInt8] = [UInt8(ascii: "[")]
    out.reserveCapacity(base.json.bytes.count / max(base.count, 1) * kept.count + 2)
    for match in kept { (match.isBase ? base : delta).json.appendElement(match.position, to: &out) }
    out.append(UInt8(ascii: "]"))
    return out
  }

  /// The matches of `query` among `source`'s rows, leaving out the positions set in `skipped`.
  private func matches(of query: AnnouncementsQuery, in source: MirrorBase, skipping skipped: [UInt64])
    -> [IndexedPins.Match]
  {
    guard case .rows(let include) = rowFilter(of: query, in: source, skipping: skipped) else { return [] }
    return source.index.within(
      metres: query.range, of: query.center, statuses: query.status, limit: query.limit, where: include)
  }

  /// Which of `source`'s rows `query`'s species and `since` keep, leaving out the positions set in
  /// `skipped`.
  private func rowFilter(of query: AnnouncementsQuery, in source: MirrorBase, skipping skipped: [UInt64])
    -> RowFilter
  {
    var wantedSpecies: UInt32?
    if let species = query.species {
      // Codes differ between bases: look the name up in this one's column.
      guard let code = source.species.code(of: species.uppercased()) else { return .nothing }
      wantedSpecies = code
    }
    let since = query.sinceMicros
    var include: ((Int) -> Bool)?
    if wantedSpecies != nil || since != nil || !skipped.isEmpty {
      include = { p in
        if !skipped.isEmpty, skipped[p / 64] & (1 << UInt64(p % 64)) != 0 { return false }
        if let wantedSpecies, source.species.code(at: p) != wantedSpecies { return false }
        if let since, source.updatedMicros[p] <= since { return false }
        return true
      }
    }
    return .rows(include)
  }

  /// What a query keeps of a base: no row (a species this base has never seen), or the rows a
  /// predicate keeps (`nil`: every row).
  private enum RowFilter {
    case nothing
    case rows(((Int) -> Bool)?)
  }
}
