import CairoRenderer
import Foundation

/// KWin 5.27 or 6 (KDE Plasma's compositor) with one output, for the end-to-end tests on KDE:
/// fractional scales (`wp_fractional_scale_v1`), server-side decorations and
/// `configure_bounds`, which Weston 10 does not have.
///
/// How KWin runs here (checked on Debian 12 and 13): from a copy of its binary (the file
/// capability the installed one carries is refused in these containers), on a private session
/// bus (a `dbus-daemon` of the session's own, so that both are children the harness stops) with its
/// permission checks off; input comes through `org_kde_kwin_fake_input` (`kwin-inject`, built
/// by `make -C Tests/WestonModule kwin`), screenshots through `ScreenShot2.CaptureWorkspace`
/// at the output's native resolution (`kwin-screenshot.py`). Input coordinates are global
/// logical pixels; screenshots are device pixels (logical times the scale).
///
/// KWin 6 without a GPU render node (these machines have no /dev/dri) composites with QPainter
/// in `--virtual`, where it has no screenshot plugin. There KWin runs nested in an Xvfb screen
/// of the output's device size instead (`--x11-display`: its window is the output, in device
/// pixels), its output is given the scale through `kde_output_management_v2`
/// (`kwin-output-scale`: the X11 backend's `--scale` only sizes the window), and screenshots
/// are that X screen (`xwd`, read by `kwin-screenshot.py --x11`). Input still goes through
/// fake input.
final class KWinSession {
  /// The output's logical size.
  let width: Int
  let height: Int
  /// The output's scale, possibly fractional (1.25).
  let scale: Double
  /// The session's private directory: runtime directory, logs, screenshots.
  let workDirectory: URL
  private var kwin: ChildProcess?
  private var dbus: ChildProcess?
  /// KWin 6's X screen, nil with KWin 5.
  private var xvfb: XvfbServer?
  private(set) var clients: [ChildProcess] = []
  private var busAddress = ""
  private var screenshots = 0

  private static let socketName = "gp-kwin-0"

  private init(width: Int, height: Int, scale: Double, workDirectory: URL) {
    self.width = width
    self.height = height
    self.scale = scale
    self.workDirectory = workDirectory
  }

  /// Runs `body` with KWin running a `width` x `height` output at `scale`; stops everything
  /// after, whatever happened.
  static func with<T>(width: Int, height: Int, scale: Double, _ body: (KWinSession) throws -> T) throws -> T {
    try RepositoryLayout.requireLauncher()
    try RepositoryLayout.requireKWinTools()
    guard let installed = RepositoryLayout.executableInPath("kwin_wayland") else {
      throw HarnessError("kwin_wayland is not installed (scripts/install-deps.sh test installs kwin-wayland)")
    }
    guard let dbusDaemon = RepositoryLayout.executableInPath("dbus-daemon") else {
      throw HarnessError("dbus-daemon is not installed (Debian: dbus-daemon)")
    }
    var template = Array(
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gp-kwin-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed: errno \(errno)") }
    let work = URL(fileURLWithPath: String(cString: made))
    let session = KWinSession(width: width, height: height, scale: scale, workDirectory: work)
    defer { session.stop() }
    let copy = work.appendingPathComponent("kwin_wayland")
    try FileManager.default.copyItem(at: installed, to: copy)
    let busSocket = work.appendingPathComponent("bus.socket")
    session.busAddress = "unix:path=\(busSocket.path)"
    session.dbus = try ChildProcess(
      name: "dbus-daemon", executable: dbusDaemon,
      arguments: ["--session", "--nofork", "--nopidfile", "--address=\(session.busAddress)"],
      environment: session.environment(wayland: false), logURL: work.appendingPathComponent("dbus.log"))
    var backend = ["--virtual"]
    if try Self.majorVersion(of: copy, in: session) >= 6 {
      let xvfb = try XvfbServer(
        width: Int((Double(width) * scale).rounded()), height: Int((Double(height) * scale).rounded()),
        in: work)
      session.xvfb = xvfb
      backend = ["--x11-display", xvfb.name]
    }
    let kwin = try ChildProcess(
      name: "kwin", executable: copy,
      arguments: backend + [
        "--no-lockscreen", "--no-global-shortcuts", "--no-kactivities", "--socket", socketName,
        "--width", String(width), "--height", String(height), "--scale", String(scale),
      ],
      environment: session.environment(wayland: false).merging([
        "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1", "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1",
        "DBUS_SESSION_BUS_ADDRESS": session.busAddress,
      ]) { _, new in new },
      logURL: work.appendingPathComponent("kwin.log"))
    session.kwin = kwin
    let runtime = work.appendingPathComponent("runtime")
    let socket = runtime.appendingPathComponent(socketName).path
    let deadline = Deadline(after: .seconds(20))
    // Woken by each file created in the runtime folder (a KWin that died is seen at the next).
    let opened = try FileWatch.wait(on: runtime.path, for: Int32(IN_CREATE | IN_MOVED_TO), until: deadline) {
      !kwin.isRunning || FileManager.default.fileExists(atPath: socket)
    }
    guard opened, kwin.isRunning else { throw HarnessError("KWin opened no socket:\n\(kwin.logTail())") }
    if session.xvfb != nil {
      // KWin 6 nested in X11: its output takes the scale from kde_output_management_v2.
      let run = try runTool(
        RepositoryLayout.kwinOutputScale, [String(scale)], environment: session.environment(wayland: true))
      guard run.status == 0 else { throw HarnessError("kwin-output-scale failed:\n\(run.output)") }
    }
    // The workspace can be captured once KWin's D-Bus interfaces are up: each attempt is a
    // D-Bus call that fails at once until then.
    while (try? session.capture()) == nil {
      guard kwin.isRunning else { throw HarnessError("KWin exited at start-up:\n\(kwin.logTail())") }
      guard !deadline.hasPassed else {
        throw HarnessError("KWin's screenshots never worked:\n\(try session.capture())")
      }
    }
    return try body(session)
  }

  /// The environment of KWin and its clients: a private runtime directory and home.
  private func environment(wayland: Bool) -> [String: String] {
    let runtime = workDirectory.appendingPathComponent("runtime")
    try? FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
    chmod(runtime.path, 0o700)
    var environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
      "HOME": workDirectory.path, "XDG_RUNTIME_DIR": runtime.path, "QT_QPA_PLATFORM": "offscreen",
    ]
    if wayland { environment["WAYLAND_DISPLAY"] = Self.socketName }
    return environment
  }

