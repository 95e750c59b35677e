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
/// meanwhile is on screen one repaint sooner. A fresh process learns that timing right after
/// its first frame, from a few commits without a new buffer (`TimingCalibration`), so that
/// its first gesture is paced as well as later ones. While a drag is paced, most commits let
/// their presentation stand in for the frame callback, and the loop leaves the connection
/// unread until the next draw's deadline (`FramePacer.quietUntil`), then reads the input and
/// the presentation that came meanwhile: one wake-up per frame, each costing more than the
/// events it would read. Such a spell is cut short when events come fast enough to fill the
/// socket before its end (`ArrivalRate`).
///
/// Window size: the gesture window's size follows each configure that suggests one (minus
/// the client-side title bar when it is shown; `WindowFrame`); a 0x0 suggestion lets the app
/// choose (`WindowSizing`: the size to come back to, or the preferred one, fitted to the
/// screen). The frame's subsurfaces are synchronized, updated right before the commit that
/// acknowledges the configure, so the frame and the content always change together (a hover
/// redraws the title bar alone, desynchronized for that one commit).
public final class WaylandApplication {
  /// The gesture window the input goes to and that is drawn.
  public let window: Window
  /// The clock the gesture window's timers run on.
  public let clock: MonotonicClock
  /// The drawing side: draws the window's buffers and its layers (``WindowDrawing``). Nil
  /// draws nothing (the buffers stay black). With a subcompositor, views that a gesture or an
  /// animation moves, scales or turns are drawn onto layers of their own, subsurfaces the
  /// compositor moves and scales, instead of at both places every frame (``LayerPlan``).
  public var drawing: (any WindowDrawing)?
  /// The cursor to show with the pointer at a location in window (logical) coordinates;
  /// asked at most once per pointer frame, and once per drawn frame while the pointer is on
  /// the window. Nil shows the default cursor.
  @exclusivity(unchecked) public var cursorForPointer: ((Point) -> CursorKind)?
  /// The cursor to show with tablet tool `tool` (the `tool` of its `SeatEvent`s) near the
  /// window at a location in window (logical) coordinates; asked at most once per frame of
  /// the tool's events, and once per drawn frame while it is near. Nil shows the default
  /// cursor.
  @exclusivity(unchecked) public var cursorForTool: ((_ tool: Int, _ location: Point) -> CursorKind)?
  /// Turns the seats' events into input frames, hover and cancels for `window`.
  public let translator: SeatInputTranslator
  /// Called for every key press and release (with modifiers tracked from the keys).
  public var onKey: ((KeyPress) -> Void)? {
    get { translator.onKey }
    set { translator.onKey = newValue }
  }
  /// Called with every seat event, and its time, right before the translator gets it (to
  /// record a trace). Key repeats are seat events too: a press of a key already down.
  @exclusivity(unchecked) public var onSeatEvent: ((SeatEvent, Double) -> Void)?
  /// Which held keys (by keysym name) repeat, at the compositor's `repeat_info` rate, among
  /// those the keymap lets repeat; by default none, so that a key acts once per press.
  public var repeatsKey: (String) -> Bool = { _ in false }

