import Foundation
import Testing

extension EndToEnd {
  /// README's "Using GestureKit in your own package", done as a user does it: a package of its
  /// own that depends on this one for GestureKit alone, whose program is README's sample.
  @Suite("GestureKit in a package of its own")
  struct GestureKitPackageTests {
    /// README's sample program: the ```swift block that imports GestureKit in the section
    /// "Using GestureKit in your own package".
    static func readmeSample() throws -> String {
      let readme = try String(
        contentsOf: RepositoryLayout.root.appendingPathComponent("README.md"), encoding: .utf8)
      guard let section = readme.range(of: "## Using GestureKit in your own package") else {
        throw HarnessError("README.md has no section \"Using GestureKit in your own package\"")
      }
      var block: [Substring]?
      for line in readme[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("## ") { break }
        if block == nil, line == "```swift" {
          block = []
        } else if let lines = block, line == "```" {
          if lines.contains("import GestureKit") { return lines.joined(separator: "\n") + "\n" }
          block = nil
        } else {
          block?.append(line)
        }
      }
      throw HarnessError("README.md's section has no sample that imports GestureKit")
    }

    @Test(
      "README's sample, as the program of a package that depends on this one, builds, runs and prints what README says"
    )
    func readmeSampleAsAPackage() throws {
      let swift = try #require(RepositoryLayout.executableInPath("swift"), "no swift in PATH")
      let sample = try Self.readmeSample()
      // What the sample says it prints: its closing comment lines.
      let expected = sample.split(separator: "\n").reversed().prefix { $0.hasPrefix("// ") }.reversed()
        .map { String($0.dropFirst(3)) }
      #expect(!expected.isEmpty, "README's sample does not say what it prints")

      let work = try InstallTests.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let package = work.appendingPathComponent("sample")
      let sources = package.appendingPathComponent("Sources/Sample")
      try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
      try """
      // swift-tools-version:5.9
      import PackageDescription

      let package = Package(
        name: "Sample",
        dependencies: [.package(path: "\(RepositoryLayout.root.path)")],
        targets: [
          .executableTarget(
            name: "Sample", dependencies: [.product(name: "GestureKit", package: "\(RepositoryLayout.root.lastPathComponent)")])
        ]
      )
      """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      try sample.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

      let environment = ProcessInfo.processInfo.environment
      let built = try runCapturingOutput(
        swift, ["build", "--package-path", package.path], environment: environment, in: work, scratch: work)
      try #require(built.status == 0, "swift build failed:\n\(built.standardOutput)\n\(built.standardError)")
      let program = package.appendingPathComponent(".build/debug/Sample")
      let ran = try runCapturingOutput(program, [], environment: environment, in: work, scratch: work)
      #expect(ran.status == 0, "\(ran.standardError)")
      #expect(ran.standardOutput.split(separator: "\n").map(String.init) == expected)
    }
  }
}