  /// Starts a Wayland client on this KWin, with `environment` added.
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

  /// Sends `commands` (one per line, `kwin-inject`'s) through the fake-input device, after
  /// the half second its new device needs; returns once KWin has handled them all.
  func inject(_ commands: [String]) throws {
    let run = try runTool(
      RepositoryLayout.kwinInject, environment: environment(wayland: true),
      input: (["wait 500"] + commands).joined(separator: "\n") + "\n")
    guard run.status == 0, !run.output.contains("error") else {
      throw HarnessError("kwin-inject failed (\(run.status)):\n\(run.output)")
    }
  }

  /// KWin's major version (`kwin_wayland --version` prints `kwin_wayland 6.3.6`).
  private static func majorVersion(of kwin: URL, in session: KWinSession) throws -> Int {
    let run = try runTool(kwin, ["--version"], environment: session.environment(wayland: false))
    guard
      let word = run.output.split(whereSeparator: \.isWhitespace).last(where: { $0.first?.isNumber == true }),
      let major = Int(word.prefix { $0.isNumber })
    else { throw HarnessError("cannot read KWin's version from: \(run.output)") }
    return major
  }

  /// The workspace at native resolution.
  func capture() throws -> Image {
    screenshots += 1
    let path = workDirectory.appendingPathComponent("screenshot-\(screenshots).png").path
    if let xvfb { return try xvfb.capture(to: path, environment: environment(wayland: false)) }
    let run = try runTool(
      URL(fileURLWithPath: "/usr/bin/python3"), [RepositoryLayout.kwinScreenshot.path, busAddress, path],
      environment: environment(wayland: false))
    guard run.status == 0 else { throw HarnessError("the KWin screenshot failed:\n\(run.output)") }
    return try Image(contentsOfPNG: path)
  }

  /// Screenshots until `condition` holds or `timeout` passes; the last one either way.
  func capture(until timeout: Duration = .seconds(5), _ condition: (Image) -> Bool) throws -> Image {
    try captureUntil(timeout, clients: clients, capture: capture, condition)
  }

  /// Stops the clients, then KWin, and removes the session's directory (kept with
  /// `GP_E2E_KEEP=1`).
  func stop() {
    for client in clients.reversed() { client.stop() }
    clients.removeAll()
    kwin?.stop()
    kwin = nil
    xvfb?.stop()
    xvfb = nil
    dbus?.stop()
    dbus = nil
    if ProcessInfo.processInfo.environment["GP_E2E_KEEP"] != "1" {
      try? FileManager.default.removeItem(at: workDirectory)
    }
  }
}
