import Foundation
import Testing

extension EndToEnd {
  /// `scripts/run.sh` (what `make run` runs): the desktop file it writes for this user, so
  /// that the desktop names the window by its app id when the app is not installed.
  @Suite("Run script")
  struct RunScriptTests {
    /// Runs `scripts/run.sh BINARY run` with no display at all (it exits 2) and
    /// `XDG_DATA_HOME` set to `data`.
    private func runScript(data: URL, in work: URL) throws -> (status: Int32, output: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments = [
        RepositoryLayout.root.appendingPathComponent("scripts/run.sh").path,
        try RepositoryLayout.appExecutable().path, "run",
      ]
      process.currentDirectoryURL = work
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_DATA_HOME"] = data.path
      environment["WAYLAND_DISPLAY"] = work.appendingPathComponent("no-compositor").path
      environment["DISPLAY"] = nil
      process.environment = environment
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let bytes = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }

    @Test("writes a desktop file naming this build for the app id, and leaves an installed one alone")
    func desktopFile() throws {
      let work = try InstallTests.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let data = work.appendingPathComponent("data")
      let desktop = data.appendingPathComponent("applications/\(InstallTests.appID).desktop")
      let result = try runScript(data: data, in: work)
      #expect(result.status == 2, "\(result.output)")
      let entry = try String(contentsOf: desktop, encoding: .utf8)
      let executable = try RepositoryLayout.appExecutable()
      let program = executable.resolvingSymlinksInPath().path
      #expect(
        entry.contains("\nExec=\(program)\n") || entry.contains("\nExec=\(executable.path)\n"), "\(entry)")
      #expect(
        entry.contains("\nIcon=\(RepositoryLayout.root.path)/assets/icons/\(InstallTests.appID).png\n"),
        "\(entry)")
      #expect(entry.contains("StartupWMClass=\(InstallTests.appID)"))
      if let validate = RepositoryLayout.executableInPath("desktop-file-validate") {
        let validated = try InstallTests.run(validate, [desktop.path], in: work)
        #expect(validated.status == 0 && validated.output.isEmpty, "\(validated.output)")
      }
      // One that `make install` wrote (no mark of the script's) stays as it is.
      try "[Desktop Entry]\nType=Application\nName=Installed\nExec=/usr/bin/gesture-playground\n".write(
        to: desktop, atomically: true, encoding: .utf8)
      _ = try runScript(data: data, in: work)
      #expect(try String(contentsOf: desktop, encoding: .utf8).contains("Name=Installed"))
    }
  }
}
