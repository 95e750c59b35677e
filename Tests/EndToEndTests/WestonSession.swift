import CairoRenderer
import Foundation

/// A private headless Weston 10 with the test module, the clients started in
/// it, and the driver `gp-inject`; `close()` stops and reaps all of them and
/// removes the runtime directory.
///
/// Weston runs as `weston --backend=headless-backend.so --use-pixman
/// --shell=kiosk-shell.so --idle-time=0 --width=W --height=H --socket=NAME
/// --scale=S --modules=<module> --no-config` in its own `XDG_RUNTIME_DIR` (mode 0700).
/// kiosk-shell shows one window at a time, full-output when it accepts the
/// size (else centred), with no panel, and focuses it. Set `GP_E2E_KEEP=1` to
/// keep the runtime directory (logs, screenshots) for a look afterwards.
final class WestonSession {
  /// Output width in logical pixels (what input coordinates use).
  let width: Int
  /// Output height in logical pixels.
  let height: Int
  /// The installed Weston's major version (`weston --version`: "weston 14.0.2"), nil when it
  /// cannot be told.
  static let majorVersion: Int? = {
    guard let weston = RepositoryLayout.executableInPath("weston"),
      let run = try? runTool(weston, ["--version"], environment: [:])
    else { return nil }
    let words = run.output.split(whereSeparator: { !$0.isNumber && $0 != "." })
    return words.first { $0.contains(".") }.flatMap { Int($0.split(separator: ".")[0]) }
  }()

  /// The output's integer scale: screenshots are `width * scale` x `height * scale`.
  let scale: Int
  /// The private `XDG_RUNTIME_DIR`, also holding logs, scenes and screenshots.
  let runtimeDirectory: URL
  /// The Wayland socket name inside `runtimeDirectory`.
  static let socketName = "gp-e2e"
  /// The driver.
  let injector: Injector
  private let weston: ChildProcess
  /// The clients started with `launchClient`, oldest first.
  private(set) var clients: [ChildProcess] = []
  private var captureCount = 0
  private var closed = false

  private init(
    width: Int, height: Int, scale: Int, runtimeDirectory: URL, weston: ChildProcess, injector: Injector
  ) {
    self.width = width
    self.height = height
    self.scale = scale
    self.runtimeDirectory = runtimeDirectory
    self.weston = weston
    self.injector = injector
  }

  /// Runs `body` with a fresh session and always closes it; errors thrown by
  /// `body` come back with the logs of every process attached.
  static func with<T>(
    width: Int = 640, height: Int = 480, scale: Int = 1, shell: String = "kiosk-shell.so",
    _ body: (WestonSession) throws -> T
  ) throws -> T {
    let session = try start(width: width, height: height, scale: scale, shell: shell)
    defer { session.close() }
    do {
      return try body(session)
    } catch {
      throw HarnessError("\(error)\n\(session.diagnostics())")
    }
  }

  /// Builds the tools if needed, starts Weston, waits until it serves
  /// clients, and starts the driver. `width` and `height` are logical; the headless
  /// output's mode is `scale` times that. `shell` is kiosk-shell unless told (desktop-shell
  /// places windows at random, with client-side decorations and a panel).
  static func start(
    width: Int, height: Int, scale: Int = 1, shell: String = "kiosk-shell.so"
  ) throws -> WestonSession {
    try RepositoryLayout.requireTools()
    guard let westonExecutable = RepositoryLayout.executableInPath("weston") else {
      throw HarnessError("weston is not installed (Debian: apt-get install weston)")
    }
    let directory = try makePrivateDirectory()
    var started: [ChildProcess] = []
    do {
      let weston = try ChildProcess(
        name: "weston",
        executable: westonExecutable,
        arguments: [
          "--backend=headless-backend.so", "--use-pixman", "--shell=\(shell)", "--idle-time=0",
          "--width=\(width)", "--height=\(height)", "--scale=\(scale)", "--socket=\(socketName)",
          "--modules=\(RepositoryLayout.westonModule.path)", "--no-config",
        ],
        environment: environment(runtimeDirectory: directory, wayland: false),
        logURL: directory.appendingPathComponent("weston.log")
      )
      started.append(weston)
      try waitForSocket(of: weston, in: directory)
      let injector = try Injector(
        environment: environment(runtimeDirectory: directory, wayland: true),
        logURL: directory.appendingPathComponent("gp-inject.log")
      )
      started.append(injector.process)
      try injector.run(["sync", "timeout 5000"])
      return WestonSession(
        width: width, height: height, scale: scale, runtimeDirectory: directory, weston: weston,
        injector: injector)
    } catch {
      let logs = started.map { $0.logTail() }.joined(separator: "\n")
      for process in started.reversed() {
        process.stop()
      }
      try? FileManager.default.removeItem(at: directory)
      throw HarnessError("\(error)\n\(logs)")
    }
  }

  /// The absolute path of the compositor's socket (a valid `WAYLAND_DISPLAY`).
  var socketPath: String {
    runtimeDirectory.appendingPathComponent(Self.socketName).path
  }

  /// Kills the compositor at once with SIGKILL, as a crash would; `close()` still
  /// reaps it.
  func killCompositor() {
    kill(weston.pid, SIGKILL)
  }

