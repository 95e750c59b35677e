import CairoRenderer
import Foundation
import Testing

extension EndToEnd {
  /// The app on a second, wlroots-based compositor: sway 1.7 headless with the pixman
  /// renderer. Sway refuses to run as root, so as root sway, the app and grim run as `nobody`
  /// (through `setpriv`), with their own `XDG_RUNTIME_DIR` (owned by that user, mode 0700).
  @Suite("Sway headless")
  struct SwayHeadlessTests {
    @Test("the app starts, gets server-side decorations, renders, and grim sees the cards")
    func cardsWithServerSideDecorations() throws {
      let sway = try SwaySession.start()
      defer { sway.stop() }
      let app = try sway.launch(
        name: "client", executable: try RepositoryLayout.appExecutable(),
        arguments: ["run", "--scene", "cards"],
        environment: ["WAYLAND_DEBUG": "client"])
      defer { app.stop() }

      // xdg-decoration: the app asks, sway answers with mode 2 (server_side); then a buffer
      // is attached and committed.
      try sway.waitForLog(of: app, timeout: .seconds(5)) { text in
        text.contains("zxdg_toplevel_decoration_v1") && Self.decorationModes(in: text).contains(2)
          && text.contains("wl_surface") && text.contains(".attach(wl_buffer@")
      }
      let log = (try? String(contentsOf: app.logURL, encoding: .utf8)) ?? ""
      #expect(log.contains("-> zxdg_toplevel_decoration_v1@") && log.contains(".set_mode(2)"))
      #expect(Self.decorationModes(in: log).last == 2)

      // The first frames may show the output before the window maps: retry until the
      // cards' colours are there, or the deadline.
      let deadline = Deadline(after: .seconds(4))
      var counts: [String: Int] = [:]
      repeat {
        let image = try sway.screenshot()
        counts = Self.colourCounts(in: image)
        if Self.cardColours.allSatisfy({ (counts[$0.name] ?? 0) >= $0.minimum }) { break }
      } while !deadline.hasPassed && app.isRunning
      for colour in Self.cardColours {
        #expect(
          (counts[colour.name] ?? 0) >= colour.minimum,
          "\(colour.name) pixels in the screenshot: \(counts[colour.name] ?? 0)\n\(app.logTail(maxLines: 10))"
        )
      }
      // Sway draws the title bar (focused: #285577) only for a window with server-side
      // decorations.
      #expect((counts["title bar"] ?? 0) >= 1_000, "sway's title bar pixels: \(counts["title bar"] ?? 0)")
      #expect(app.isRunning, "the app ended: \(app.logTail(maxLines: 20))")
    }

    /// A colour looked for in the screenshot, and how many pixels of it prove it is drawn.
    struct Colour {
      let name: String
      let rgb: (Int, Int, Int)
      let minimum: Int
    }

    /// The cards of `assets/scenes/cards.json` (red and green 180x240, blue circle 200 wide).
    static let cardColours = [
      Colour(name: "red card", rgb: (0xe0, 0x6c, 0x75), minimum: 10_000),
      Colour(name: "green card", rgb: (0x98, 0xc3, 0x79), minimum: 10_000),
      Colour(name: "blue circle", rgb: (0x61, 0xaf, 0xef), minimum: 10_000),
    ]
    static let titleBar = Colour(name: "title bar", rgb: (0x28, 0x55, 0x77), minimum: 1_000)

    /// How many pixels of `image` have each colour (within 3 per channel).
    static func colourCounts(in image: Image) -> [String: Int] {
      var counts: [String: Int] = [:]
      let colours = cardColours + [titleBar]
      for y in 0..<image.height {
        for x in 0..<image.width {
          let pixel = image.pixel(x: x, y: y)
          for colour in colours
          where abs(Int(pixel.r) - colour.rgb.0) <= 3 && abs(Int(pixel.g) - colour.rgb.1) <= 3
            && abs(Int(pixel.b) - colour.rgb.2) <= 3
          {
            counts[colour.name, default: 0] += 1
          }
        }
      }
      return counts
    }

