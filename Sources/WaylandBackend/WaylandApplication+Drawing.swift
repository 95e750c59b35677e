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
      calibration.interrupted(by: .configure)
    }
    // Nothing to draw: maybe an empty commit of the timing calibration.
    guard configure != nil || window.needsDisplay else {
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
    guard window.needsDisplay, configure != nil || pacer.mayDraw(at: now) else {
      // An empty commit's callback that may never come: wake up when it stops holding back.
      if let end = pacer.patienceEnd, pacingTimer == nil { armPacingTimer(at: end) }
      return
    }
    let drawStart = clock.now
    let logicalWidth = max(1, Int(window.size.width.rounded()))
    let logicalHeight = max(1, Int(window.size.height.rounded()))
    let surfaceScale = scale?.current ?? .integer(1)
    let (width, height) = surfaceScale.bufferSize(logicalWidth: logicalWidth, logicalHeight: logicalHeight)
    // Every buffer busy: a release wakes the loop and this runs again.
    guard let buffer = try pool.acquire(width: width, height: height) else { return }
    // Damage: this frame's changes are what the compositor must refresh; the buffer, drawn
    // some frames ago (or never), is repaired with everything changed since then.
    window.takeDamage(into: &frameDamage, move: &frameMove)
    frameUnchanged.removeAll()
    if let move = frameMove, let unchangedPixels {
      unchangedPixels(move, surfaceScale.factor, &frameUnchanged)
    }
    frameMove = nil
    _ = damageHistory.record(frameDamage, unchangedPixels: frameUnchanged)
    let age = damageHistory.bufferAge(lastDrawnInFrame: buffer.lastDrawnFrame)
    let repairs = damageHistory.repairRegion(forBufferAge: age, into: &repairDamage)
    damageHistory.unchangedPixels(forBufferAge: age, into: &repairUnchanged)
    // Repairing the whole window is a full redraw, straight into the buffer: the renderer
    // would otherwise draw it into a window-sized scratch image (2.4 MB at 960x640).
    let wholeWindow =
      repairs
      && repairDamage.rects.contains {
        $0.minX <= 0 && $0.minY <= 0 && $0.maxX >= window.size.width && $0.maxY >= window.size.height
      }
    draw?(
      buffer.data, width, height, buffer.stride, surfaceScale.factor,
      repairs && !wholeWindow ? repairDamage.rects : nil, repairs && !wholeWindow ? repairUnchanged.rects : []
    )
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
      toplevel.surface, frameDamage: repairs ? frameDamage.rects : nil, unchanged: frameUnchanged.rects,
      scale: surfaceScale.factor, width: width, height: height)
    commitCount &+= 1
    let feedback = presentation?.requestFeedback(for: toplevel.surface, id: commitCount) == true
    // While a drag is paced, most commits let their presentation stand in for the callback.
    let callback = configure != nil || frameCallback != nil || pacer.wantsFrameCallback(feedback: feedback)
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

  /// Reports what changed in the attached buffer: `frameDamage` (window coordinates) scaled to
  /// buffer pixels and rounded out, less the `unchanged` pixels (rounded in), or the whole
  /// buffer when nil.
  private func damageBuffer(
    _ surface: OpaquePointer, frameDamage: [Rect]?, unchanged: [Rect], scale: Double, width: Int, height: Int
  ) {
    guard let frameDamage else {
      wl_surface_damage_buffer(surface, 0, 0, Int32(width), Int32(height))
      return
    }
    var holes = (first: BufferRect.empty, second: BufferRect.empty)
    for (index, rect) in unchanged.prefix(2).enumerated() {
      let hole = BufferRect(inside: rect, scale: scale)
      if index == 0 { holes.first = hole } else { holes.second = hole }
    }
    for rect in frameDamage {
      let damaged = BufferRect(
        x0: max(0, Int((rect.minX * scale).rounded(.down))),
        y0: max(0, Int((rect.minY * scale).rounded(.down))),
        x1: min(width, Int((rect.maxX * scale).rounded(.up))),
        y1: min(height, Int((rect.maxY * scale).rounded(.up))))
      damaged.subtracting(holes.first) { piece in
        piece.subtracting(holes.second) { part in
          wl_surface_damage_buffer(
            surface, Int32(part.x0), Int32(part.y0), Int32(part.x1 - part.x0), Int32(part.y1 - part.y0))
        }
      }
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
