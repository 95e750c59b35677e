import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// `make run` on an X11 desktop (`scripts/run.sh` with only `$DISPLAY`): Weston nested in an
  /// X11 window sized from the X screen, and the app's window fitting in it.
  @Suite("Run script on X11")
  struct RunScriptX11Tests {
    @Test(
      "On a 1600x900 X screen: a 1440x780 Weston, and a window no taller than it less its panel, placed below the panel"
    )
    func nestedWestonFits() throws {
      try withRun { run, server, work, log in
        // Woken whenever the script's log (the app's protocol log among it) grows.
        _ = try FileWatch.wait(on: run.logURL.path, until: Deadline(after: .seconds(20))) {
          log().contains(".set_window_geometry(") || !run.isRunning
        }
        let text = log()
        #expect(text.contains("starting a 1440x780 Weston"), "\(text.prefix(400))")
        // The window geometry (title bar and content): inside the output less the room kept
        // for Weston's panel, and not much smaller than that.
        let geometries = text.split(separator: "\n").filter { $0.contains(".set_window_geometry(") }
          .compactMap {
            line -> (Int, Int)? in
            let numbers = line.split(separator: "(").last?.split(whereSeparator: { !$0.isNumber }).compactMap
            {
              Int($0)
            }
            guard let numbers, numbers.count == 4 else { return nil }
            return (numbers[2], numbers[3])
          }
        let window = try #require(
          geometries.last,
          "no window geometry in the app's log:\n\(text.split(separator: "\n").suffix(15).joined(separator: "\n"))"
        )
        #expect(window.0 <= 1440 - 32 && window.1 <= 780 - 64, "the window is \(window.0)x\(window.1)")
        #expect(window.1 >= 600, "the window is smaller than it needs to be: \(window.0)x\(window.1)")
        try Self.expectTitleBarBelowPanel(server: server, work: work, run: run, log: log)
      }
    }

    @Test("A desktop shell 4 s slow to start: the app waits for it, and opens below the panel")
    func slowShell() throws {
      // Weston runs the shell client that weston.ini names: a script that waits 4 s, then
      // runs weston-desktop-shell (a busy machine's first start, cold caches). Its command
      // line names weston-desktop-shell, as the script looks for.
      let prepare = { (work: URL) throws -> [String: String] in
        let candidates = [
          "/usr/libexec/weston-desktop-shell", "/usr/lib/x86_64-linux-gnu/weston-desktop-shell",
          "/usr/lib/aarch64-linux-gnu/weston-desktop-shell", "/usr/lib/weston/weston-desktop-shell",
        ]
        let shell = try #require(
          candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
          "no weston-desktop-shell found")
        let folder = work.appendingPathComponent("slow")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let wrapper = folder.appendingPathComponent("weston-desktop-shell")
        try "#!/bin/sh\nsleep 4\nexec \(shell) \"$@\"\n".write(to: wrapper, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let config = work.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[shell]\nclient=\(wrapper.path)\n".write(
          to: config.appendingPathComponent("weston.ini"), atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": config.path]
      }
      try withRun(prepare: prepare) { run, server, work, log in
        // The script's old bound was 2 s: the app must not start within 3 s.
        let started = try FileWatch.wait(on: run.logURL.path, until: Deadline(after: .seconds(3))) {
          log().contains(".get_registry(") || !run.isRunning
        }
        #expect(started == false, "the app started before the shell was up: \(log().suffix(400))")
        try Self.expectTitleBarBelowPanel(server: server, work: work, run: run, log: log)
      }
    }

    /// Runs `make run`'s script with only an X11 display (a 1600x900 Xvfb screen), the app's
    /// protocol log and what `prepare` adds to the environment (given the temporary folder),
    /// hands `body` the script's process, the X server, the folder and a reader of the
    /// script's log, then stops Weston, which ends the app and the script.
    private func withRun(
      prepare: (URL) throws -> [String: String] = { _ in [:] },
      _ body: (ChildProcess, XvfbServer, URL, () -> String) throws -> Void
    ) throws {
      let work = try InstallTests.temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: work) }
      let server = try XvfbServer(width: 1600, height: 900, in: work)
      defer { server.stop() }
      var environment = ProcessInfo.processInfo.environment
      environment["DISPLAY"] = server.name
      environment["WAYLAND_DISPLAY"] = nil
      environment["XDG_RUNTIME_DIR"] = nil
      environment["XDG_DATA_HOME"] = work.appendingPathComponent("data").path
      environment["WAYLAND_DEBUG"] = "client"
      environment.merge(try prepare(work)) { $1 }
      let run = try ChildProcess(
        name: "run.sh", executable: URL(fileURLWithPath: "/bin/bash"),
        arguments: [
          RepositoryLayout.root.appendingPathComponent("scripts/run.sh").path,
          try RepositoryLayout.appExecutable().path, "run",
        ],
        environment: environment, logURL: work.appendingPathComponent("run.log"))
      defer {
        // Weston going away ends the app, then the script.
        let kill = Process()
        kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
        kill.arguments = ["-f", "socket=gesture-playground-\(run.pid)"]
        try? kill.run()
        kill.waitUntilExit()
        _ = run.waitForExit(timeout: .seconds(5))
        run.stop()
      }
      try body(run, server, work) { (try? String(contentsOf: run.logURL, encoding: .utf8)) ?? "" }
    }

    /// Expects, within 10 s, X screenshots to show the window's whole title bar below Weston's
    /// panel. Weston places a window below its panel only once the panel is up: the script
    /// waits for it, or the title bar opens under the panel, its buttons out of reach.
    private static func expectTitleBarBelowPanel(
      server: XvfbServer, work: URL, run: ChildProcess, log: () -> String
    ) throws {
      var screenshots = 0
      var environment = ProcessInfo.processInfo.environment
      environment["DISPLAY"] = server.name
      let capture = { () throws -> Image in
        screenshots += 1
        return try server.capture(
          to: work.appendingPathComponent("screen-\(screenshots).png").path, environment: environment)
      }
      let screen = try captureUntil(.seconds(10), clients: [run], capture: capture) {
        titleBarTop(in: $0) != nil
      }
      let top = try #require(
        titleBarTop(in: screen), "no column shows the whole title bar. \(report(screen, log()))")
      #expect(top >= 32, "the title bar's top is at \(top), under Weston's 32-pixel panel")
    }

    /// What a run whose title bar was not found left, for its failure message: how many of the
    /// screen's pixels have the bar's colour, then the app's last configures and its log's end.
    static func report(_ screen: Image, _ log: String) -> String {
      var count = 0
      for y in 0..<screen.height {
        for x in 0..<screen.width {
          let pixel = screen.pixel(x: x, y: y)
          if pixel.r == titleBar.r && pixel.g == titleBar.g && pixel.b == titleBar.b { count += 1 }
        }
      }
      let lines = log.split(separator: "\n")
      let configures = lines.filter { $0.contains("xdg_toplevel") && $0.contains(".configure(") }.suffix(4)
      return "\(count) pixels of the bar's colour in the last screenshot; the last configures:\n"
        + configures.joined(separator: "\n") + "\nthe log's end:\n" + lines.suffix(12).joined(separator: "\n")
    }

    /// The title bar's colour (`ClientDecoration.titleBarColor`, the focused window's).
    static let titleBar = (r: UInt8(0x30), g: UInt8(0x36), b: UInt8(0x43))

    /// The topmost row where a column of `screen` shows the title bar's colour on 28 rows in a
    /// row, or nil when none does: the bar is 32 rows at scale 1 (`WindowFrame.titleBarHeight`),
    /// its colour on 31 of them (a line below), so 28 is the bar whole and nothing else of the
    /// window's (under Weston's panel at most 6 of its rows show).
    static func titleBarTop(in screen: Image) -> Int? {
      var best: Int?
      for x in stride(from: 0, to: screen.width, by: 8) {
        var run = 0
        for y in 0..<screen.height {
          let pixel = screen.pixel(x: x, y: y)
          run = pixel.r == titleBar.r && pixel.g == titleBar.g && pixel.b == titleBar.b ? run + 1 : 0
          if run == 28 {
            best = min(best ?? Int.max, y - 27)
            break
          }
        }
      }
      return best
    }
  }
}
