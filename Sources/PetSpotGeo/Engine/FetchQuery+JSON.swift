extension FetchQuery {
  /// `{"lat","lng","range","zoom","visibleRegion":{"north","south","west","east"}}`, the object
  /// `petspot-geo radius --json` prints.
  public var json: JSONValue {
    .object([
      ("lat", .number(center.latitude)),
      ("lng", .number(center.longitude)),
      ("range", .number(Double(range))),
      ("zoom", .number(zoom)),
      (
        "visibleRegion",
        .object([
          ("north", .number(visibleRegion.north)),
          ("south", .number(visibleRegion.south)),
          ("west", .number(visibleRegion.west)),
          ("east", .number(visibleRegion.east)),
        ])
      ),
    ])
  }
}

extension InvalidInput {
  /// `{"error","field","code"}`, the error object of docs/cli.md.
  public var json: JSONValue {
    .object([
      ("error", .string(message)),
      ("field", field.map(JSONValue.string) ?? .null),
      ("code", .string(code.rawValue)),
    ])
  }
}