  /// Starts a Wayland client on this compositor, with `environment` added to
  /// the session's; `close()` stops it.
  @discardableResult
  func launchClient(
    _ executable: URL,
    arguments: [String] = [],
    environment: [String: String] = [:],
    name: String = "client"
  ) throws -> ChildProcess {
    let client = try ChildProcess(
      name: name,
      executable: executable,
      arguments: arguments,
      environment: Self.environment(runtimeDirectory: runtimeDirectory, wayland: true)
        .merging(environment) { _, added in added },
      logURL: runtimeDirectory.appendingPathComponent("\(name)-\(clients.count).log")
    )
    clients.append(client)
    return client
  }

  /// Waits until `client` has a window that input reaches (mapped, and a
  /// repaint rebuilt Weston's view list since), and returns its place in
  /// global coordinates. Fails early, with its log, if the client exits.
  func waitForWindow(of client: ChildProcess, timeout: Duration = .seconds(15)) throws -> PixelBox {
    let deadline = Deadline(after: timeout)
    try injector.run("timeout 200")
    defer { _ = try? injector.run("timeout 5000") }
    while true {
      switch try injector.replies(to: ["wait-window"])[0] {
      case .ok(let payload):
        let numbers = payload.split(separator: " ").dropFirst().compactMap { Int($0) }
        guard numbers.count == 4 else { throw HarnessError("gp-inject: unexpected window reply: \(payload)") }
        return PixelBox(frameX: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
      case .error(let message):
        if !client.isRunning {
          throw HarnessError("\(client.name) \(client.status) before showing a window\n\(client.logTail())")
        }
        if deadline.hasPassed {
          throw HarnessError("\(client.name) showed no window within \(timeout) (last: \(message))")
        }
      }
    }
  }

  /// Moves the pointer to the bottom-right corner, so the cursor the client
  /// may set is drawn (almost entirely) off screen.
  func parkPointer() throws {
    try injector.run(InputScript.pointerMove(to: ScreenPoint(Double(width - 1), Double(height - 1))))
  }

  /// A screenshot of the next frame the compositor renders.
  func capture() throws -> Image {
    captureCount += 1
    let path = runtimeDirectory.appendingPathComponent("capture-\(captureCount).png").path
    try injector.run("capture \(path)")
    return try Image(contentsOfPNG: path)
  }

  /// Screenshots frame after frame until `condition` holds or `timeout`
  /// passes; returns the last one either way (the caller asserts on it).
  /// Throws, with its log, as soon as a client has exited.
  func capture(until timeout: Duration = .seconds(5), _ condition: (Image) -> Bool) throws -> Image {
    try captureUntil(timeout, clients: clients, capture: capture, condition)
  }

  /// The log tails of Weston, the clients and the driver.
  func diagnostics() -> String {
    ([weston] + clients + [injector.process]).map { $0.logTail() }.joined(separator: "\n")
  }

  /// Stops the driver, the clients and Weston (SIGTERM, then SIGKILL after a
  /// grace period), reaps them, and removes the runtime directory.
  func close() {
    guard !closed else { return }
    closed = true
    injector.stop()
    for client in clients.reversed() {
      client.stop()
    }
    weston.stop()
    if ProcessInfo.processInfo.environment["GP_E2E_KEEP"] != nil {
      FileHandle.standardError.write(Data("end-to-end artifacts kept in \(runtimeDirectory.path)\n".utf8))
    } else {
      try? FileManager.default.removeItem(at: runtimeDirectory)
    }
  }

  deinit {
    close()
  }

  private static func makePrivateDirectory() throws -> URL {
    // Short, because the socket path inside must fit in sockaddr_un (108 bytes).
    let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
    var template = Array((base + "gp-e2e-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
      throw HarnessError("cannot create a runtime directory: \(String(cString: strerror(errno)))")
    }
    let path = String(cString: made)
    guard chmod(path, 0o700) == 0 else {
      throw HarnessError("cannot make \(path) private: \(String(cString: strerror(errno)))")
    }
    return URL(fileURLWithPath: path)
  }

  private static func environment(runtimeDirectory: URL, wayland: Bool) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"] {
      environment[name] = nil
    }
    environment["XDG_RUNTIME_DIR"] = runtimeDirectory.path
    if wayland {
      environment["WAYLAND_DISPLAY"] = socketName
    }
    return environment
  }

  /// Waits for Weston's socket file; Weston dispatches nothing before its
  /// modules are loaded, so clients may connect as soon as it exists. Woken by
  /// inotify when a file appears in the runtime directory, not by polling.
  private static func waitForSocket(of weston: ChildProcess, in directory: URL) throws {
    let socket = directory.appendingPathComponent(socketName).path
    var died = false
    // A Weston that dies before creating its socket is noticed at the next file created in
    // the folder, or when the deadline passes.
    let created = try FileWatch.wait(
      on: directory.path, for: Int32(IN_CREATE | IN_MOVED_TO), until: Deadline(after: .seconds(10))
    ) {
      died = !weston.isRunning
      return died || FileManager.default.fileExists(atPath: socket)
    }
    if died, !FileManager.default.fileExists(atPath: socket) {
      throw HarnessError("weston \(weston.status) during start-up")
    }
    guard created else { throw HarnessError("weston did not create its socket within 10 s") }
  }

}
