import CWaylandClient
import CWaylandProtocols
import GestureKit
import Glibc

/// A Wayland client with one toplevel window showing a GestureKit `Window`.
///
/// Owns everything with a file descriptor: the connection, the globals, the seats and their
/// devices, the toplevel, the shm buffers and the event loop. Input becomes `InputFrame`s for
/// the gesture window; drawing happens through `draw` into a free shm buffer.
///
/// Frame pacing (`FramePacer`): when something changed and no frame callback is pending, the
/// window is drawn and committed at once (no added latency); while one is pending, changes are
/// coalesced and drawn when it fires (at most one commit per compositor repaint). When the
/// compositor offers presentation feedback (`wp_presentation`), the draw after a frame
/// callback is planned as late as still makes the next repaint, so that input arriving
/// meanwhile is on screen one repaint sooner.
///
/// Window size: the gesture window's size follows each configure that suggests one (minus
/// the client-side title bar when it is shown; `WindowFrame`); a 0x0 suggestion keeps the
/// current size. The frame is a synchronized subsurface, updated right before the commit
/// that acknowledges the configure, so the frame and the content always change together.
public final class WaylandApplication {
  /// The gesture window the input goes to and that is drawn.
  public let window: Window
  /// The clock the gesture window's timers run on.
  public let clock: MonotonicClock
  /// Draws the gesture window into a buffer: pixels, width and height in buffer pixels,
  /// bytes per row, and the scale (buffer pixels per logical pixel: an output's integer
  /// scale, or the compositor's fractional scale). The format is 32-bit XRGB8888 in native
  /// endianness.
  ///
  /// The last argument is the region to repaint, in window (logical) coordinates: what
  /// changed since the frame the buffer holds (buffer age, as `DamageHistory` computes it),
  /// or nil when the buffer's contents are unknown and everything must be drawn. Pixels
  /// outside the region must be left as they are.
  public var draw: ((UnsafeMutableRawPointer, Int, Int, Int, Double, [Rect]?) -> Void)?
  /// The cursor to show with the pointer at a location in window (logical) coordinates;
  /// asked at most once per pointer frame, and once per drawn frame while the pointer is on
  /// the window. Nil shows the default cursor.
  public var cursorForPointer: ((Point) -> CursorKind)?
  /// Turns the seats' events into input frames, hover and cancels for `window`.
  public let translator: SeatInputTranslator
  /// Called for every key press and release (with modifiers tracked from the keys).
  public var onKey: ((KeyPress) -> Void)? {
    get { translator.onKey }
    set { translator.onKey = newValue }
  }
  /// Called with every seat event, and its time, right before the translator gets it (to
  /// record a trace). Key repeats are seat events too: a press of a key already down.
  public var onSeatEvent: ((SeatEvent, Double) -> Void)?
  /// Which held keys (by keysym name) repeat, at the compositor's `repeat_info` rate, among
  /// those the keymap lets repeat; by default none, so that a key acts once per press.
  public var repeatsKey: (String) -> Bool = { _ in false }

  private let connection: DisplayConnection
  private var registry: GlobalRegistry?
  private let compositor: OpaquePointer
  private let wmBase: OpaquePointer
  private let shm: OpaquePointer
  private let decorationManager: OpaquePointer?
  private let subcompositor: OpaquePointer?
  /// The client-side frame, created the first time it is shown.
  private var decoration: ClientDecoration?
  /// Whether the client-side frame is shown (client-side decorations, not fullscreen).
  private var frameShown = false
  /// The window geometry last set, nil until the frame first shows (it is left alone
  /// before); set again only when it changes.
  private var geometry: (x: Int, y: Int, width: Int, height: Int)?
  /// Touchpad gestures (pointer-gestures), when the compositor offers them.
  private var pointerGestures: PointerGestureManager?
  private var toplevel: Toplevel?
  private var pool: BufferPool?
  private var cursor: CursorController?
  private var scale: ScaleTracker?
  private var seats: [Seat] = []
  private var frameCallback: OpaquePointer?
  /// Presentation feedback, when the compositor offers it.
  private var presentation: Presentation?
  /// When to draw: at once, at the frame callback, or at a planned time.
  private var pacer = FramePacer()
  /// The timer that wakes the loop for a planned draw.
  private var pacingTimer: TimerHandle?
  /// Commits made so far (numbers the presentation feedback of each).
  private var commitCount: UInt32 = 0
  /// The damage of recent frames, to repair reused buffers instead of redrawing them.
  private var damageHistory = DamageHistory()
  /// This frame's damage (window coordinates), reused from frame to frame.
  private var frameDamage = DamageRegion()
  /// The region to repair in the buffer being drawn, reused from frame to frame.
  private var repairDamage = DamageRegion()
  private var times = EventTimeConverter()
  private var running = false
  private let signalFD: Int32