  // State without `private` is shared with the extensions in WaylandApplication+EventLoop,
  // +Drawing and +InputSink.swift.
  // The state read for every input event is `@exclusivity(unchecked)` (as View's hot
  // properties are): a checked access costs about 60 instructions, and none overlaps.
  let connection: DisplayConnection
  private var registry: GlobalRegistry?
  let compositor: OpaquePointer
  private let wmBase: OpaquePointer
  let shm: OpaquePointer
  private let decorationManager: OpaquePointer?
  let subcompositor: OpaquePointer?
  /// The client-side frame, created the first time it is shown.
  @exclusivity(unchecked) var decoration: ClientDecoration?
  /// Whether the client-side frame is shown (client-side decorations, not fullscreen).
  var frameShown = false
  /// The window geometry last set, nil until the frame first shows (it is left alone
  /// before); set again only when it changes.
  var geometry: (x: Int, y: Int, width: Int, height: Int)?
  /// Touchpad gestures (pointer-gestures), when the compositor offers them.
  private var pointerGestures: PointerGestureManager?
  /// The tablet protocol's global, when offered (pens and tablets: `TabletSeat`).
  private var tabletManager: TabletManager?
  @exclusivity(unchecked) var toplevel: Toplevel?
  var pool: BufferPool?
  /// The moving views' layers, by slot, each created at its first lift.
  var viewLayers = [ViewLayer?](repeating: nil, count: LayerPlan.maximumLayers)
  /// Which views are on `viewLayers`, and what the next frame does about them.
  var layerPlan = LayerPlan()
  /// The scale the layers were last drawn at.
  var layerScale: SurfaceScale?
  /// Whether the layers need a frame though the window has no changes: a layer whose
  /// buffers were busy, or lifted views that may have come to rest (`layerSettleTimer`).
  var layerPassDue = false
  /// A touch, a button or a pen went down since the last frame that looked for views to put
  /// on layers ahead of their move (`View.movesUnderTouch`): the next frame does.
  var touchBeganSinceFrame = false
  /// Fires `layerSettleDelay` after the last frame that moved a layer while no touch was
  /// down: the views that stopped then are drawn back into the window.
  var layerSettleTimer: TimerHandle?
  @exclusivity(unchecked) var cursor: CursorController?
  var scale: ScaleTracker?
  private var seats: [Seat] = []
  var frameCallback: OpaquePointer?
  /// Presentation feedback, when the compositor offers it.
  var presentation: Presentation?
  /// When to draw: at once, at the frame callback, or at a planned time.
  var pacer = FramePacer()
  /// Empty commits after the first frame that teach the pacer the compositor's timing.
  @exclusivity(unchecked) var calibration = TimingCalibration()
  /// The timer that wakes the loop for a planned draw.
  var pacingTimer: TimerHandle?
  /// Commits made so far (numbers the presentation feedback of each).
  var commitCount: UInt32 = 0
  /// The damage of recent frames, to repair reused buffers instead of redrawing them.
  var damageHistory = DamageHistory()
  /// Logical pixels between the top of the window's surface and its content: the title bar's
  /// rows when the client-side frame is shown (its subsurface shows the bar over them).
  var contentOffset: Int {
    frameShown && subcompositor != nil ? WindowFrame.titleBarHeight : 0
  }
  /// The window's title (the desktop's, and the client-side title bar's).
  private(set) var title: String
  /// The sizes the window takes at configures, and comes back to.
  var sizing: WindowSizing
  /// The window's changes taken for this frame, reused from frame to frame.
  var frameChanges = ViewChanges()
  /// The drawing side's damage rectangles for this frame, reused from frame to frame.
  var frameRects: [Rect] = []
  /// This frame's damage (window coordinates), reused from frame to frame.
  var frameDamage = DamageRegion()
  /// The region to repair in the buffer being drawn, reused from frame to frame.
  var repairDamage = DamageRegion()
  @exclusivity(unchecked) var times = EventTimeConverter()
  var running = false
  /// Whether the events being dispatched were read late, after a poll that left the
  /// connection out (`FramePacer.quietUntil`).
  var readingLate = false
  /// How fast the compositor's events arrive: bounds the loop's quiet spells.
  var arrivals = ArrivalRate()
  let signalFD: Int32
  /// A file descriptor of the app's that the loop also waits on (`watch(_:onReadable:)`),
  /// -1 for none, and what it calls when it is readable.
  var watchedFD: Int32 = -1
  var onWatchedFDReadable: (() -> Void)?

  /// The smallest content of a window whose app gives no `minimumSize` (logical pixels).
  public static let defaultMinimumSize = Size(width: 240, height: 160)

  /// `size` in whole logical pixels (rounded up), at least 1x1 and at most what a buffer
  /// holds at scale 1.
  static func wholeMinimum(_ size: Size) -> (width: Int, height: Int) {
    func whole(_ value: Double) -> Int {
      guard value.isFinite else { return value > 0 ? WindowSizing.maximumBufferSide : 1 }
      return Int(min(max(value.rounded(.up), 1), Double(WindowSizing.maximumBufferSide)))
    }
    return (whole(size.width), whole(size.height))
  }

