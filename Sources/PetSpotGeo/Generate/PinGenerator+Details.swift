extension PinGenerator {
  /// Row `row`'s species (DOG 50 %, CAT 38 %, BIRD 5 %, RABBIT 4 %, OTHER 3 %) and last-seen date
  /// (`yyyy-MM-dd`, uniform over 2025-01-01 … 2026-11-20), drawn from the seed and the row number
  /// alone: adding them changes no coordinate or status of ``rows(count:shelters:)``.
  public func details(row: Int) -> (species: String, lastSeenDate: String) {
    var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: row) &* 0xD6E8_FEB8_6659_FD93))
    let u = random.unit()
    let species = u < 0.5 ? "DOG" : u < 0.88 ? "CAT" : u < 0.93 ? "BIRD" : u < 0.97 ? "RABBIT" : "OTHER"
    let day = Int(random.next() % 689)  // 2025-01-01 + 0 … 688 = 2026-11-20
    return (species, Self.dateText(daysAfter2025: day))
  }

  /// `yyyy-MM-dd` of the day `days` after 2025-01-01.
  static func dateText(daysAfter2025 days: Int) -> String {
    var year = 2025
    var rest = days
    while true {
      let length = year % 4 == 0 ? 366 : 365
      if rest < length { break }
      rest -= length
      year += 1
    }
    let lengths = [31, year % 4 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    var month = 0
    while rest >= lengths[month] {
      rest -= lengths[month]
      month += 1
    }
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(year)-\(two(month + 1))-\(two(rest + 1))"
  }

  /// Gives pins made by this generator (``pinSet(count:shelters:)``) their ``details(row:)`` as
  /// ``PinSet/properties`` `species` and `lastSeenDate` (pin i came from row `sourceRows[i]`).
  public func addDetails(to pins: inout PinSet) {
    var species = PropertyColumn(name: "species")
    var dates = PropertyColumn(name: "lastSeenDate")
    for i in 0..<pins.count {
      let (kind, date) = details(row: Int(pins.sourceRows[i]))
      species.setValue(kind, at: i)
      dates.setValue(date, at: i)
    }
    pins.setProperty(species)
    pins.setProperty(dates)
  }
}
