import ArgumentParser
import PetSpotGeo

/// `--min-separation` and `--max-zoom`, for every subcommand that clusters (`cluster`, `render`);
/// their defaults are the engine's (``ClusterOptions/init(minSeparation:maxZoom:)``), which the
/// help prints.
struct ClusteringOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Smallest distance between items' screen positions.", valueName: "points"))
  var minSeparation: Double = ClusterOptions().minSeparation

  @Option(
    help: ArgumentHelp("Highest level: at this zoom and above pins are spiderfied, not clustered.", valueName: "zoom"))
  var maxZoom: Int = ClusterOptions().maxZoom

  /// The options as given (not yet validated).
  var options: ClusterOptions { ClusterOptions(minSeparation: minSeparation, maxZoom: maxZoom) }
}
