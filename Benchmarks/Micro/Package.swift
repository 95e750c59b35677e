// swift-tools-version: 6.1
// Micro-benchmarks of GestureKit and the cairo renderer (`make bench-micro`): motion dispatch
// and its allocations against scene size, hit testing against depth and breadth, velocity
// estimation, a lifted card's frames against scene size, damaged versus full frames
// against a memset, a paint canvas's frames against its samples, and loading large scenes. Its own package, outside the
// main build: ordo-one/benchmark interposes malloc for its processes.
import PackageDescription

let package = Package(
  name: "micro-benchmarks",
  dependencies: [
    .package(name: "gesture-playground", path: "../.."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "Micro",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "GestureKit", package: "gesture-playground"),
        .product(name: "CairoRenderer", package: "gesture-playground"),
        .product(name: "Playground", package: "gesture-playground"),
      ],
      path: "Benchmarks/Micro",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ],
  swiftLanguageModes: [.v6]
)
