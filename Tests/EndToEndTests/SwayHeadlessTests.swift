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
      let log = (try? WaylandDebugLog.text(of: app.logURL)) ?? ""
      #expect(log.contains("-> zxdg_toplevel_decoration_v1@") && log.contains(".set_mode(2)"))
      #expect(Self.decorationModes(in: log).last == 2)
      // sway offers the tablet protocol (wlroots): the app asks for the seat's tablets and
      // tools (`TabletSeat`), so that a pen is a pencil touch there.
      #expect(
        log.contains("wl_registry@2.bind(") && log.contains("zwp_tablet_manager_v2")
          && log.contains(".get_tablet_seat(new id zwp_tablet_seat_v2@"),
        "no tablet seat asked for")

      // The first frames may show the output before the window maps: retry until the
      // cards' colours are there, or the deadline. The deadline is generous for `make asan`
      // on a busy 2-core machine (a 4 s one once ran out there after a single screenshot,
      // taken before the window was drawn, while its check ran); the wait ends at the first
      // screenshot that shows the cards.
      let image = try sway.screenshot(timeout: .seconds(10), while: app) { image in
        let counts = Self.colourCounts(in: image)
        return Self.cardColours.allSatisfy { (counts[$0.name] ?? 0) >= $0.minimum }
      }
      let counts = Self.colourCounts(in: image)
      for colour in Self.cardColours {
        #expect(
          (counts[colour.name] ?? 0) >= colour.minimum,
          """
          \(colour.name) pixels in the screenshot: \(counts[colour.name] ?? 0)
          screenshots: \(sway.lastWait)
          \(app.logTail(maxLines: 10))
          """
        )
      }
      // Sway draws the title bar (focused: #285577) only for a window with server-side
      // decorations.
      #expect((counts["title bar"] ?? 0) >= 1_000, "sway's title bar pixels: \(counts["title bar"] ?? 0)")
      #expect(app.isRunning, "the app ended: \(app.logTail(maxLines: 20))")
    }

    // Pointer input on sway 1.7, as found here:
    //
    // - Sway headless has no input device (WLR_LIBINPUT_NO_DEVICES=1; this machine has no
    //   /dev/input or /dev/uinput either), so seat0 starts with capabilities 0 and the app
    //   gets no wl_pointer. `swaymsg seat - cursor set|move|press|release` then answers
    //   "success" and delivers nothing.
    // - A zwlr_virtual_pointer_v1 (VirtualPointer.swift) adds a pointer device to seat0: the
    //   app receives wl_seat.capabilities(1) and asks for its wl_pointer.
    // - Even then `swaymsg seat - cursor move DX DY` does not drag: while a button is held
    //   (sway's "down" seat operation) a cursor command moves sway's cursor without any
    //   wl_pointer.motion to the client; the client sees press, release, and only then one
    //   motion (time 0) to where the cursor ended. The card does not move. So the whole drag
    //   goes through the virtual pointer: motion_absolute, button, frame.
    //
    // Touchpad pinch cannot be injected on sway 1.7 (wlroots 0.15): sway offers
    // zwp_pointer_gestures_v1 (version 3) and the app binds its pinch, swipe and hold objects,
    // but sway sends their events only from the pinch/swipe/hold events of a libinput touchpad
    // on the seat's cursor. zwlr_virtual_pointer_v1 has motion, motion_absolute, button,
    // axis, axis_source, axis_stop, axis_discrete and frame and no gestures; `swaymsg seat
    // <name> cursor` has only move, set, press and release (sway-input(5)); `swaymsg -t
    // get_inputs` lists only the "virtual pointer" (type "pointer", not "touchpad"); and a
    // uinput touchpad read by sway's libinput backend would need /dev/uinput and a seat
    // session that can open /dev/input devices, neither of which exists here. Nothing is
    // faked: touchpad pinch is covered by the replay and unit tests (InputPathReplayTests,
    // WindowTouchpadGestureTests), and the app's binding of the gesture objects by
    // WheelAndTwoFingerEndToEndTests.
    @Test("a mouse drag through sway's virtual pointer moves a card by the pointer's movement")
    func dragCardWithVirtualPointer() throws {
      try Self.withCardsAndPointer { sway, app, start, pointer in
        // Press on the card's centre, drag it into the empty area on the right of the scene,
        // release, and take the pointer back off the card (sway draws the cursor into the
        // screenshot).
        // Sway tiles the window over the output: the scene is scaled to fit it, and so is the
        // drag (the card must stay under the pointer).
        let scale = Double(start.maxX - start.minX + 1) / Double(Self.cardSize.width)
        let by = (
          dx: Int((Double(Self.dragBy.dx) * scale).rounded()),
          dy: Int((Double(Self.dragBy.dy) * scale).rounded())
        )
        let press = (x: (start.minX + start.maxX) / 2, y: (start.minY + start.maxY) / 2)
        let end = (x: press.x + by.dx, y: press.y + by.dy)
        try pointer.drag(from: press, to: end)
        try pointer.move(toX: press.x, y: press.y)
        try pointer.roundtrip()

        let expected = start.offsetBy(dx: by.dx, dy: by.dy)
        let after = try sway.screenshot(timeout: .seconds(3), while: app) { image in
          Self.greenCard(in: image)?.matches(expected) ?? false
        }
        let moved = Self.greenCard(in: after)
        let log = (try? WaylandDebugLog.text(of: app.logURL)) ?? ""
        let pointerEvents = log.split(separator: "\n").filter {
          $0.contains("wl_pointer@") && !$0.contains("->")
            && ($0.contains(".button(") || $0.contains(".enter(") || $0.contains(".motion("))
        }
        #expect(
          moved?.matches(expected) == true,
          """
          the drag from \(press.x),\(press.y) to \(end.x),\(end.y) should move the green card from \(start) \
          to \(expected); it is at \(moved.map(String.init(describing:)) ?? "nowhere").
          Screenshots: \(sway.lastWait)
          The app's pointer events (\(pointerEvents.count)):
          \(pointerEvents.prefix(4).joined(separator: "\n"))
          ...
          \(pointerEvents.suffix(3).joined(separator: "\n"))
          """)
        #expect(
          pointerEvents.contains { $0.contains(".button(") && $0.hasSuffix(", 272, 1)") }
            && pointerEvents.contains { $0.contains(".button(") && $0.hasSuffix(", 272, 0)") },
          "the app got no left-button press and release (\(pointerEvents.count) pointer events)")
        #expect(app.isRunning, "the app ended: \(app.logTail(maxLines: 20))")
      }
    }

    /// Runs `body` with sway showing the cards scene (logging the app's requests), the green
    /// card found in a screenshot, and a virtual pointer the app has asked a `wl_pointer` for.
    ///
    /// Where sway put the window (tiled over the output, below its title bar) is not assumed:
    /// the card is found in the screenshot, whose pixels are global coordinates (one 1280x720
    /// output at 0,0, scale 1), the coordinates the virtual pointer takes. As long as the
    /// first test's wait, for the same reason.
    static func withCardsAndPointer(
      _ body: (SwaySession, ChildProcess, PixelBox, VirtualPointer) throws -> Void
    ) throws {
      let sway = try SwaySession.start()
      defer { sway.stop() }
      let app = try sway.launch(
        name: "client", executable: try RepositoryLayout.appExecutable(),
        arguments: ["run", "--scene", "cards"],
        environment: ["WAYLAND_DEBUG": "client"])
      defer { app.stop() }
      let first = try sway.screenshot(timeout: .seconds(10), while: app) { greenCard(in: $0) != nil }
      guard let card = greenCard(in: first) else {
        throw HarnessError(
          """
          the green card (\(cardSize.width)x\(cardSize.height), \(green)) is not in sway's \
          screenshot: \(colourCounts(in: first))
          screenshots: \(sway.lastWait)
          \(app.logTail(maxLines: 10))
          """)
      }
      let pointer = try VirtualPointer(
        socketPath: sway.socketPath, width: SwaySession.outputWidth, height: SwaySession.outputHeight)
      defer { pointer.close() }
      do {
        try sway.waitForLog(of: app, timeout: .seconds(3)) { $0.contains(".get_pointer(new id wl_pointer@") }
      } catch {
        throw HarnessError(
          "the app asked for no wl_pointer after the virtual pointer gave seat0 a pointer:\n\(error)")
      }
      try body(sway, app, card, pointer)
    }

    /// The green card of `assets/scenes/cards.json` ("Me too", frame [230, 160, 180, 240], drawn
    /// above the red one), what the drag test moves.
    static let green = RGBA8(r: 0x98, g: 0xc3, b: 0x79)
    static let cardSize = (width: 180, height: 240)
    /// From [230, 160] to [760, 120] in the scene: clear of the blue circle (x 540...740) and the
    /// yellow card (y 380...520), and inside the scene's 960x640.
    static let dragBy = (dx: 530, dy: -40)

    /// The green card's box in `image` (its exact fill, within 3 per channel), if it is there
    /// whole: the box must have the card's shape (the scene is scaled to fit the window, by
    /// at least a half here).
    static func greenCard(in image: Image) -> PixelBox? {
      guard let box = PixelBox.bounding(green, tolerance: 3, in: image) else { return nil }
      let width = Double(box.maxX - box.minX + 1)
      let height = Double(box.maxY - box.minY + 1)
      let scale = width / Double(cardSize.width)
      guard scale >= 0.5, abs(height - Double(cardSize.height) * scale) <= 2 else { return nil }
      return box
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
      // Plain integers in the pixel loop: with the names and a dictionary there, the debug
      // build under `make asan` took 3.5 s a screenshot, and a screenshot's check once ran
      // past the deadline of the wait that called it.
      let colours = cardColours + [titleBar]
      let wanted = colours.map { $0.rgb }
      var tallies = [Int](repeating: 0, count: wanted.count)
      for y in 0..<image.height {
        for x in 0..<image.width {
          let pixel = image.pixel(x: x, y: y)
          let (r, g, b) = (Int(pixel.r), Int(pixel.g), Int(pixel.b))
          for index in 0..<wanted.count
          where abs(r - wanted[index].0) <= 3 && abs(g - wanted[index].1) <= 3
            && abs(b - wanted[index].2) <= 3
          {
            tallies[index] += 1
          }
        }
      }
      var counts: [String: Int] = [:]
      for (colour, tally) in zip(colours, tallies) where tally > 0 { counts[colour.name] = tally }
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
  /// The one headless output (`output * resolution` in the config), at 0,0 in the layout.
  static let outputWidth = 1280
  static let outputHeight = 720

  let workDirectory: URL
  let runtimeDirectory: URL
  let uid: uid_t
  let gid: gid_t
  private(set) var socketName = ""
  /// The path of sway's Wayland socket (for clients in the test process).
  var socketPath: String { runtimeDirectory.appendingPathComponent(socketName).path }
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
    try RepositoryLayout.requireLauncher()
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
    output * resolution \(Self.outputWidth)x\(Self.outputHeight)
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
    // Under `make asan` (scripts/asan.sh) the app started here reports to the same log folder.
    let inherited = ProcessInfo.processInfo.environment
    for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH"] {
      if let value = inherited[name] { env[name] = value }
    }
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

  /// Screenshots until `condition` holds for one (or `timeout` passes) and returns the last:
  /// the first frames may not show what is awaited yet. Throws, with its log, when `app` has
  /// ended. `lastWait` says how it went, for a failure's message.
  func screenshot(timeout: Duration, while app: ChildProcess, until condition: (Image) -> Bool) throws
    -> Image
  {
    let started = ContinuousClock.now
    let first = screenshots + 1
    let image = try captureUntil(timeout, clients: [app], capture: screenshot, condition)
    lastWaitImage = image
    lastWaitSummary = """
      \(screenshots - first + 1) screenshots in \(started.duration(to: .now)); the last, \
      shot-\(screenshots).png
      """
    return image
  }

  private var lastWaitSummary = ""
  private var lastWaitImage: Image?

  /// How the last `screenshot(timeout:while:until:)` went, for a failure's message: how many
  /// screenshots in how long, the last one's size and commonest colours, and sway's log tail.
  var lastWait: String {
    guard let image = lastWaitImage else { return "none taken" }
    return """
      \(lastWaitSummary) (\(image.width)x\(image.height)), mostly \(Self.commonestColours(in: image))
      \(swayLogTail())
      """
  }

  /// The three commonest colours of `image` with their share, e.g. "#333333 97%, ...": what
  /// a screenshot showed when it did not show what was awaited (an empty output, a window
  /// not yet drawn, a black frame).
  static func commonestColours(in image: Image) -> String {
    var counts: [UInt32: Int] = [:]
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x: x, y: y)
        counts[UInt32(pixel.r) << 16 | UInt32(pixel.g) << 8 | UInt32(pixel.b), default: 0] += 1
      }
    }
    let total = max(1, image.width * image.height)
    return counts.sorted { $0.value > $1.value }.prefix(3).map { colour, count in
      "#\(String(format: "%06x", colour)) \(count * 100 / total)%"
    }.joined(separator: ", ")
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
    while !condition((try? WaylandDebugLog.text(of: child.logURL)) ?? "") {
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

  /// Stops every program (newest first, sway last) and removes the work directory (kept,
  /// with its logs and screenshots, when `GP_E2E_KEEP=1`).
  func stop() {
    for child in children.reversed() { child.stop() }
    children.removeAll()
    sway?.stop()
    sway = nil
    if ProcessInfo.processInfo.environment["GP_E2E_KEEP"] == "1" {
      FileHandle.standardError.write(Data("sway artifacts kept in \(workDirectory.path)\n".utf8))
    } else {
      try? FileManager.default.removeItem(at: workDirectory)
    }
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
