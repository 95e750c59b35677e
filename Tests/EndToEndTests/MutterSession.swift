import CairoRenderer
import Foundation

/// mutter 43 headless (GNOME's compositor) with one virtual monitor, for the end-to-end tests
/// on GNOME: client-side decorations (no xdg-decoration), `configure_bounds`, a window moved
/// by its own title bar.
///
/// How mutter runs here (checked on Debian 12 and 13): on a private session bus with PipeWire
/// and WirePlumber running, `mutter --headless --wayland --no-x11 --virtual-monitor WxH`;
/// input through its
/// remote-desktop D-Bus interface and screenshots through a screen cast of the monitor, both
/// by `mutter-remote.py` (python3-dbus, gst-launch-1.0). Coordinates are global logical
/// pixels, and screenshots are the monitor's pixels (scale 1 here).
final class MutterSession {
  /// The monitor's size.
  let width: Int
  let height: Int
  /// The session's private directory: runtime directory, logs, screenshots.
  let workDirectory: URL
  private var services: [ChildProcess] = []
  private(set) var clients: [ChildProcess] = []
  private var screenshots = 0

  private static let socketName = "gp-mutter-0"

  private init(width: Int, height: Int, workDirectory: URL) {
    self.width = width
    self.height = height
    self.workDirectory = workDirectory
  }

  private var busAddress: String { "unix:path=\(workDirectory.appendingPathComponent("bus.socket").path)" }

  /// Runs `body` with mutter showing a `width` x `height` monitor; stops everything after.
  static func with<T>(width: Int, height: Int, _ body: (MutterSession) throws -> T) throws -> T {
    try RepositoryLayout.requireLauncher()
    var tools: [String: URL] = [:]
    for tool in ["mutter", "dbus-daemon", "pipewire", "wireplumber", "gst-launch-1.0"] {
      guard let found = RepositoryLayout.executableInPath(tool) else {
        throw HarnessError(
          "\(tool) is not installed (scripts/install-deps.sh test installs mutter and its helpers)")
      }
      tools[tool] = found
    }
    var template = Array(
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gp-mutter-XXXXXX").path.utf8CString
    )
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed: errno \(errno)") }
    let session = MutterSession(
      width: width, height: height, workDirectory: URL(fileURLWithPath: String(cString: made)))
    defer { session.stop() }
    try session.startService(
      "dbus-daemon", tools["dbus-daemon"]!,
      ["--session", "--nofork", "--nopidfile", "--address=\(session.busAddress)"])
    try session.waitFor("the session bus", session.workDirectory.appendingPathComponent("bus.socket"))
    try session.startService("pipewire", tools["pipewire"]!, [])
    try session.waitFor("PipeWire", session.workDirectory.appendingPathComponent("runtime/pipewire-0"))
    try session.startService("wireplumber", tools["wireplumber"]!, [])
    try session.startService(
      "mutter", tools["mutter"]!,
      [
        "--headless", "--wayland", "--no-x11", "--wayland-display=\(socketName)", "--virtual-monitor",
        "\(width)x\(height)",
      ])
    try session.waitFor(
      "mutter's socket", session.workDirectory.appendingPathComponent("runtime/\(socketName)"))
    return try body(session)
  }

  /// The environment of the services and clients: a private runtime directory, home and bus.
  private func environment(wayland: Bool) -> [String: String] {
    let runtime = workDirectory.appendingPathComponent("runtime")
    try? FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    chmod(runtime.path, 0o700)
    var environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
      "HOME": workDirectory.path, "XDG_RUNTIME_DIR": runtime.path, "DBUS_SESSION_BUS_ADDRESS": busAddress,
      "GSETTINGS_BACKEND": "memory",
    ]
    if wayland { environment["WAYLAND_DISPLAY"] = Self.socketName }
    return environment
  }

  private func startService(_ name: String, _ executable: URL, _ arguments: [String]) throws {
    services.append(
      try ChildProcess(
        name: name, executable: executable, arguments: arguments, environment: environment(wayland: false),
        logURL: workDirectory.appendingPathComponent("\(name).log")))
  }

  /// Waits for `file` to appear (woken by inotify on its folder; a service that died is seen
  /// at the next file created there, or at the deadline).
  private func waitFor(_ what: String, _ file: URL) throws {
    let appeared = try FileWatch.wait(
      on: file.deletingLastPathComponent().path, for: Int32(IN_CREATE | IN_MOVED_TO),
      until: Deadline(after: .seconds(20))
    ) {
      FileManager.default.fileExists(atPath: file.path) || services.contains { !$0.isRunning }
    }
    if let dead = services.first(where: { !$0.isRunning }) {
      throw HarnessError("\(dead.name) exited while waiting for \(what):\n\(dead.logTail())")
    }
    guard appeared else { throw HarnessError("no \(what) after 20 s") }
  }

  /// Starts a Wayland client on this mutter, with `environment` added.
  @discardableResult
  func launchClient(_ executable: URL, arguments: [String], environment: [String: String] = [:], name: String)
    throws -> ChildProcess
  {
    let client = try startClient(
      executable, arguments: arguments,
      environment: self.environment(wayland: true).merging(environment) { $1 },
      name: name, in: workDirectory)
    clients.append(client)
    return client
  }

  /// Runs `commands` (`mutter-remote.py`'s) in one remote-desktop session.
  func drive(_ commands: [String]) throws {
    let run = try runTool(
      URL(fileURLWithPath: "/usr/bin/python3"), [RepositoryLayout.mutterRemote.path],
      environment: environment(wayland: false), input: commands.joined(separator: "\n") + "\n")
    guard run.status == 0, !run.output.contains("error") else {
      throw HarnessError("mutter-remote failed (\(run.status)):\n\(run.output)")
    }
  }

  /// The monitor now.
  func capture() throws -> Image {
    screenshots += 1
    let path = workDirectory.appendingPathComponent("screenshot-\(screenshots).png").path
    try drive(["shot \(path)"])
    return try Image(contentsOfPNG: path)
  }

  /// Screenshots until `condition` holds or `timeout` passes; the last one either way.
  func capture(until timeout: Duration = .seconds(10), _ condition: (Image) -> Bool) throws -> Image {
    try captureUntil(timeout, clients: clients, capture: capture, condition)
  }

  /// Stops the clients, then the services, and removes the session's directory (kept with
  /// `GP_E2E_KEEP=1`).
  func stop() {
    for client in clients.reversed() { client.stop() }
    clients.removeAll()
    for service in services.reversed() { service.stop() }
    services.removeAll()
    if ProcessInfo.processInfo.environment["GP_E2E_KEEP"] != "1" {
      try? FileManager.default.removeItem(at: workDirectory)
    }
  }
}
