import CWaylandClient
import GestureKit

// The drawing half of `WaylandApplication`: applying a configure, drawing into a free shm
// buffer, damage, the client-side frame, and the commit with its frame callback and pacing.
extension WaylandApplication {
  /// Applies a pending configure and draws when something changed and pacing allows.
  func drawIfNeeded() throws(WaylandError) {
    guard let toplevel, toplevel.hasBeenConfigured, let pool else { return }
    let configure = toplevel.pendingConfigure
    if let configure {
      let shown = WindowFrame.isShown(clientSide: toplevel.clientSideDecorations, states: configure.states)
      if shown != frameShown {
        frameShown = shown
        let minimum = WindowFrame.minimumWindowSize(content: sizing.minimum, frameShown: shown)
        toplevel.setMinimumSize(width: minimum.width, height: minimum.height)
      }
      // A suggested size wins; 0x0 lets the app choose: the floating size to come back to,
      // or the one it prefers, made to fit the screen (WindowSizing).
      updateSizingBounds()
      let size = sizing.contentSize(configured: configure.size, states: configure.states, frameShown: shown)
      if size != window.size { window.size = size }
      window.needsDisplay = true
      calibration.interrupted(by: .configure)
    }
    // A window larger than a buffer can be is drawn at the largest size one can hold, from
    // its top-left: the configured size, the scale or the title bar may have changed.
    let largest = WindowSizing.largestContent(
      scale: scale?.current ?? .integer(1), clientSideFrame: contentOffset > 0)
    if window.size.width > Double(largest.width) || window.size.height > Double(largest.height) {
      window.size = Size(
        width: min(window.size.width, Double(largest.width)),
        height: min(window.size.height, Double(largest.height)))
      window.needsDisplay = true
    }
    // Nothing to draw: maybe an empty commit of the timing calibration.
    let layersDue = layerPassDue && !window.needsDisplay
    guard configure != nil || window.needsDisplay || layersDue else {
      try commitForCalibrationIfDue()
      return
    }
    // A configure is applied at once; otherwise when the pacer says (not while a frame
    // callback is pending, nor before a planned draw; a change while idle is planned just
    // before the compositor's next latch when its timing is known).
    let now = clock.now
    if configure == nil, window.needsDisplay, let deadline = pacer.planChange(at: now), deadline > now {
      armPacingTimer(at: deadline)
      return
    }
    guard window.needsDisplay || layersDue, configure != nil || pacer.mayDraw(at: now) else {
      // An empty commit's callback that may never come: wake up when it stops holding back.
      if let end = pacer.patienceEnd, pacingTimer == nil { armPacingTimer(at: end) }
      return
    }
    let drawStart = clock.now
    let logicalWidth = max(1, Int(window.size.width.rounded()))
    let logicalHeight = max(1, Int(window.size.height.rounded()))
    let surfaceScale = scale?.current ?? .integer(1)
    let layers = layerFrame(configure: configure != nil, scale: surfaceScale)
    layerPassDue = false
    touchBeganSinceFrame = false
    if !layers.drawsWindow, configure == nil {
      // Only lifted views moved or changed: their layers follow; the window keeps its pixels.
      takeFrameDamage()
      // A layer pass with no layer left and nothing changed: nothing to commit.
      if layers.actions.isEmpty { return }
      tookLayers(try carryOut(layers, scale: surfaceScale), scale: surfaceScale)
      cursor?.update(choose: cursorForPointer, chooseTool: cursorForTool)
      try commitWindowSurface(configure: false, drawStart: drawStart)
      return
    }
    // With the client-side frame, the surface holds the title bar's rows above the content.
    let offset = contentOffset
    let (width, height) = surfaceScale.bufferSize(
      logicalWidth: logicalWidth, logicalHeight: logicalHeight + offset)
    let barRows = min(height - 1, Int((Double(offset) * surfaceScale.factor).rounded()))
    // Every buffer busy: a release wakes the loop and this runs again.
    guard let buffer = try pool.acquire(width: width, height: height) else {
      layerPassDue = layersDue
      return
    }
    // Damage: this frame's changes are what the compositor must refresh; the buffer, drawn
    // some frames ago (or never), is repaired with everything changed since then. A view that
    // leaves its layer is damaged where it is now.
    takeFrameDamage()
    let carried = try carryOut(layers, scale: surfaceScale)
    tookLayers(carried, scale: surfaceScale)
    _ = damageHistory.record(frameDamage)
    let age = damageHistory.bufferAge(lastDrawnInFrame: buffer.lastDrawnFrame)
    var repairs = damageHistory.repairRegion(forBufferAge: age, into: &repairDamage)
    // Repairing the whole window is a full redraw.
    var wholeWindow = repairs && coversWindow(repairDamage)
    if !repairs || wholeWindow, repairFromNewest(buffer) {
      repairs = true
      wholeWindow = false
    }
    // The title bar's rows, under its subsurface: its colour, in case the two ever show apart.
    let barRepainted = !repairs || buffer.barRows != barRows
    if barRows > 0, barRepainted {
      let bar = buffer.data.bindMemory(to: UInt32.self, capacity: buffer.stride / 4 * barRows)
      bar.update(repeating: ClientDecoration.titleBarColor, count: buffer.stride / 4 * barRows)
    }
    buffer.barRows = barRows
    drawing?.drawWindow(
      into: FrameTarget(
        data: buffer.data + barRows * buffer.stride, width: width, height: height - barRows,
        stride: buffer.stride, scale: surfaceScale.factor),
      damage: repairs && !wholeWindow ? repairDamage.rects : nil, excluding: layerPlan.liftedViews)
    buffer.lastDrawnFrame = damageHistory.frameCount
    window.needsDisplay = false
    // Something may have moved under a still pointer or pen.
    cursor?.update(choose: cursorForPointer, chooseTool: cursorForTool)
    let states = configure?.states ?? toplevel.states
    try updateFrame(
      logicalWidth: logicalWidth, logicalHeight: logicalHeight, states: states, scale: surfaceScale)
    toplevel.acknowledgePendingConfigure()
    scale?.prepareFrame(surfaceScale, logicalWidth: logicalWidth, logicalHeight: logicalHeight + offset)
    buffer.markAttached()
    wl_surface_attach(toplevel.surface, buffer.proxy, 0, 0)
    damageBuffer(
      toplevel.surface, frameDamage: repairs && !barRepainted ? frameDamage.rects : nil,
      scale: surfaceScale.factor, width: width, height: height - barRows, top: barRows)
    try commitWindowSurface(configure: configure != nil, drawStart: drawStart)
  }

