/// Which pins a filtered query shows (``ClusterIndex/filtered(by:)``): a pin is shown when its
/// status is among ``statuses`` (when set) and, for every property in ``values``, its value is
/// among the listed ones. Properties must be those of the index's counts aggregates.
public struct ClusterFilter: Hashable, Sendable {
  /// The statuses shown (`nil` inside the set: pins with no status); `nil`: every status.
  public var statuses: Set<PinStatus?>?
  /// Per property: the values shown ("" stands for pins without a value). A property not named
  /// here does not restrict.
  public var values: [String: Set<String>]

  /// A filter; the defaults show every pin.
  public init(statuses: Set<PinStatus?>? = nil, values: [String: Set<String>] = [:]) {
    self.statuses = statuses
    self.values = values
  }

  /// Whether it shows every pin.
  public var showsEverything: Bool { statuses == nil && values.isEmpty }

  /// Adds a clause `NAME=VALUE[,VALUE…]` (`status=MISSING,FOUND`, `species=dog`): `status` restricts
  /// the statuses (normalised: `missing`, `ACTIVE` → MISSING; an empty value: no status), any other
  /// name a property's values (as written; empty: no value). Naming the same property twice keeps
  /// the values of both clauses.
  /// - Throws: ``InvalidInput`` (field `filter`) for a clause without `=` or without a name.
  public mutating func add(clause text: String) throws(InvalidInput) {
    guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
      throw InvalidInput(
        field: "filter", code: .malformedValue,
        message: "filter must be NAME=VALUE[,VALUE…] (status=MISSING,FOUND or a property, species=dog); got '\(text)'")
    }
    let name = String(text[..<equals])
    let listed = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false).map {
      String($0)
    }
    show(listed, of: name)
  }

  /// Shows pins whose `name` (`status`, or a property) is one of `texts` as well ("" for none;
  /// statuses normalised).
  public mutating func show(_ texts: some Sequence<String>, of name: String) {
    if name == "status" {
      statuses = (statuses ?? []).union(texts.map { PinStatus(normalizing: $0) })
    } else {
      values[name, default: []].formUnion(texts)
    }
  }

  /// A filter from clauses (see ``add(clause:)``).
  public init(clauses: some Sequence<String>) throws(InvalidInput) {
    self.init()
    for clause in clauses { try add(clause: clause) }
  }
}
