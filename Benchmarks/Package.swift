// swift-tools-version:6.1
//
// package-benchmark suites for petspot-geo, kept in a nested package so library users and
// `swift test` never resolve or build the benchmark dependencies. Run with `make bench`.
import PackageDescription

let package = Package(
  name: "petspot-geo-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "petspot-geo", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // The C bandwidth baseline for pruning: -O3 -march=native; AVX-512 and AVX2 compare + compress
    // kernels where the machine has them, a plain loop and the count-only "limit" read.
    .target(name: "CBaseline", path: "CBaseline", cSettings: [.unsafeFlags(["-O3", "-march=native"])]),
    // The tolerances `make bench-check` applies to every suite's p90 against Thresholds/.
    .target(name: "Tolerances", dependencies: [.product(name: "Benchmark", package: "benchmark")], path: "Tolerances"),
    .executableTarget(
      name: "Pins",
      dependencies: [
        "CBaseline",
        .product(name: "PetSpotGeo", package: "petspot-geo"),
        "Tolerances",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Pins",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "Clusters",
      dependencies: [
        .product(name: "PetSpotGeo", package: "petspot-geo"),
        "Tolerances",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Clusters",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "Callouts",
      dependencies: [
        .product(name: "PetSpotGeo", package: "petspot-geo"),
        "Tolerances",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Callouts",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "Radius",
      dependencies: [
        .product(name: "PetSpotGeo", package: "petspot-geo"),
        "Tolerances",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Radius",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