    /// The modes of every `zxdg_toplevel_decoration_v1.configure` the client received.
    static func decorationModes(in text: String) -> [Int] {
      text.split(separator: "\n").compactMap { line in
        guard !line.contains("->"), let at = line.range(of: "zxdg_toplevel_decoration_v1@"),
          let call = line[at.upperBound...].range(of: ".configure(")
        else { return nil }
        return Int(line[call.upperBound...].prefix { $0.isNumber })
      }
    }
  }
}

/// Sway headless as an unprivileged user: a private runtime directory, sway's log, and the
/// programs started in it (as the same user). `stop()` ends every one of them.
final class SwaySession {
  /// The user everything runs as when the tests run as root.
  static let userName = "nobody"

  let workDirectory: URL
  let runtimeDirectory: URL
  let uid: uid_t
  let gid: gid_t
  private(set) var socketName = ""
  private var sway: ChildProcess?
  private var children: [ChildProcess] = []
  private var screenshots = 0

  private init(workDirectory: URL, uid: uid_t, gid: gid_t) {
    self.workDirectory = workDirectory
    self.runtimeDirectory = workDirectory.appendingPathComponent("runtime")
    self.uid = uid
    self.gid = gid
  }

  /// Starts sway headless (one 1280x720 output, pixman, no swaybg: a helper process that
  /// could outlive sway) as the unprivileged user and waits for its socket. Throws saying why
  /// when it cannot run here (not installed, no such user, sway exiting at start-up, with its
  /// log).
  static func start() throws -> SwaySession {
    try RepositoryLayout.requireTools()
    for tool in ["sway", "grim", "setpriv"] where RepositoryLayout.executableInPath(tool) == nil {
      throw HarnessError("\(tool) is not installed (scripts/install-deps.sh test installs sway and grim)")
    }
    // Sway refuses root: as root, everything runs as `nobody`; otherwise as the current user.
    var uid = getuid()
    var gid = getgid()
    if geteuid() == 0 {
      guard let user = getpwnam(userName) else {
        throw HarnessError("there is no user '\(userName)' to run sway as (sway refuses to run as root)")
      }
      uid = user.pointee.pw_uid
      gid = user.pointee.pw_gid
    }
    var template = Array(
      URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gp-sway-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed: errno \(errno)") }
    let work = URL(fileURLWithPath: String(cString: made))
    // The user must get through the work directory to its runtime directory.
    chmod(work.path, 0o755)
    let session = SwaySession(workDirectory: work, uid: uid, gid: gid)
    do {
      try session.prepareAndStart()
    } catch {
      session.stop()
      throw error
    }
    return session
  }

  private func prepareAndStart() throws {
    try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: false)
    guard chown(runtimeDirectory.path, uid, gid) == 0, chmod(runtimeDirectory.path, 0o700) == 0 else {
      throw HarnessError("cannot give \(runtimeDirectory.path) to \(Self.userName): errno \(errno)")
    }
    let config = workDirectory.appendingPathComponent("sway.config")
    try """
    xwayland disable
    swaybg_command -
    output * resolution 1280x720
    default_border normal 2
    """.write(to: config, atomically: true, encoding: .utf8)
    chmod(config.path, 0o644)
    let sway = try launch(
      name: "sway", executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["sway", "-c", config.path],
      environment: [
        "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
      ], track: false)
    self.sway = sway
    socketName = try waitForSocket(of: sway)
  }

