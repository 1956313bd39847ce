/// Calendar arithmetic for date texts (ISO 8601 / RFC 3339 readers, the found-report date): the
/// proleptic Gregorian calendar, no time zones.
package enum GregorianDays {
  /// Days from 1970-01-01 to a date (Howard Hinnant's algorithm); negative before 1970.
  package static func sinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The number of days in a month (1…12) of a year.
  package static func inMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
