// swift-tools-version:6.1
//
// libFuzzer targets for petspot-geo's input paths, kept in a nested package so the main build never
// links a fuzzer. Built and run by `make fuzz` (docs/robustness.md):
//   swift build --package-path Tests/Fuzz -c debug -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
//   PETSPOT_FUZZ_TARGET=csv .build/debug/PetSpotFuzz Tests/Fuzz/corpus/csv -max_total_time=60
import PackageDescription

let package = Package(
  name: "petspot-geo-fuzz",
  dependencies: [.package(name: "petspot-geo", path: "../..")],
  targets: [
    .executableTarget(
      name: "PetSpotFuzz",
      dependencies: [.product(name: "PetSpotGeo", package: "petspot-geo")],
      path: "Sources/PetSpotFuzz"
    )
  ]
)
