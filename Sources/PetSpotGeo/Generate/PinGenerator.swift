/// Deterministic pin sets for benchmarks and demos (fixed seed → identical pins).
///
/// - `skewed`: for each pin, a place drawn uniformly from a list of real places (GeoNames
///   cities1000) plus N(0, 0.02°) jitter in latitude and longitude, wrapped into range: the data
///   the peer figures in the issues were measured on. Real pins cluster where people live.
/// - `uniform`: latitude and longitude uniform within the Mercator limit and ±180°.
///
/// Statuses: MISSING 65 %, FOUND 30 %, CLOSED 5 %. Optional shelters: places where many pets are
/// reported at exactly the same address (coincident pins, mostly FOUND).
public struct PinGenerator: Sendable {
  /// The distribution of positions.
  public enum Kind: Sendable {
    case skewed(places: [Place])
    case uniform
  }

  /// A named place.
  public struct Place: Hashable, Sendable {
    public var coordinate: GeoCoordinate
    public var name: String

    public init(coordinate: GeoCoordinate, name: String) {
      self.coordinate = coordinate
      self.name = name
    }
  }

  /// One generated announcement.
  public struct Row: Hashable, Sendable {
    public var id: String
    public var coordinate: GeoCoordinate
    public var status: PinStatus
    /// The place it was drawn near (skewed kind), else "".
    public var place: String
  }

  public var kind: Kind
  public var seed: UInt64
  /// Standard deviation of the skewed jitter, degrees.
  public var jitter = 0.02

  /// The most pins one generation makes, counting shelters at their largest (60 pins each): ten
  /// times the largest benchmark set, about 6 GB of rows in memory — far below this, a typed
  /// number could not exhaust the machine.
  public static var maxPins: Int { 50_000_000 }

  /// The largest number of pins `count` regular pins and `shelters` shelters can make.
  public static func largestTotal(count: Int, shelters: Int) -> Int {
    let (shelterPins, overflow) = shelters.multipliedReportingOverflow(by: 60)
    let (total, overflow2) = count.addingReportingOverflow(shelterPins)
    return overflow || overflow2 ? .max : total
  }

  public init(kind: Kind, seed: UInt64) {
    self.kind = kind
    self.seed = seed
  }

  /// `count` rows, then `shelters` shelters of 20–60 coincident pins each at places chosen by the seed.
  public func rows(count: Int, shelters: Int = 0) -> [Row] {
    var random = SplitMix64(seed: seed)
    var rows: [Row] = []
    rows.reserveCapacity(count)
    let prefix: String
    switch kind {
    case .skewed: prefix = "s"
    case .uniform: prefix = "u"
    }
    for i in 0..<count {
      let (coordinate, place) = position(&random)
      rows.append(Row(id: "\(prefix)\(i)", coordinate: coordinate, status: status(&random), place: place))
    }
    for shelter in 0..<shelters {
      let (coordinate, place) = position(&random)
      let size = 20 + Int(random.next() % 41)
      for j in 0..<size {
        let status: PinStatus = random.unit() < 0.8 ? .found : .missing
        rows.append(
          Row(id: "shelter\(shelter)-\(j)", coordinate: coordinate, status: status, place: "shelter near \(place)"))
      }
    }
    return rows
  }

  /// The rows as a pin set.
  public func pinSet(count: Int, shelters: Int = 0) -> PinSet {
    var pins = PinSet()
    pins.reserveCapacity(count)
    for (i, row) in rows(count: count, shelters: shelters).enumerated() {
      // Generated coordinates are valid and ids unique by construction.
      try? pins.append(
        id: row.id, latitude: row.coordinate.latitude, longitude: row.coordinate.longitude, status: row.status,
        sourceRow: i)
    }
    return pins
  }

  private func position(_ random: inout SplitMix64) -> (GeoCoordinate, String) {
    switch kind {
    case .uniform:
      let limit = WebMercator.latitudeLimit
      return (GeoCoordinate(latitude: random.uniform(-limit...limit), longitude: random.uniform(-180...180)), "")
    case .skewed(let places):
      let place = places[Int(random.next() % UInt64(places.count))]
      var lat = place.coordinate.latitude + random.normal() * jitter
      if lat > 90 { lat = 180 - lat } else if lat < -90 { lat = -180 - lat }
      let lng = Longitude.wrapped(place.coordinate.longitude + random.normal() * jitter)
      return (GeoCoordinate(latitude: lat, longitude: lng), place.name)
    }
  }

  private func status(_ random: inout SplitMix64) -> PinStatus {
    let u = random.unit()
    return u < 0.65 ? .missing : u < 0.95 ? .found : .closed
  }
}
