import PetSpotGeo

/// How `/clusters` knows species: the pins' `species` property (a pins file's column, a database
/// row's field), upper-cased so that `species=dog` and `DOG` match alike, counted per cluster
/// (a `species:counts` aggregate, which every item then carries) and filterable at query time.
enum Species {
  static let property = "species"

  /// Declares the property (empty when the pins have none) and upper-cases its values.
  static func prepare(_ pins: inout PinSet) {
    pins.declareProperty(property)
    guard let column = pins.property(named: property), column.values.contains(where: { $0 != $0.uppercased() })
    else { return }
    for p in 0..<pins.count {
      pins.setProperty(property, to: column.value(at: p)?.uppercased(), at: p)
    }
  }

  /// The options the server builds with: filterable, species counted.
  static func served(_ options: ClusterOptions) -> ClusterOptions {
    var served = options
    served.filterable = true
    served.aggregates = [ClusterAggregate(property: property, kind: .counts)]
    return served
  }
}
