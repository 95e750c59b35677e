// swift-tools-version: 6.0
// Counts the heap allocations of steady-state touch motion through GestureKit (`make
// alloc-check`). Its own package, outside the main build: it replaces malloc for its process.
import PackageDescription

let package = Package(
  name: "allocation-probe",
  dependencies: [.package(name: "gesture-playground", path: "../..")],
  targets: [
    // Interposes malloc and friends from inside the executable and counts the calls.
    .target(name: "AllocationCounter"),
    .executableTarget(
      name: "AllocationProbe",
      dependencies: [.product(name: "GestureKit", package: "gesture-playground"), "AllocationCounter"],
      // GestureKit's rounding needs libm, which nothing else here links.
      linkerSettings: [.linkedLibrary("m")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