  /// Connects to `$WAYLAND_DISPLAY`, binds the globals and maps a toplevel window.
  ///
  /// - Throws: `WaylandError.noCompositor` when no compositor answers, `.missingGlobal`
  ///   naming a required global that is missing or too old.
  public init(
    title: String, appID: String, window: Window, clock: MonotonicClock,
    displayName: String? = nil
  ) throws(WaylandError) {
    self.window = window
    self.clock = clock
    self.translator = SeatInputTranslator(window: window)
    connection = try DisplayConnection(name: displayName)
    let registry = GlobalRegistry(display: connection.display)
    self.registry = registry
    try connection.roundtrip()
    compositor = try registry.bindRequired(gp_wl_compositor_interface(), minimum: 4, preferred: 4).proxy
    shm = try registry.bindRequired(gp_wl_shm_interface(), minimum: 1, preferred: 1).proxy
    wmBase = try registry.bindRequired(
      gp_xdg_wm_base_interface(), minimum: 1, preferred: Toplevel.preferredVersion
    ).proxy
    decorationManager =
      registry.bindOptional(
        gp_zxdg_decoration_manager_v1_interface(), minimum: 1, preferred: 1)?.proxy
    subcompositor = registry.bindOptional(gp_wl_subcompositor_interface(), minimum: 1, preferred: 1)?.proxy
    pointerGestures = PointerGestureManager(registry: registry)
    presentation = Presentation(registry: registry)
    signalFD = gp_termination_signalfd()

    xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
    pool = BufferPool(shm: shm)
    toplevel = Toplevel(
      compositor: compositor, wmBase: wmBase, decorationManager: decorationManager, title: title,
      appID: appID)
    cursor = CursorController(shm: shm, compositor: compositor)
    if let toplevel {
      let scale = ScaleTracker(registry: registry, toplevel: toplevel)
      scale.onChange = { [unowned self] in self.scaleChanged() }
      self.scale = scale
      cursor?.setScale(scale.current.cursorScale)
    }
    presentation?.onPresented = { [unowned self] id, time, refresh, sequence in
      // A planned draw is planned again from the newest presentation.
      if let deadline = self.pacer.presented(
        at: time, refresh: refresh, sequence: sequence, feedbackID: id, now: self.clock.now)
      {
        self.armPacingTimer(at: deadline)
      }
    }
    presentation?.onDiscarded = { [unowned self] id in self.pacer.discarded(feedbackID: id) }
    for global in registry.globals.values where global.interface == "wl_seat" {
      addSeat(global)
    }
    registry.onGlobalAdded = { [unowned self] global in
      if global.interface == "wl_seat" { self.addSeat(global) }
      self.scale?.globalAdded(global)
    }
    registry.onGlobalRemoved = { [unowned self] name in
      for seat in self.seats where seat.globalName == name { seat.invalidate() }
      self.seats.removeAll { $0.globalName == name }
      self.scale?.globalRemoved(name: name)
    }
    try connection.roundtrip()
  }

  deinit {
    // Devices are released without cancelling anything: the sink they would report to is
    // this object, already being destroyed.
    seats.removeAll()
    pointerGestures = nil
    cursor = nil
    scale = nil
    if let frameCallback { wl_callback_destroy(frameCallback) }
    if let pacingTimer { clock.cancel(pacingTimer) }
    presentation = nil
    decoration = nil
    toplevel = nil
    pool = nil
    if let subcompositor { wl_subcompositor_destroy(subcompositor) }
    if let decorationManager { zxdg_decoration_manager_v1_destroy(decorationManager) }
    xdg_wm_base_destroy(wmBase)
    wl_shm_destroy(shm)
    wl_compositor_destroy(compositor)
    registry = nil
    if signalFD >= 0 { close(signalFD) }
    _ = try? connection.flush()
  }

