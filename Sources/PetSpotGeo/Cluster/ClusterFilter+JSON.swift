import PetSpotCore

extension ClusterFilter {
  /// A filter from a JSON object of lists: `{"status": ["MISSING", "FOUND"], "species": ["dog"]}`
  /// — per name the values shown, as in ``add(clause:)`` ("" for none; statuses normalised).
  /// - Throws: ``InvalidInput`` (field `filter`) for another shape.
  public init(json: JSONValue) throws(InvalidInput) {
    guard case .object(let members) = json else {
      throw InvalidInput(
        field: "filter", code: .invalidType,
        message: "filter must be an object of value lists, like {\"status\":[\"MISSING\"]}, not \(json.typeDescription)"
      )
    }
    self.init()
    for (name, value) in members {
      guard case .array(let elements) = value else {
        throw InvalidInput(
          field: "filter", code: .invalidType,
          message: "filter.\(name) must be a list of values, not \(value.typeDescription)")
      }
      var texts: [String] = []
      for element in elements {
        guard case .string(let text) = element else {
          throw InvalidInput(
            field: "filter", code: .invalidType,
            message: "filter.\(name) must list strings (\"\" for none), not \(element.typeDescription)")
        }
        texts.append(text)
      }
      show(texts, of: name)
    }
  }
}