  /// Starts `executable` as the session's user with the session's runtime directory (and
  /// `WAYLAND_DISPLAY` once sway is up), its output in `<work>/<name>.log`.
  func launch(
    name: String, executable: URL, arguments: [String], environment: [String: String] = [:],
    track: Bool = true
  ) throws -> ChildProcess {
    var env = [
      "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": runtimeDirectory.path,
      "XDG_RUNTIME_DIR": runtimeDirectory.path,
    ]
    if !socketName.isEmpty { env["WAYLAND_DISPLAY"] = socketName }
    env.merge(environment) { _, new in new }
    let asUser =
      geteuid() == 0
      ? (
        URL(fileURLWithPath: "/usr/bin/setpriv"),
        ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"]
      )
      : (URL(fileURLWithPath: "/usr/bin/env"), [])
    let child = try ChildProcess(
      name: name, executable: asUser.0, arguments: asUser.1 + [executable.path] + arguments,
      environment: env, logURL: workDirectory.appendingPathComponent("\(name).log"))
    if track { children.append(child) }
    return child
  }

  /// A grim screenshot of the whole output, read back.
  func screenshot() throws -> Image {
    screenshots += 1
    let file = runtimeDirectory.appendingPathComponent("shot-\(screenshots).png")
    let grim = try launch(
      name: "grim-\(screenshots)", executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["grim", file.path])
    guard grim.waitForExit(timeout: .seconds(3)) else {
      grim.stop()
      throw HarnessError("grim did not finish within 3 s\n\(grim.logTail())")
    }
    grim.stop()
    do {
      return try Image(contentsOfPNG: file.path)
    } catch {
      throw HarnessError("grim wrote no readable screenshot (\(error))\n\(grim.logTail())\n\(swayLogTail())")
    }
  }

  /// Waits until `condition` holds for the text of `child`'s log, re-checked whenever a file
  /// in the work directory changes (inotify, no polling), or throws at the deadline.
  func waitForLog(of child: ChildProcess, timeout: Duration, until condition: (String) -> Bool) throws {
    let deadline = Deadline(after: timeout)
    let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard watch >= 0 else { throw HarnessError("inotify_init1 failed: errno \(errno)") }
    defer { close(watch) }
    guard inotify_add_watch(watch, workDirectory.path, UInt32(IN_MODIFY | IN_CREATE)) >= 0 else {
      throw HarnessError("cannot watch \(workDirectory.path): errno \(errno)")
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !condition((try? String(contentsOf: child.logURL, encoding: .utf8)) ?? "") {
      guard child.isRunning else { throw HarnessError("\(child.name) \(child.status)\n\(child.logTail())") }
      guard !deadline.hasPassed else {
        throw HarnessError(
          "\(child.name): what was awaited is not in its log\n\(child.logTail())\n\(swayLogTail())")
      }
      var fds = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
      _ = poll(&fds, 1, min(deadline.remainingMilliseconds, 200))
      _ = read(watch, &buffer, buffer.count)
    }
  }

  /// Stops every program (newest first, sway last) and removes the work directory.
  func stop() {
    for child in children.reversed() { child.stop() }
    children.removeAll()
    sway?.stop()
    sway = nil
    try? FileManager.default.removeItem(at: workDirectory)
  }

  private func swayLogTail() -> String {
    sway?.logTail(maxLines: 15) ?? ""
  }

  /// Waits for the `wayland-N` socket sway creates in the runtime directory (inotify).
  private func waitForSocket(of sway: ChildProcess) throws -> String {
    let deadline = Deadline(after: .seconds(5))
    let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard watch >= 0 else { throw HarnessError("inotify_init1 failed: errno \(errno)") }
    defer { close(watch) }
    guard inotify_add_watch(watch, runtimeDirectory.path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
      throw HarnessError("cannot watch \(runtimeDirectory.path): errno \(errno)")
    }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: runtimeDirectory.path)) ?? []
      // The socket comes after its lock file; sway listens as soon as it exists.
      if let socket = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) {
        return socket
      }
      guard sway.isRunning else {
        throw HarnessError("sway \(sway.status) during start-up; it cannot run here:\n\(sway.logTail())")
      }
      guard !deadline.hasPassed else {
        throw HarnessError("sway made no socket within 5 s\n\(sway.logTail())")
      }
      var fds = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
      _ = poll(&fds, 1, deadline.remainingMilliseconds)
      _ = read(watch, &buffer, buffer.count)
    }
  }
}
