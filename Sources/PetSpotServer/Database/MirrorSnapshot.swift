import PetSpotDatabase
import PetSpotGeo

/// One immutable state of the announcements table in memory: a spatial index over the rows as of
/// the last rebuild (the *base*) and a small index over the rows changed or added since (the
/// *delta*, which overrides base rows with the same id). Queries read both and merge.
///
/// Immutable and `Sendable`: requests read a snapshot while the follower builds the next.
final class MirrorSnapshot: Sendable {
  /// The base rows in `seq` order and their index (positions are row numbers).
  let baseRows: [AnnouncementRow]
  let base: IndexedPins
  let baseSpecies: [UInt32]
  /// Base positions whose row the delta replaces.
  let overridden: Set<Int>
  /// The changed or new rows in `seq` order and their index.
  let deltaRows: [AnnouncementRow]
  let delta: IndexedPins
  let deltaSpecies: [UInt32]
  /// Upper-cased species → code (0: none).
  let speciesCodes: [String: UInt32]
  /// Increases with every snapshot a follower publishes.
  let version: Int

  /// Builds a snapshot; `baseRows` and `deltaRows` must each be sorted by `seq`.
  init(baseRows: [AnnouncementRow], base: IndexedPins?, deltaRows: [AnnouncementRow], version: Int) {
    var codes: [String: UInt32] = [:]
    func code(_ species: String?) -> UInt32 {
      guard let species else { return 0 }
      let key = species.uppercased()
      if let known = codes[key] { return known }
      let new = UInt32(codes.count + 1)
      codes[key] = new
      return new
    }
    self.baseRows = baseRows
    self.base = base ?? IndexedPins(pins: Self.pinSet(baseRows))
    baseSpecies = baseRows.map { code($0.species) }
    deltaSpecies = deltaRows.map { code($0.species) }
    speciesCodes = codes
    overridden = Set(deltaRows.compactMap { Self.position(ofSeq: $0.seq, in: baseRows) })
    self.deltaRows = deltaRows
    delta = IndexedPins(pins: Self.pinSet(deltaRows))
    self.version = version
  }

  /// The position of the row with `seq` in rows sorted by `seq`, or `nil`. - Complexity: O(log n).
  static func position(ofSeq seq: Int64, in rows: [AnnouncementRow]) -> Int? {
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid].seq < seq { low = mid + 1 } else { high = mid }
    }
    return low < rows.count && rows[low].seq == seq ? low : nil
  }

  /// The base rows with the changed ones applied (a row keeps its `seq` when it changes, so it
  /// replaces its old version in place; new rows follow in `seq` order).
  func merged(with changed: [AnnouncementRow]) -> [AnnouncementRow] {
    var rows = baseRows
    var added: [AnnouncementRow] = []
    for row in changed {
      if let p = Self.position(ofSeq: row.seq, in: rows) { rows[p] = row } else { added.append(row) }
    }
    added.sort { $0.seq < $1.seq }
    if let first = added.first, let last = rows.last, first.seq < last.seq {
      rows += added
      rows.sort { $0.seq < $1.seq }
    } else {
      rows += added
    }
    return rows
  }

  /// The rows as a pin set (ids, coordinates, statuses), in the given order.
  static func pinSet(_ rows: [AnnouncementRow]) -> PinSet {
    var pins = PinSet()
    pins.reserveCapacity(rows.count)
    for (i, row) in rows.enumerated() {
      // Ids are unique (the table's primary key) and coordinates checked by the table: no rejection.
      try? pins.append(
        id: row.id, latitude: row.latitude, longitude: row.longitude,
        status: row.status.flatMap { PinStatus(normalizing: $0) }, sourceRow: i)
    }
    return pins
  }

  /// The rows a query selects, nearest first (ties by `seq`), as the file mode's rule gives them.
  func rows(for query: AnnouncementsQuery) -> [AnnouncementRow] {
    let limit = query.limit
    var wantedSpecies: UInt32?
    if let species = query.species {
      guard let code = speciesCodes[species.uppercased()] else { return [] }
      wantedSpecies = code
    }
    let since = query.sinceMicros
    func keeps(_ row: AnnouncementRow, species: UInt32) -> Bool {
      if let wantedSpecies, species != wantedSpecies { return false }
      if let since, row.updatedMicros <= since { return false }
      return true
    }
    let overridden = self.overridden
    let fromBase = base.within(metres: query.range, of: query.center, statuses: query.status, limit: limit) { p in
      !overridden.contains(p) && keeps(self.baseRows[p], species: self.baseSpecies[p])
    }
    guard !deltaRows.isEmpty else { return fromBase.map { baseRows[$0.position] } }
    let fromDelta = delta.within(metres: query.range, of: query.center, statuses: query.status, limit: limit) { p in
      keeps(self.deltaRows[p], species: self.deltaSpecies[p])
    }
    var merged = fromBase.map { (metres: $0.metres, row: baseRows[$0.position]) }
    merged += fromDelta.map { (metres: $0.metres, row: deltaRows[$0.position]) }
    merged.sort { ($0.metres, $0.row.seq) < ($1.metres, $1.row.seq) }
    return merged.prefix(limit ?? merged.count).map(\.row)
  }
}
