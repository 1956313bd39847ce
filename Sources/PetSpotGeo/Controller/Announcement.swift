/// An announcement as the server returns it from `GET /announcements` (the fields the map uses).
public struct Announcement: Hashable, Sendable {
  public var id: String
  public var petName: String?
  public var species: String?
  public var breed: String?
  public var sex: String?
  /// Normalised (docs/cli.md): MISSING (also ACTIVE), FOUND, CLOSED, or another value as given.
  public var status: PinStatus?
  public var lastSeenLatitude: Double
  public var lastSeenLongitude: Double
  /// `yyyy-MM-dd` as sent (not validated here: the callout shows an unreadable date as given).
  public var lastSeenDate: String?
  public var photoUrl: String?
  public var email: String?
  public var phone: String?
  public var description: String?

  public init(id: String, latitude: Double, longitude: Double, status: PinStatus? = nil) {
    self.id = id
    self.lastSeenLatitude = latitude
    self.lastSeenLongitude = longitude
    self.status = status
  }

  public var coordinate: GeoCoordinate { GeoCoordinate(latitude: lastSeenLatitude, longitude: lastSeenLongitude) }
}

/// A decoded response: the announcements kept, and how many were dropped (broken entries).
public struct AnnouncementBatch: Hashable, Sendable {
  public var announcements: [Announcement]
  /// Entries dropped: not an object, no usable id, a repeated id, a missing or invalid coordinate,
  /// or a known field of the wrong type.
  public var dropped: Int

  public init(announcements: [Announcement] = [], dropped: Int = 0) {
    self.announcements = announcements
    self.dropped = dropped
  }
}

extension Announcement {
  /// Decodes one announcement; unknown fields ignored, optional fields may be missing or null.
  /// Returns `nil` for a broken entry (see ``AnnouncementBatch/dropped``).
  public init?(json: JSONValue) {
    guard case .object = json else { return nil }
    let id: String
    switch json["id"] {
    case .string(let s)? where !s.isEmpty: id = s
    case .number(let n)? where n == n.rounded() && abs(n) < 1e15: id = ShortestDecimal.string(n)
    default: return nil
    }
    guard case .number(let lat)? = json["lastSeenLatitude"], case .number(let lng)? = json["lastSeenLongitude"],
      GeoCoordinate(latitude: lat, longitude: lng).isValid
    else { return nil }
    self.init(id: id, latitude: lat, longitude: lng)
    var broken = false
    func text(_ key: String) -> String? {
      switch json[key] {
      case nil, .null?: return nil
      case .string(let s)?: return s
      default:
        broken = true
        return nil
      }
    }
    petName = text("petName")
    species = text("species")
    breed = text("breed")
    sex = text("sex")
    status = text("status").flatMap { PinStatus(normalizing: $0) }
    lastSeenDate = text("lastSeenDate")
    photoUrl = text("photoUrl")
    email = text("email")
    phone = text("phone")
    description = text("description")
    if broken { return nil }
  }
}

extension AnnouncementBatch {
  /// Decodes a response body: a JSON array of announcements. A broken entry is dropped and
  /// counted, never the whole response.
  /// - Throws: ``InvalidInput`` when the value is not an array.
  public init(json: JSONValue) throws(InvalidInput) {
    guard case .array(let items) = json else {
      throw InvalidInput(
        field: "announcements", code: .invalidType,
        message: "announcements must be an array, not \(json.typeDescription)")
    }
    self.init()
    var seen = Set<String>()
    for item in items {
      guard let announcement = Announcement(json: item), seen.insert(announcement.id).inserted else {
        dropped += 1
        continue
      }
      announcements.append(announcement)
    }
  }
}

extension PinSet {
  /// The pins of announcements, in order (row = index in `announcements`); an announcement with an
  /// invalid coordinate is kept out and counted in ``invalidCount``, as pins files do.
  /// - Throws: ``PinRejection`` for an empty or repeated id, or more than 252 distinct other
  ///   statuses (a decoded ``AnnouncementBatch`` has none of the first two).
  public init(announcements: [Announcement]) throws(PinRejection) {
    self.init()
    for (row, a) in announcements.enumerated() {
      guard PinSet.isValidCoordinate(latitude: a.lastSeenLatitude, longitude: a.lastSeenLongitude) else {
        invalidCount += 1
        continue
      }
      try append(
        id: a.id, latitude: a.lastSeenLatitude, longitude: a.lastSeenLongitude, status: a.status, sourceRow: row)
    }
  }
}