  /// Gives `buffer`, which would be drawn in full (its contents unknown, or all of them
  /// changed since it was drawn), those of the buffer of its size drawn most recently, when
  /// that one needs less than the whole window repaired; returns whether it did
  /// (`repairDamage` then holds the region to draw). Copying a window is a memcpy, where a
  /// full repaint draws every view: the first lift of a drag draws into the buffer that missed
  /// the start-up's second frame, and drawing all of it was 11 % of the drag's client CPU in
  /// `make bench` (about 2 ms of 20; BENCHMARKS.md, session 19).
  private func repairFromNewest(_ buffer: ShmBuffer) -> Bool {
    guard let source = pool?.newestDrawn(besides: buffer) else { return false }
    let age = damageHistory.bufferAge(lastDrawnInFrame: source.lastDrawnFrame)
    guard damageHistory.repairRegion(forBufferAge: age, into: &repairDamage), !coversWindow(repairDamage)
    else { return false }
    buffer.copyContents(of: source)
    return true
  }

  /// Whether `region` holds a rectangle covering the whole window.
  private func coversWindow(_ region: DamageRegion) -> Bool {
    region.rects.contains { $0.contains(Rect(origin: .zero, size: window.size)) }
  }

  /// Takes the window's changes since the last frame and puts what they damage, as the
  /// drawing side says, into `frameDamage` (the whole window without a drawing side).
  private func takeFrameDamage() {
    window.takeChanges(into: &frameChanges)
    frameDamage.removeAll()
    let whole = Rect(origin: .zero, size: window.size)
    frameDamage.limit = whole
    guard let drawing else {
      frameDamage.add(whole)
      return
    }
    frameRects.removeAll(keepingCapacity: true)
    drawing.damage(for: frameChanges, into: &frameRects)
    for rect in frameRects { frameDamage.add(rect) }
  }

  /// Commits the window's surface (with a frame callback and presentation feedback as pacing
  /// wants), sends it, and tells the pacer.
  private func commitWindowSurface(configure: Bool, drawStart: Double) throws(WaylandError) {
    guard let toplevel else { return }
    commitCount &+= 1
    let feedback = presentation?.requestFeedback(for: toplevel.surface, id: commitCount) == true
    // While a drag is paced, most commits let their presentation stand in for the callback.
    let callback = configure || frameCallback != nil || pacer.wantsFrameCallback(feedback: feedback)
    if callback { requestFrameCallback(toplevel.surface) }
    wl_surface_commit(toplevel.surface)
    // Sent now rather than at the top of the loop: the commit time is what the pacer learns
    // the compositor's latch from.
    _ = try connection.flush()
    if let pacingTimer { clock.cancel(pacingTimer) }
    pacingTimer = nil
    pacer.committed(
      at: clock.now, drawStart: drawStart, feedbackID: feedback ? commitCount : nil, callback: callback)
  }

