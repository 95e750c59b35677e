import Foundation

/// Where the harness finds its tools: the repository (from this file's path),
/// the Weston module and driver it builds with `make`, and the app executable
/// SwiftPM built next to the test binary.
enum RepositoryLayout {
  /// The repository root (this file is `Tests/EndToEndTests/RepositoryLayout.swift`).
  static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `Tests/WestonModule`: the module, the driver and their Makefile.
  static var westonModuleDirectory: URL {
    root.appendingPathComponent("Tests/WestonModule")
  }

  /// The Weston module that adds gp-seat and serves gp_test.
  static var westonModule: URL {
    westonModuleDirectory.appendingPathComponent("build/gesture-playground-test.so")
  }

  /// The driver client that reads commands from standard input.
  static var injector: URL {
    westonModuleDirectory.appendingPathComponent("build/gp-inject")
  }

  /// The launcher that gives a program a clean signal state (see `ChildProcess`).
  static var launcher: URL {
    westonModuleDirectory.appendingPathComponent("build/gp-exec")
  }

  /// KWin's fake-input driver (`make -C Tests/WestonModule kwin`).
  static var kwinInject: URL {
    westonModuleDirectory.appendingPathComponent("build/kwin-inject")
  }

  /// Sets KWin's output scale (`make -C Tests/WestonModule kwin`; KWin 6 nested in X11).
  static var kwinOutputScale: URL {
    westonModuleDirectory.appendingPathComponent("build/kwin-output-scale")
  }

  /// The mutter driver (remote-desktop input, screen-cast screenshots).
  static var mutterRemote: URL {
    westonModuleDirectory.appendingPathComponent("mutter-remote.py")
  }

  /// The KWin screenshot script.
  static var kwinScreenshot: URL {
    westonModuleDirectory.appendingPathComponent("kwin-screenshot.py")
  }

  /// The result of `make -C Tests/WestonModule kwin`, run once per test process.
  private static let kwinToolsBuild: Result<Void, HarnessError> = buildTools(target: "kwin")

  /// Builds KWin's fake-input driver if needed (once per test process).
  static func requireKWinTools() throws {
    try kwinToolsBuild.get()
  }

  /// The result of `make -C Tests/WestonModule`, run once per test process.
  private static let toolsBuild: Result<Void, HarnessError> = buildTools()

  /// Builds the Weston module and its driver if needed (once per test process); throws with
  /// `make`'s output when that fails (e.g. no libweston-N-dev). Only the Weston suites need
  /// them.
  static func requireTools() throws {
    try toolsBuild.get()
  }

  /// The result of `make -C Tests/WestonModule launcher`, run once per test process.
  private static let launcherBuild: Result<Void, HarnessError> = buildTools(target: "launcher")

  /// Builds the launcher every child process starts through (`gp-exec`, plain C, no
  /// libweston), so that a suite of another compositor runs even where the Weston module
  /// cannot be built.
  static func requireLauncher() throws {
    try launcherBuild.get()
  }

  /// The `gesture-playground` executable next to the test binary
  /// (`.build/<triple>/debug/` on Linux).
  static func appExecutable() throws -> URL {
    var directories: [URL] = []
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    // macOS: the products sit next to the .xctest bundle.
    directories.append(Bundle.main.bundleURL.deletingLastPathComponent())
    var seen: Set<String> = []
    directories = directories.filter { seen.insert($0.standardizedFileURL.path).inserted }
    for directory in directories {
      let candidate = directory.appendingPathComponent("gesture-playground")
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
      }
    }
    let searched = directories.map(\.path).joined(separator: ", ")
    throw HarnessError(
      "gesture-playground is not built next to the tests (looked in \(searched)); run `swift build` first")
  }

  /// The absolute path of `name` found in `$PATH`, if any.
  static func executableInPath(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        return candidate
      }
    }
    return nil
  }

  private static func buildTools(target: String? = nil) -> Result<Void, HarnessError> {
    guard let make = executableInPath("make") else {
      return .failure(HarnessError("make is not installed; it builds Tests/WestonModule"))
    }
    let process = Process()
    process.executableURL = make
    process.arguments = ["-C", westonModuleDirectory.path] + (target.map { [$0] } ?? [])
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(HarnessError("cannot run make: \(error)"))
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      return .failure(
        HarnessError(
          "make -C \(westonModuleDirectory.path) failed with status \(process.terminationStatus):\n\(text)"))
    }
    return .success(())
  }
}
