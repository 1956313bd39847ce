/// Marginal runs (docs/clustering.md, "Filters"): the hierarchy over every pin keeps, besides its
/// runs by category (status × each counts property's value), the same runs by the status alone and
/// by each property's value alone. A filter restricting only statuses (MISSING and FOUND), or only
/// the values of one property (dogs and cats), reads the marginal over what it restricts: a
/// cluster's run there has an entry per status, or per value, where its own runs have one per
/// combination (up to 18 on a world view with one property of 5 values). A marginal over a value
/// keeps per entry its leaves per status, since a summary counts them.
///
/// A marginal is kept exactly like the runs it belongs to: registered with each new category,
/// filled from the same children at every change, compacted with them; the bulk build writes it
/// from the same gathered children.
extension CategoryRuns {
  /// The key bits of the status.
  static let statusBits: UInt64 = 0xFF

  /// The key bits of the value of dimension `d` (an index into ``columns``).
  static func valueBits(dimension d: Int) -> UInt64 { 0x1FF << UInt64(8 + 9 * d) }

  /// The projections of the marginals over `dimensions` counts properties: the status, then each
  /// property's value.
  static func marginalProjections(dimensions: Int) -> [UInt64] {
    [statusBits] + (0..<dimensions).map { valueBits(dimension: $0) }
  }

  /// Where a status code's leaves are counted in an entry's three ``statusCounts`` (MISSING,
  /// FOUND, CLOSED), or `nil` for any other status.
  @inline(__always)
  static func statusCountSlot(_ status: UInt8) -> Int? {
    status >= 1 && status <= 3 ? Int(status) - 1 : nil
  }

  /// The runs a filter reads that restricts only the key bits `restricted` (the status's, and
  /// the values' of the dimensions it names): the marginal keeping exactly those bits, else these
  /// runs.
  func runs(restricting restricted: UInt64) -> CategoryRuns {
    marginals.first { $0.projection == restricted } ?? self
  }
}