  /// Reports what changed in the attached buffer: the whole rows of each rectangle of
  /// `frameDamage` (window coordinates), rounded out as `BufferRect` rounds them, or the whole
  /// buffer when nil. Whole rows, because the renderer repaints whole rows (Renderer+Damage)
  /// and cairo's anti-aliasing there depends on where the rows begin and end: a pixel of them
  /// outside the rectangle can come out a few levels off what it was, and a compositor told
  /// only the rectangle kept the old one (KWin at 125 %: rows of the paint scene's strokes up
  /// to 11 levels off until a full repaint). The content starts `top` buffer rows down (below
  /// the title bar's rows).
  private func damageBuffer(
    _ surface: OpaquePointer, frameDamage: [Rect]?, scale: Double, width: Int, height: Int, top: Int
  ) {
    guard let frameDamage else {
      wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height + top))
      return
    }
    for rect in frameDamage {
      let damaged = BufferRect(outside: rect, scale: scale, width: width, height: height)
      guard damaged.x1 > damaged.x0, damaged.y1 > damaged.y0 else { continue }
      wl_surface_damage_buffer(
        surface, 0, Int32(damaged.y0 + top), Int32(width), Int32(damaged.y1 - damaged.y0))
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
      decoration?.onCursor = { [unowned self] kind in cursor?.show(kind) }
      decoration?.onToolCursor = { [unowned self] tool, kind in cursor?.showTool(tool, kind) }
      decoration?.title = title
      decoration?.drawTitleBar = { [unowned self] bar, target in
        drawing?.drawTitleBar(bar, into: target) ?? false
      }
    }
    guard let decoration else { return }
    let frame =
      frameShown
      ? WindowFrame(
        contentWidth: logicalWidth, contentHeight: logicalHeight, states: states,
        capabilities: toplevel.capabilities) : nil
    // A busy buffer leaves the old frame for one more commit; it is redrawn on the next.
    if try !decoration.update(frame, scale: Int(scale.factor.rounded(.up))) { window.needsDisplay = true }
    guard frameShown || geometry != nil else { return }
    let bar = frameShown ? WindowFrame.titleBarHeight : 0
    let wanted = (x: 0, y: 0, width: logicalWidth, height: logicalHeight + bar)
    if let geometry, geometry == wanted { return }
    toplevel.setWindowGeometry(x: wanted.x, y: wanted.y, width: wanted.width, height: wanted.height)
    geometry = wanted
  }

  /// Asks for a frame callback (`wl_surface.frame`) on the next commit of `surface`, unless
  /// one is pending.
  func requestFrameCallback(_ surface: OpaquePointer) {
    guard frameCallback == nil else { return }
    let callback = wl_surface_frame(surface)!
    wl_callback_add_listener(callback, frameListener, Unmanaged.passUnretained(self).toOpaque())
    frameCallback = callback
  }

  fileprivate func frameDone() {
    if let frameCallback { wl_callback_destroy(frameCallback) }
    frameCallback = nil
    let now = clock.now
    calibration.firstFrameShown(at: now, feedbackAvailable: presentation != nil, timing: pacer.timing)
    let emptyCommit = !window.needsDisplay && calibration.commitDue(at: now)
    // A planned draw needs a wake-up; the loop draws right after this otherwise.
    if let deadline = pacer.frameDone(
      at: now, needsDisplay: window.needsDisplay || emptyCommit, work: emptyCommit ? .emptyCommit : .draw)
    {
      armPacingTimer(at: deadline)
    }
  }

  /// Wakes the loop at `deadline` for a planned draw.
  func armPacingTimer(at deadline: Double) {
    if let pacingTimer { clock.cancel(pacingTimer) }
    pacingTimer = clock.schedule(at: deadline) { [unowned self] in self.pacingTimer = nil }
  }
}

nonisolated(unsafe) private let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
  var listener = wl_callback_listener()
  // done: a good time to draw the next frame.
  listener.done = { data, _, _ in
    Unmanaged<WaylandApplication>.fromOpaque(data!).takeUnretainedValue().frameDone()
  }
  return makeListener(listener)
}()
