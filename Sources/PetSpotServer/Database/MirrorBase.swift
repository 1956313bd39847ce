import PetSpotDatabase
import PetSpotGeo

/// The bulk of a mirror: every row as of one rebuild, in `seq` order, held in columns — the spatial
/// index (ids, coordinates, statuses, and the upper-cased species as the pins' `species` property),
/// `seq`, `updatedAt` in microseconds and the row's JSON object as the GET answer writes it — so that a million rows are a few large arrays,
/// not millions of heap strings, and an answer copies bytes instead of formatting them. Built off
/// the request path (O(n)); shared by every snapshot until the next rebuild. Immutable and
/// `Sendable`.
final class MirrorBase: Sendable {
  let index: IndexedPins
  /// The rows' species, upper-cased (``Species/property``): a code per row.
  let species: PropertyColumn
  let seqs: [Int64]
  let updatedMicros: [Int64]
  /// Row `i` as a JSON object (``AnnouncementsJSON/object(_:)``).
  let json: JSONObjects

  /// The number of rows.
  var count: Int { seqs.count }

  /// A base of `rows`, which must be in `seq` order.
  convenience init(rows: [AnnouncementRow]) {
    var columns = Columns(capacity: rows.count)
    for row in rows { columns.append(row) }
    self.init(columns)
  }

  /// The rows of `old` with `changed` applied: a changed row keeps its `seq`, so it replaces its
  /// old version in place; new rows follow in `seq` order. - Complexity: O(n + c log c).
  convenience init(merging changed: [AnnouncementRow], into old: MirrorBase) {
    var replaced: [Int: AnnouncementRow] = [:]
    var added: [AnnouncementRow] = []
    for row in changed {
      if let p = old.position(ofSeq: row.seq) { replaced[p] = row } else { added.append(row) }
    }
    added.sort { $0.seq < $1.seq }
    var columns = Columns(capacity: old.count + added.count)
    var next = added.makeIterator()
    var pending = next.next()
    for p in 0..<old.count {
      // Rows added with a `seq` below an old row's (a late commit) take their place in order.
      while let row = pending, row.seq < old.seqs[p] {
        columns.append(row)
        pending = next.next()
      }
      if let row = replaced[p] { columns.append(row) } else { columns.append(p, of: old) }
    }
    while let row = pending {
      columns.append(row)
      pending = next.next()
    }
    self.init(columns)
  }

  private init(_ columns: Columns) {
    index = IndexedPins(pins: columns.pins)
    species = columns.pins.property(named: Species.property) ?? PropertyColumn(name: Species.property)
    seqs = columns.seqs
    updatedMicros = columns.updatedMicros
    json = columns.json
  }

  /// The position of the row with `seq`, or `nil`. - Complexity: O(log n).
  func position(ofSeq seq: Int64) -> Int? {
    let at = partitionPoint(in: seqs.indices) { seqs[$0] < seq }
    return at < seqs.count && seqs[at] == seq ? at : nil
  }

  /// The columns while a base is built.
  private struct Columns {
    var pins = PinSet()
    var seqs: [Int64] = []
    var updatedMicros: [Int64] = []
    var json = JSONObjects()

    init(capacity: Int) {
      pins.declareProperty(Species.property)
      pins.reserveCapacity(capacity)
      seqs.reserveCapacity(capacity)
      updatedMicros.reserveCapacity(capacity)
      json.reserve(capacity)
    }

    mutating func append(_ row: AnnouncementRow) {
      var id = row.id
      id.withUTF8 { bytes in
        appendPin(
          id: bytes, latitude: row.latitude, longitude: row.longitude,
          status: row.status.flatMap(PinStatus.init(normalizing:)))
      }
      pins.setProperty(Species.property, to: row.species?.uppercased(), at: pins.count - 1)
      seqs.append(row.seq)
      updatedMicros.append(row.updatedMicros)
      json.append { AnnouncementsJSON.append(row, to: &$0) }
    }

    /// Appends row `p` of `old` as it is.
    mutating func append(_ p: Int, of old: MirrorBase) {
      let oldPins = old.index.pins
      oldPins.ids.withUTF8(p) { bytes in
        appendPin(
          id: bytes, latitude: oldPins.latitudes[p], longitude: oldPins.longitudes[p], status: oldPins.status(at: p))
      }
      pins.setProperty(
        Species.property, to: oldPins.property(named: Species.property)?.value(at: p), at: pins.count - 1)
      seqs.append(old.seqs[p])
      updatedMicros.append(old.updatedMicros[p])
      json.append(old.json, at: p)
    }

    /// Appends to the index. Ids are unique (the table's primary key) and coordinates checked by
    /// the table; a status beyond the 252 distinct ones a pin set holds is indexed as none (it
    /// still reads in the JSON): positions stay aligned with the other columns.
    private mutating func appendPin(
      id: UnsafeBufferPointer<UInt8>, latitude: Double, longitude: Double, status: PinStatus?
    ) {
      let row = pins.count
      do {
        try pins.append(id: id, latitude: latitude, longitude: longitude, status: status, sourceRow: row)
      } catch {
        try? pins.append(id: id, latitude: latitude, longitude: longitude, status: nil, sourceRow: row)
      }
    }
  }
}