  /// Runs the event loop until the window is closed, `quit()` is called, or SIGINT/SIGTERM
  /// arrives.
  ///
  /// - Throws: `WaylandError.connectionLost` or `.protocolError` when the compositor goes
  ///   away or rejects a request.
  public func run() throws(WaylandError) {
    running = true
    // The poll set, made once: the loop wakes a few hundred times a second while dragging.
    var fds = (
      pollfd(fd: connection.fd, events: 0, revents: 0),
      pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)
    )
    let count: UInt = signalFD >= 0 ? 2 : 1
    while running {
      clock.fireDueTimers()
      if toplevel?.closeRequested == true { break }
      try drawIfNeeded()
      try connection.prepareRead()
      let flushed = try connection.flush()
      fds.0.events = Int16(POLLIN | (flushed ? 0 : POLLOUT))
      fds.0.revents = 0
      fds.1.revents = 0
      // Nanosecond timeout: a planned draw wakes on time, not up to a millisecond late.
      let timeout = clock.pollTimeoutNanoseconds()
      let ready = withUnsafeMutablePointer(to: &fds) { tuple in
        tuple.withMemoryRebound(to: pollfd.self, capacity: 2) { gp_poll_ns($0, count, timeout) }
      }
      if ready < 0 {
        connection.cancelRead()
        if errno == EINTR { continue }
        throw .system(call: "ppoll", errno: errno)
      }
      if fds.0.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
        try connection.readEvents()
      } else {
        connection.cancelRead()
      }
      if signalFD >= 0, fds.1.revents & Int16(POLLIN) != 0, gp_signalfd_read(signalFD) > 0 {
        running = false
      }
      try connection.dispatchPending()
    }
  }

  /// Changes the window's title (e.g. when another scene is shown).
  public func setTitle(_ title: String) {
    toplevel?.setTitle(title)
  }

  /// Whether the window is fullscreen (as of the latest configure applied).
  public var isFullscreen: Bool { toplevel?.states.contains(.fullscreen) ?? false }

  /// Asks the compositor for fullscreen (`xdg_toplevel.set_fullscreen`, on the output of
  /// its choice), or to leave it (`unset_fullscreen`); the configure that follows resizes
  /// the window.
  public func toggleFullscreen() {
    toplevel?.setFullscreen(!isFullscreen)
  }

  /// Makes `run()` return after the current iteration.
  public func quit() {
    running = false
  }

  /// Number of shm buffers allocated (for diagnostics).
  public var bufferCount: Int { pool?.count ?? 0 }

  private func addSeat(_ global: GlobalRegistry.Global) {
    guard let registry else { return }
    let bound = registry.bind(global, gp_wl_seat_interface(), preferred: Seat.preferredVersion)
    seats.append(
      Seat(
        proxy: bound.proxy, version: bound.version, globalName: global.name, sink: self,
        gestureManager: pointerGestures))
  }

  /// Applies a pending configure and draws when something changed and pacing allows.
  private func drawIfNeeded() throws(WaylandError) {
    guard let toplevel, toplevel.hasBeenConfigured, let pool else { return }
    let configure = toplevel.pendingConfigure
    if let configure {
      let shown = WindowFrame.isShown(clientSide: toplevel.clientSideDecorations, states: configure.states)
      if shown != frameShown {
        frameShown = shown
        let minimum = WindowFrame.minimumWindowSize(frameShown: shown)
        toplevel.setMinimumSize(width: minimum.width, height: minimum.height)
      }
      // A suggested size wins; 0x0 keeps the current (initially the scene's) size.
      if let configured = configure.size {
        let content = WindowFrame.contentSize(configured: configured, frameShown: shown)
        let size = Size(width: Double(content.width), height: Double(content.height))
        if size != window.size { window.size = size }
      }
      window.needsDisplay = true
    }
    // A configure is applied at once; otherwise when the pacer says (not while a frame
    // callback is pending, nor before a planned draw; a change while idle is planned just
    // before the compositor's next latch when its timing is known).
    if configure == nil, window.needsDisplay, let deadline = pacer.planChange(at: clock.now) {
      armPacingTimer(at: deadline)
      return
    }
    guard window.needsDisplay, configure != nil || pacer.mayDraw(at: clock.now) else { return }
    let drawStart = clock.now
    let logicalWidth = max(1, Int(window.size.width.rounded()))
    let logicalHeight = max(1, Int(window.size.height.rounded()))
    let surfaceScale = scale?.current ?? .integer(1)
    let (width, height) = surfaceScale.bufferSize(logicalWidth: logicalWidth, logicalHeight: logicalHeight)
    // Every buffer busy: a release wakes the loop and this runs again.
    guard let buffer = try pool.acquire(width: width, height: height) else { return }
    // Damage: this frame's changes are what the compositor must refresh; the buffer, drawn
    // some frames ago (or never), is repaired with everything changed since then.
    window.takeDamage(into: &frameDamage)
    _ = damageHistory.record(frameDamage)
    let age = damageHistory.bufferAge(lastDrawnInFrame: buffer.lastDrawnFrame)
    let repairs = damageHistory.repairRegion(forBufferAge: age, into: &repairDamage)
    // Repairing the whole window is a full redraw, straight into the buffer: the renderer
    // would otherwise draw it into a window-sized scratch image (2.4 MB at 960x640).
    let wholeWindow =
      repairs
      && repairDamage.rects.contains {
        $0.minX <= 0 && $0.minY <= 0 && $0.maxX >= window.size.width && $0.maxY >= window.size.height
      }
    draw?(
      buffer.data, width, height, buffer.stride, surfaceScale.factor,
      repairs && !wholeWindow ? repairDamage.rects : nil)
    buffer.lastDrawnFrame = damageHistory.frameCount
    window.needsDisplay = false
    // Something may have moved under a still pointer.
    cursor?.update(choose: cursorForPointer)
    let states = configure?.states ?? toplevel.states
    try updateFrame(
      logicalWidth: logicalWidth, logicalHeight: logicalHeight, states: states, scale: surfaceScale)
    toplevel.acknowledgePendingConfigure()
    scale?.prepareFrame(surfaceScale, logicalWidth: logicalWidth, logicalHeight: logicalHeight)
    buffer.markAttached()
    wl_surface_attach(toplevel.surface, buffer.proxy, 0, 0)
    damageBuffer(
      toplevel.surface, frameDamage: repairs ? frameDamage.rects : nil, scale: surfaceScale.factor,
      width: width, height: height)
    if frameCallback == nil {
      let callback = wl_surface_frame(toplevel.surface)!
      wl_callback_add_listener(callback, frameListener, Unmanaged.passUnretained(self).toOpaque())
      frameCallback = callback
    }
    commitCount &+= 1
    let feedback = presentation?.requestFeedback(for: toplevel.surface, id: commitCount) == true
    wl_surface_commit(toplevel.surface)
    // Sent now rather than at the top of the loop: the commit time is what the pacer learns
    // the compositor's latch from.
    _ = try connection.flush()
    if let pacingTimer { clock.cancel(pacingTimer) }
    pacingTimer = nil
    pacer.committed(at: clock.now, drawStart: drawStart, feedbackID: feedback ? commitCount : nil)
  }

  /// Reports what changed in the attached buffer: `frameDamage` (window coordinates) scaled to
  /// buffer pixels and rounded out, or the whole buffer when nil.
  private func damageBuffer(
    _ surface: OpaquePointer, frameDamage: [Rect]?, scale: Double, width: Int, height: Int
  ) {
    guard let frameDamage else {
      wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
      return
    }
    for rect in frameDamage {
      let x0 = max(0, Int((rect.minX * scale).rounded(.down)))
      let y0 = max(0, Int((rect.minY * scale).rounded(.down)))
      let x1 = min(width, Int((rect.maxX * scale).rounded(.up)))
      let y1 = min(height, Int((rect.maxY * scale).rounded(.up)))
      guard x1 > x0, y1 > y0 else { continue }
      wl_surface_damage_buffer(surface, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0))
    }
  }

  /// Shows, updates or hides the client-side frame and sets the window geometry to match,
  /// for the commit that follows.
  private func updateFrame(
    logicalWidth: Int, logicalHeight: Int, states: WindowStates, scale: SurfaceScale
  ) throws(WaylandError) {
    guard let toplevel else { return }
    if frameShown, decoration == nil, let subcompositor {
      decoration = ClientDecoration(
        compositor: compositor, subcompositor: subcompositor, shm: shm, toplevel: toplevel)
    }
    guard let decoration else { return }
    let frame =
      frameShown
      ? WindowFrame(contentWidth: logicalWidth, contentHeight: logicalHeight, states: states) : nil
    // A busy buffer leaves the old frame for one more commit; it is redrawn on the next.
    if try !decoration.update(frame, scale: Int(scale.factor.rounded(.up))) { window.needsDisplay = true }
    guard frameShown || geometry != nil else { return }
    let bar = frameShown ? WindowFrame.titleBarHeight : 0
    let wanted = (x: 0, y: -bar, width: logicalWidth, height: logicalHeight + bar)
    if let geometry, geometry == wanted { return }
    toplevel.setWindowGeometry(x: wanted.x, y: wanted.y, width: wanted.width, height: wanted.height)
    geometry = wanted
  }

  /// The scale changed (another output, a new output scale, a new fractional scale): draw
  /// again at the new scale, with a cursor of the matching size.
  private func scaleChanged() {
    window.needsDisplay = true
    if let scale { cursor?.setScale(scale.current.cursorScale) }
  }

  fileprivate func frameDone() {
    if let frameCallback { wl_callback_destroy(frameCallback) }
    frameCallback = nil
    // A planned draw needs a wake-up; the loop draws right after this otherwise.
    if let deadline = pacer.frameDone(at: clock.now, needsDisplay: window.needsDisplay) {
      armPacingTimer(at: deadline)
    }
  }

  /// Wakes the loop at `deadline` for a planned draw.
  private func armPacingTimer(at deadline: Double) {
    if let pacingTimer { clock.cancel(pacingTimer) }
    pacingTimer = clock.schedule(at: deadline) { [unowned self] in self.pacingTimer = nil }
  }
}

