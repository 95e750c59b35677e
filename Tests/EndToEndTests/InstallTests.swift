import Foundation
import Testing

extension EndToEnd {
  /// `scripts/install.sh` (what `make install` runs after its release build), tried with the
  /// debug binary into a temporary prefix, and the installed program run from elsewhere.
  @Suite("Install")
  struct InstallTests {
    static let appID = "org.gestureplayground.GesturePlayground"

    @Test("installs the program, scenes, images, desktop file and icons; the program finds its scenes")
    func installedProgramFindsItsData() throws {
      let work = try Self.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let prefix = work.appendingPathComponent("prefix")
      let script = RepositoryLayout.root.appendingPathComponent("scripts/install.sh")
      let installed = try Self.run(
        script, [try RepositoryLayout.appExecutable().path, prefix.path], in: work)
      #expect(installed.status == 0, "\(installed.output)")

      let expected = [
        "bin/gesture-playground",
        "share/gesture-playground/scenes/cards.json",
        "share/gesture-playground/scenes/photos.json",
        "share/gesture-playground/images/sunset.png",
        "share/applications/\(Self.appID).desktop",
        "share/icons/hicolor/256x256/apps/\(Self.appID).png",
        "share/icons/hicolor/scalable/apps/\(Self.appID).svg",
        "share/bash-completion/completions/gesture-playground",
        "share/zsh/site-functions/_gesture-playground",
        "share/fish/vendor_completions.d/gesture-playground.fish",
      ]
      for file in expected {
        #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
      }
      let program = prefix.appendingPathComponent("bin/gesture-playground")
      #expect(FileManager.default.isExecutableFile(atPath: program.path))
      let bash = try String(
        contentsOf: prefix.appendingPathComponent("share/bash-completion/completions/gesture-playground"),
        encoding: .utf8)
      #expect(bash.contains("--snapshot") && bash.contains("replay"), "the bash completion script")
      let desktop = prefix.appendingPathComponent("share/applications/\(Self.appID).desktop")
      let entry = try String(contentsOf: desktop, encoding: .utf8)
      #expect(entry.contains("\nExec=\(program.path)\n"))
      #expect(entry.contains("\nIcon=\(Self.appID)\n"))
      if let validate = RepositoryLayout.executableInPath("desktop-file-validate") {
        let validated = try Self.run(validate, [desktop.path], in: work)
        #expect(validated.status == 0 && validated.output.isEmpty, "\(validated.output)")
      }

      // A scene only the installed folder has proves that folder is searched (the source
      // tree, compiled in as a last resort, does not have it).
      let scenes = prefix.appendingPathComponent("share/gesture-playground/scenes")
      try FileManager.default.copyItem(
        at: scenes.appendingPathComponent("cards.json"),
        to: scenes.appendingPathComponent("only-installed.json"))
      let listed = try Self.run(program, ["scenes"], in: work)
      #expect(listed.status == 0, "\(listed.output)")
      #expect(listed.output.contains("only-installed"), "\(listed.output)")
      #expect(listed.output.contains("photos"), "\(listed.output)")

      // A replay of the photos scene loads its pictures from the install (`../images`).
      let trace = work.appendingPathComponent("tap.jsonl")
      try """
      {"t": 0, "type": "touch.down", "id": 0, "x": 300, "y": 300}
      {"t": 0, "type": "touch.frame"}
      {"t": 0.1, "type": "touch.up", "id": 0}
      {"t": 0.1, "type": "touch.frame"}
      """.write(to: trace, atomically: true, encoding: .utf8)
      let snapshot = work.appendingPathComponent("photos.png")
      let replayed = try Self.run(
        program, ["replay", "--scene", "photos", "--trace", trace.path, "--snapshot", snapshot.path], in: work
      )
      #expect(replayed.status == 0, "\(replayed.output)")
      #expect(replayed.output.contains("\"type\":\"final\""), "\(replayed.output)")
      #expect(FileManager.default.fileExists(atPath: snapshot.path))
      // Without the installed picture the same replay fails, naming the installed path.
      try FileManager.default.removeItem(
        at: prefix.appendingPathComponent("share/gesture-playground/images/sunset.png"))
      let broken = try Self.run(program, ["replay", "--scene", "photos", "--trace", trace.path], in: work)
      #expect(broken.status == 1, "\(broken.output)")
      #expect(broken.output.contains(prefix.path + "/bin/../share/gesture-playground/scenes/photos.json"))
      #expect(
        broken.output.contains("/share/gesture-playground/scenes/../images/sunset.png"), "\(broken.output)")

      let removed = try Self.run(script, ["--uninstall", prefix.path], in: work)
      #expect(removed.status == 0, "\(removed.output)")
      for file in expected {
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
      }
    }

    /// A fresh directory outside the repository.
    static func temporaryDirectory() throws -> URL {
      var template = Array(
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gp-install-XXXXXX").path
          .utf8CString)
      guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed: errno \(errno)") }
      return URL(fileURLWithPath: String(cString: made))
    }

    /// Runs a short-lived program in `directory` without `$GESTURE_PLAYGROUND_DATA`; its
    /// status and its standard output and error together.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> (
      status: Int32, output: String
    ) {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      process.currentDirectoryURL = directory
      var environment = ProcessInfo.processInfo.environment
      environment["GESTURE_PLAYGROUND_DATA"] = nil
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      process.standardInput = FileHandle.nullDevice
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
  }
}
