import PetSpotDatabase
import PetSpotGeo

/// The bulk of a mirror: every row as of one rebuild, in `seq` order, with its spatial index and
/// species codes. Built off the request path (O(n)); shared by every snapshot until the next
/// rebuild. Immutable and `Sendable`.
final class MirrorBase: Sendable {
  let rows: [AnnouncementRow]
  let index: IndexedPins
  /// Species code per row (0: none).
  let species: [UInt32]
  /// Upper-cased species → code.
  let speciesCodes: [String: UInt32]

  init(rows: [AnnouncementRow]) {
    var codes: [String: UInt32] = [:]
    species = rows.map { row in
      guard let name = row.species else { return 0 }
      let key = name.uppercased()
      if let known = codes[key] { return known }
      let new = UInt32(codes.count + 1)
      codes[key] = new
      return new
    }
    speciesCodes = codes
    self.rows = rows
    index = IndexedPins(pins: Self.pinSet(rows))
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

  /// The position of the row with `seq`, or `nil`. - Complexity: O(log n).
  func position(ofSeq seq: Int64) -> Int? {
    var low = 0
    var high = rows.count
    while low < high {
      let mid = (low + high) / 2
      if rows[mid].seq < seq { low = mid + 1 } else { high = mid }
    }
    return low < rows.count && rows[low].seq == seq ? low : nil
  }

  /// These rows with the changed ones applied (a row keeps its `seq` when it changes, so it
  /// replaces its old version in place; new rows follow in `seq` order).
  func merged(with changed: [AnnouncementRow]) -> [AnnouncementRow] {
    var merged = rows
    var added: [AnnouncementRow] = []
    for row in changed {
      if let p = position(ofSeq: row.seq) { merged[p] = row } else { added.append(row) }
    }
    added.sort { $0.seq < $1.seq }
    let ordered = (added.first?.seq ?? .max) > (merged.last?.seq ?? .min)
    merged += added
    if !ordered { merged.sort { $0.seq < $1.seq } }
    return merged
  }
}