extension WaylandApplication: InputSink {
  var surface: OpaquePointer { toplevel!.surface }

  var frameSurface: OpaquePointer? { decoration?.surface }

  func frameInput(_ input: FrameInput) {
    decoration?.handle(input)
  }

  var latestEventTime: Double {
    times.last.isFinite ? times.last : clock.now
  }

  func eventTime(milliseconds: UInt32) -> Double {
    times.seconds(milliseconds: milliseconds, now: clock.now)
  }

  func handle(_ event: SeatEvent, at time: Double) {
    onSeatEvent?(event, time)
    translator.handle(event, at: time)
    // After the translator: a button's touch has reached the recognizers by the frame.
    cursor?.observe(event, choose: cursorForPointer)
  }

  func keyRepeats(_ name: String) -> Bool {
    repeatsKey(name)
  }

  func pointerEntered(_ pointer: OpaquePointer, serial: UInt32) {
    // Shown at the end of the enter's pointer frame, at the pointer's location. The theme is
    // loaded then: a seat without a pointer never pays for it.
    cursor?.entered(pointer, serial: serial)
  }
}

nonisolated(unsafe) private let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
  let listener = UnsafeMutablePointer<xdg_wm_base_listener>.allocate(capacity: 1)
  listener.initialize(
    to: xdg_wm_base_listener(
      // ping: the compositor checks that the client is alive; answer at once.
      ping: { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }
    ))
  return listener
}()

nonisolated(unsafe) private let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
  let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
  listener.initialize(
    to: wl_callback_listener(
      // done: a good time to draw the next frame.
      done: { data, _, _ in
        Unmanaged<WaylandApplication>.fromOpaque(data!).takeUnretainedValue().frameDone()
      }
    ))
  return listener
}()
