import PetSpotDatabase
import PetSpotGeo

/// One immutable state of the announcements table in memory: a ``MirrorBase`` (the rows as of the
/// last rebuild) and a small index over the rows changed or added since (the *delta*, which
/// overrides base rows with the same `seq`). Queries read both and merge.
///
/// Immutable and `Sendable`: requests read a snapshot while the follower builds the next.
final class MirrorSnapshot: Sendable {
  let base: MirrorBase
  /// Base positions whose row the delta replaces.
  let overridden: Set<Int>
  /// The changed or new rows in `seq` order and their index.
  let deltaRows: [AnnouncementRow]
  let delta: IndexedPins
  let deltaSpecies: [UInt32]
  /// Species that only delta rows have → code (after the base's codes).
  let newSpeciesCodes: [String: UInt32]
  /// Increases with every snapshot a follower publishes.
  let version: Int

  /// A snapshot of `base` with `deltaRows` (sorted by `seq`) beside it. - Complexity: O(d log n).
  init(base: MirrorBase, deltaRows: [AnnouncementRow], version: Int) {
    var extra: [String: UInt32] = [:]
    deltaSpecies = deltaRows.map { row in
      guard let name = row.species else { return 0 }
      let key = name.uppercased()
      if let known = base.speciesCodes[key] ?? extra[key] { return known }
      let new = UInt32(base.speciesCodes.count + extra.count + 1)
      extra[key] = new
      return new
    }
    newSpeciesCodes = extra
    self.base = base
    overridden = Set(deltaRows.compactMap { base.position(ofSeq: $0.seq) })
    self.deltaRows = deltaRows
    delta = IndexedPins(pins: MirrorBase.pinSet(deltaRows))
    self.version = version
  }

  /// The rows a query selects, nearest first (ties by `seq`), as the file mode's rule gives them.
  func rows(for query: AnnouncementsQuery) -> [AnnouncementRow] {
    let limit = query.limit
    var wantedSpecies: UInt32?
    if let species = query.species {
      let key = species.uppercased()
      guard let code = base.speciesCodes[key] ?? newSpeciesCodes[key] else { return [] }
      wantedSpecies = code
    }
    let since = query.sinceMicros
    func keeps(_ row: AnnouncementRow, species: UInt32) -> Bool {
      if let wantedSpecies, species != wantedSpecies { return false }
      if let since, row.updatedMicros <= since { return false }
      return true
    }
    let overridden = self.overridden
    let base = self.base
    let fromBase = base.index.within(metres: query.range, of: query.center, statuses: query.status, limit: limit) {
      p in !overridden.contains(p) && keeps(base.rows[p], species: base.species[p])
    }
    guard !deltaRows.isEmpty else { return fromBase.map { base.rows[$0.position] } }
    let fromDelta = delta.within(metres: query.range, of: query.center, statuses: query.status, limit: limit) { p in
      keeps(self.deltaRows[p], species: self.deltaSpecies[p])
    }
    var merged = fromBase.map { (metres: $0.metres, row: base.rows[$0.position]) }
    merged += fromDelta.map { (metres: $0.metres, row: deltaRows[$0.position]) }
    merged.sort { ($0.metres, $0.row.seq) < ($1.metres, $1.row.seq) }
    return merged.prefix(limit ?? merged.count).map(\.row)
  }
}