  /// Connects to `$WAYLAND_DISPLAY`, binds the globals and maps a toplevel window, whose
  /// content is never smaller than `minimumSize` by the app's own choice (advertised with
  /// `xdg_toplevel.set_min_size`; whole logical pixels, at least 1x1; a compositor may still
  /// configure less, and is obeyed).
  ///
  /// - Throws: `WaylandError.noCompositor` when no compositor answers, `.missingGlobal`
  ///   naming a required global that is missing or too old.
  public init(
    title: String, appID: String, window: Window, clock: MonotonicClock,
    minimumSize: Size = WaylandApplication.defaultMinimumSize, displayName: String? = nil
  ) throws(WaylandError) {
    self.window = window
    self.clock = clock
    self.title = title
    let minimum = Self.wholeMinimum(minimumSize)
    sizing = WindowSizing(preferred: window.size, minimum: minimum)
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
    tabletManager = TabletManager(registry: registry)
    presentation = Presentation(registry: registry)
    signalFD = gp_termination_signalfd()

    xdg_wm_base_add_listener(wmBase, wmBaseListener, nil)
    pool = BufferPool(shm: shm)
    toplevel = Toplevel(
      compositor: compositor, wmBase: wmBase, decorationManager: decorationManager, title: title,
      appID: appID, minimumSize: minimum)
    cursor = CursorController(shm: shm, compositor: compositor, shapes: CursorShapes(registry: registry))
    if let toplevel {
      let scale = ScaleTracker(registry: registry, toplevel: toplevel)
      scale.onChange = { [unowned self] in self.scaleChanged() }
      self.scale = scale
      cursor?.setScale(scale.current.cursorScale)
    }
    presentation?.onPresented = { [unowned self] id, time, refresh, sequence in
      // A planned draw is planned again from the newest presentation.
      if let deadline = self.pacer.presented(
        at: time, refresh: refresh, sequence: sequence, feedbackID: id, now: self.clock.now,
        readLate: self.readingLate)
      {
        self.armPacingTimer(at: deadline)
      }
      self.calibration.presented(timing: self.pacer.timing)
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
    tabletManager = nil
    cursor = nil
    scale = nil
    if let frameCallback { wl_callback_destroy(frameCallback) }
    if let pacingTimer { clock.cancel(pacingTimer) }
    if let layerSettleTimer { clock.cancel(layerSettleTimer) }
    presentation = nil
    decoration = nil
    viewLayers = []
    layerPlan.reset()
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

  /// Changes the window's title (e.g. when another scene is shown).
  public func setTitle(_ title: String) {
    self.title = title
    toplevel?.setTitle(title)
    decoration?.title = title
  }

  /// Asks for `size` (logical pixels) of content from now on: a floating window takes it at
  /// once, made to fit the screen; a maximised, fullscreen or tiled one keeps the size the
  /// compositor gave it and takes this one when it floats again.
  public func requestSize(_ size: Size) {
    updateSizingBounds()
    let states = toplevel?.states ?? []
    guard let content = sizing.prefer(size, states: states, frameShown: frameShown) else { return }
    if content != window.size { window.size = content }
  }

  /// The bounds a size the app chooses must fit: the compositor's `configure_bounds`, or the
  /// output's logical size less room for panels (`WindowSizing.panelMargin`).
  func updateSizingBounds() {
    if let bounds = toplevel?.bounds {
      sizing.bounds = bounds
    } else if let output = scale?.outputSize {
      let margin = WindowSizing.panelMargin
      sizing.bounds = (max(1, output.width - margin.width), max(1, output.height - margin.height))
    }
  }

  /// Whether the window is fullscreen (as of the latest configure applied).
  public var isFullscreen: Bool { toplevel?.states.contains(.fullscreen) ?? false }

  /// Asks the compositor for fullscreen (`xdg_toplevel.set_fullscreen`, on the output of
  /// its choice), or to leave it (`unset_fullscreen`); the configure that follows resizes
  /// the window.
  public func toggleFullscreen() {
    toplevel?.setFullscreen(!isFullscreen)
  }

  /// Number of shm buffers allocated (for diagnostics).
  public var bufferCount: Int { pool?.count ?? 0 }

  private func addSeat(_ global: GlobalRegistry.Global) {
    guard let registry else { return }
    let bound = registry.bind(global, gp_wl_seat_interface(), preferred: Seat.preferredVersion)
    seats.append(
      Seat(
        proxy: bound.proxy, version: bound.version, globalName: global.name, sink: self,
        gestureManager: pointerGestures, tabletManager: tabletManager))
  }

  /// The scale changed (another output, a new output scale, a new fractional scale): draw
  /// again at the new scale, with a cursor of the matching size.
  private func scaleChanged() {
    window.needsDisplay = true
    if let scale { cursor?.setScale(scale.current.cursorScale) }
  }
}

nonisolated(unsafe) private let wmBaseListener: UnsafeMutablePointer<xdg_wm_base_listener> = {
  var listener = xdg_wm_base_listener()
  // ping: the compositor checks that the client is alive; answer at once.
  listener.ping = { _, wmBase, serial in xdg_wm_base_pong(wmBase, serial) }
  return makeListener(listener)
}()
