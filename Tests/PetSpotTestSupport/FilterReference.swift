import PetSpotGeo

/// Which pins a ``ClusterFilter`` shows, worked out from the pins' texts alone (the engine
/// resolves filters to codes and categories; this does not).
public enum FilterReference {
  /// Whether `filter` (`nil`: none) shows the pin at `position`.
  public static func shows(_ filter: ClusterFilter?, _ position: Int, in pins: PinSet) -> Bool {
    guard let filter else { return true }
    if let statuses = filter.statuses, !statuses.contains(pins.status(at: position)) { return false }
    for (name, values) in filter.values {
      let value = pins.property(named: name)?.value(at: position) ?? ""
      if !values.contains(value) { return false }
    }
    return true
  }
}
