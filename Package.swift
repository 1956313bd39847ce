// swift-tools-version:6.1
//
// petspot-geo: the portable map-pin engine behind PetSpot.
// Dependency direction: PetSpotCore <- PetSpotPROJ, PetSpotGEOS <- PetSpotGeo <- {PetSpotGeoC, petspot-geo}.
import PackageDescription

// Opt-in CPU tuning for the hot loops (the SIMD scan): PETSPOT_TARGET_CPU=native (or e.g.
// skylake-avx512) lets LLVM use AVX2/AVX-512. Off by default so builds run on any x86-64/arm64.
let cpuFlags: [SwiftSetting] =
  Context.environment["PETSPOT_TARGET_CPU"].map { [.unsafeFlags(["-target-cpu", $0])] } ?? []

let package = Package(
  name: "petspot-geo",
  products: [
    // MARK: - Public API
    .library(name: "PetSpotGeo", targets: ["PetSpotGeo"]),
    .library(name: "petspot_geo", type: .dynamic, targets: ["PetSpotGeoC"]),
    .executable(name: "petspot-geo", targets: ["petspot-geo"]),
  ],
  traits: [
    // On by default. `--disable-default-traits` builds the command-line tool without `serve` and
    // `db` (and without SwiftNIO, Hummingbird, PostgresNIO and BoringSSL), in a fraction of the
    // release build's time: the engine and the CLI's other commands, for `make compare`.
    .default(enabledTraits: ["Server"]),
    .trait(name: "Server", description: "The `serve` and `db` commands (HTTP server, PostgreSQL + PostGIS)."),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    // Every target that uses PetSpotCore's types names it, also where PetSpotGeo re-exports it:
    // SwiftPM then rebuilds the target when a stored property in PetSpotCore changes a public
    // type's size (through the re-export alone it did not, and the stale code corrupted memory).

    // MARK: - System libraries (Debian libgeos-dev, libproj-dev)
    .systemLibrary(name: "CGEOS", pkgConfig: "geos", providers: [.apt(["libgeos-dev"])]),
    .systemLibrary(name: "CPROJ", pkgConfig: "proj", providers: [.apt(["libproj-dev"])]),

    // MARK: - Engine
    // The scan's compare-and-compress kernels (AVX-512, AVX2, NEON, portable C), chosen at run time.
    .target(name: "CPetSpotKernels"),
    .target(
      name: "PetSpotCore",
      dependencies: ["CPetSpotKernels", .product(name: "RealModule", package: "swift-numerics")],
      swiftSettings: cpuFlags
    ),
    .target(name: "PetSpotPROJ", dependencies: ["PetSpotCore", "CPROJ"]),
    .target(name: "PetSpotGEOS", dependencies: ["PetSpotCore", "CGEOS"]),
    .target(
      name: "PetSpotGeo",
      dependencies: [
        "PetSpotCore", "PetSpotPROJ", "PetSpotGEOS", .product(name: "RealModule", package: "swift-numerics"),
      ]
    ),

    // MARK: - C library (libpetspot_geo.so + petspot_geo.h)
    .target(name: "CPetSpotGeo"),
    .target(name: "PetSpotGeoC", dependencies: ["PetSpotCore", "PetSpotGeo", "CPetSpotGeo"]),

    // MARK: - Announcements in PostgreSQL + PostGIS (schema, import, writes, change feed)
    .target(
      name: "PetSpotDatabase",
      dependencies: [
        "PetSpotCore", "PetSpotGeo",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // MARK: - HTTP server (GET/POST/PATCH /announcements), used by `petspot-geo serve`
    .target(
      name: "PetSpotServer",
      dependencies: [
        "PetSpotCore", "PetSpotGeo",
        "PetSpotDatabase",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // The playground page, compiled into the binary (no files to install, no network).
      resources: [.embedInCode("Playground/playground.html"), .embedInCode("Playground/playground.js")]
    ),

    // MARK: - Command-line tool
    .executableTarget(
      name: "petspot-geo",
      dependencies: [
        "PetSpotCore", "PetSpotGeo",
        .target(name: "PetSpotServer", condition: .when(traits: ["Server"])),
        .target(name: "PetSpotDatabase", condition: .when(traits: ["Server"])),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log", condition: .when(traits: ["Server"])),
      ]
    ),

    // MARK: - Tests
    .target(
      name: "PetSpotTestSupport",
      dependencies: ["PetSpotCore", "PetSpotGeo", .product(name: "RealModule", package: "swift-numerics")],
      path: "Tests/PetSpotTestSupport"
    ),
    .testTarget(
      name: "PetSpotCoreTests",
      dependencies: [
        "PetSpotCore", "CPetSpotKernels", "PetSpotTestSupport", .product(name: "RealModule", package: "swift-numerics"),
      ]),
    .testTarget(
      name: "PetSpotPROJTests",
      dependencies: [
        "PetSpotCore", "PetSpotPROJ", "PetSpotTestSupport", .product(name: "RealModule", package: "swift-numerics"),
      ]),
    .testTarget(
      name: "PetSpotGeoTests", dependencies: ["PetSpotCore", "PetSpotGeo", "PetSpotPROJ", "PetSpotTestSupport"]),
    .testTarget(name: "PetSpotGeoCLITests", dependencies: ["PetSpotCore", "PetSpotGeo", "PetSpotTestSupport"]),
    .testTarget(
      name: "PetSpotServerTests",
      dependencies: ["PetSpotServer", "PetSpotDatabase", "PetSpotCore", "PetSpotGeo", "PetSpotTestSupport"]),
  ]
)
