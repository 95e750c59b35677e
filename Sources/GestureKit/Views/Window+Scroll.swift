/// The scroll sequence a window is in: its kind, the pans it drives (found under the pointer
/// when it started) and, for sources that send no `axis_stop`, when it last moved.
struct ScrollSequence {
  /// `.discrete` or `.continuous` while a sequence is in progress; empty otherwise.
  var kind: PanGestureRecognizer.ScrollTypes = []
  /// True when the source promises no `axis_stop`: the sequence ends once idle.
  var endsWhenIdle = false
  /// The pans the sequence drives, in routing order (hit view first).
  var pans: [PanGestureRecognizer] = []
  /// When the latest scroll event of the sequence happened (seconds).
  var lastEventTime = 0.0
  /// The pending idle timer, if any.
  var idleTimer: TimerHandle?

  /// True while a sequence is in progress.
  var isActive: Bool { !kind.isEmpty }

  /// The kind of scrolling an event is: anything with wheel steps, a wheel or a tilted wheel
  /// is discrete; fingers and other continuous sources are continuous. An event naming no
  /// source comes from a compositor older than `wl_pointer` version 5, which sends no
  /// `axis_stop` either: it counts as a wheel, the most common device.
  static func kind(of source: ScrollSource?, discrete: Bool) -> PanGestureRecognizer.ScrollTypes {
    if discrete { return .discrete }
    switch source {
    case .finger?, .continuous?: return .continuous
    case .wheel?, .wheelTilt?, nil: return .discrete
    }
  }
}

extension Window {
  /// Delivers scrolling, the input of `PanGestureRecognizer`s that allow it (`scrollTypes`):
  /// the pointer at `location` (window coordinates) scrolled by `delta` at `time` (seconds).
  ///
  /// `delta` is as Wayland reports it (`wl_pointer.axis` values of one pointer frame, in
  /// window pixels): positive scrolls the view down/right, that is, shows what lies below
  /// or to the right. A pan's translation moves the other way (translation -= delta), as if
  /// a finger dragged the content: turning a wheel down moves the content up, and on a
  /// touchpad with natural scrolling (the compositor then reports fingers moving up as
  /// scrolling down) the content follows the fingers. A scroll view applies the translation
  /// as it applies a drag's.
  ///
  /// The event is discrete (a wheel) if it has wheel steps (`discrete`) or its source is a
  /// wheel, a tilted wheel or unknown; continuous for fingers and other continuous sources.
  /// A wheel's `steps` (per axis, in `delta`'s sign; fractions from a high-resolution wheel)
  /// let a pan with a `wheelStepDistance` move by that distance a step instead of by `delta`;
  /// without them it moves by `delta`.
  /// A pan follows it only if its `scrollTypes` contains that kind. Each call is one cycle:
  ///
  /// 1. The first event of a sequence (not of zero length) hit-tests `location` once, like a
  ///    touch-down; the pans of the hit view and its ancestors (hit view first) that allow
  ///    the kind, are enabled and are in no attempt of their own join the sequence, and
  ///    begin in that order, with no hysteresis: each asks `shouldBegin` and honours failure
  ///    requirements, and one that began fails the later ones it may prevent (unless they
  ///    may recognize simultaneously), as the first recognizer of a touch does. So an inner
  ///    scroll view takes the scroll from its ancestors. Scrolling shares no touches, so it
  ///    neither prevents nor is prevented by recognizers following touches.
  /// 2. Later events report `changed` to the pans that began, wherever the pointer is. A pan
  ///    held by a failure requirement asks to begin again at each event, so it begins at the
  ///    first event after the recognizer it waits for failed (not at that failure itself).
  /// 3. The sequence ends, and its pans end with zero velocity, at `sendScrollStop(at:)`
  ///    (`axis_stop`), when an event of the other kind arrives (which starts a new sequence),
  ///    or, for sources that send no `axis_stop` (all but touchpad fingers), once no event
  ///    arrived for `GestureConstants.scrollIdleInterval` on the window's clock.
  ///
  /// What scrolled may have moved other views under the still pointer: afterwards the hover
  /// is sent again where it changed views (``refreshHover(at:)``).
  ///
  /// Like `send`, this is an input entry point: call it from the backend or a replay, not
  /// from an action (asserted).
  public func sendScroll(
    _ delta: Point, source: ScrollSource?, discrete: Bool, steps: Point? = nil, at location: Point,
    time: Double
  ) {
    assert(!isInCycle, "sendScroll is an input entry point; it cannot be called from an action")
    let kind = ScrollSequence.kind(of: source, discrete: discrete)
    if scrollSequence.isActive, scrollSequence.kind != kind {
      finishScrollSequence(cancelled: false, at: time)
    }
    currentTime = time
    let translation = -delta
    if scrollSequence.isActive {
      runCycle(event: nil) {
        for pan in scrollSequence.pans where pan.scrollKind == kind {
          guard pan.view?.window === self else {
            abandonScroll(of: pan)
            continue
          }
          pan.scrolled(by: translation, steps: steps, kind: kind, at: location, time: time)
        }
      }
    } else {
      guard delta != .zero else { return }
      scrollSequence.kind = kind
      scrollSequence.endsWhenIdle = source != .finger
      scrollSequence.pans = scrollPans(at: location, kind: kind)
      runCycle(event: nil) {
        startWithoutTouches(scrollSequence.pans) { pan in
          pan.scrolled(by: translation, steps: steps, kind: kind, at: location, time: time)
        }
      }
      scrollSequence.pans.removeAll { $0.scrollKind.isEmpty }
    }
    scrollSequence.lastEventTime = time
    if scrollSequence.endsWhenIdle, scrollSequence.idleTimer == nil { scheduleScrollIdleTimer() }
    refreshHover(at: time)
  }

  /// Ends the scroll sequence in progress (`wl_pointer.axis_stop`: the fingers left the
  /// touchpad), whatever its kind: its pans end with zero velocity. Does nothing when no
  /// sequence is in progress. An input entry point, like `sendScroll`.
  public func sendScrollStop(at time: Double) {
    assert(!isInCycle, "sendScrollStop is an input entry point; it cannot be called from an action")
    finishScrollSequence(cancelled: false, at: time)
  }

  /// Cancels the scroll sequence in progress (the pointer device went away): its pans in
  /// progress are cancelled, those still waiting fail. An input entry point, like
  /// `sendScroll`.
  public func cancelScroll(at time: Double) {
    assert(!isInCycle, "cancelScroll is an input entry point; it cannot be called from an action")
    finishScrollSequence(cancelled: true, at: time)
  }

  // MARK: Recognizers driven without touches

  /// Starts recognizers driven by an input that has no touches (scrolling, a touchpad
  /// pinch), in routing order, inside the current cycle. Each is offered the input through
  /// `drive` (which makes it ask to begin) and its start is applied at once; a later one
  /// that a started one may prevent fails instead of being offered the input, so the first
  /// to begin wins, as on a touch. One refused by `shouldBegin` (or held by a failure
  /// requirement) lets the next one try.
  func startWithoutTouches<R: GestureRecognizer>(_ recognizers: [R], _ drive: (R) -> Void) {
    for (index, recognizer) in recognizers.enumerated() {
      let isPrevented = recognizers[..<index].contains { winner in
        winner.hasStarted && winner.storedState.isActive && prevents(winner, recognizer)
      }
      if isPrevented {
        recognizer.state = .failed
      } else {
        drive(recognizer)
      }
      processTransitions()
    }
  }

  // MARK: Private

  /// The pans of the view at `location` and its ancestors (hit view first) that may follow
  /// a scroll sequence of `kind` now.
  private func scrollPans(at location: Point, kind: PanGestureRecognizer.ScrollTypes)
    -> [PanGestureRecognizer]
  {
    var pans: [PanGestureRecognizer] = []
    var view = hitTest(location)
    while let current = view {
      for case let pan as PanGestureRecognizer in current.gestureRecognizers
      where pan.acceptsScroll(of: kind) {
        pans.append(pan)
      }
      view = current.superview
    }
    return pans
  }

  /// Ends (or cancels) the sequence in progress as one cycle at `time`.
  private func finishScrollSequence(cancelled: Bool, at time: Double) {
    guard scrollSequence.isActive else { return }
    currentTime = time
    runCycle(event: nil) { endScrollSequence(cancelled: cancelled) }
  }

  /// Inside a cycle: ends (or cancels) the pans of the sequence and forgets it.
  private func endScrollSequence(cancelled: Bool) {
    if let timer = scrollSequence.idleTimer { clock.cancel(timer) }
    let pans = scrollSequence.pans
    scrollSequence = ScrollSequence()
    for pan in pans where !pan.scrollKind.isEmpty {
      guard pan.view?.window === self else {
        abandonScroll(of: pan)
        continue
      }
      pan.scrollFinished(cancelled: cancelled)
    }
  }

  /// A pan whose view left the window mid-sequence: cancelled (or failed) and, with no
  /// window left to reset it, reset now.
  private func abandonScroll(of pan: PanGestureRecognizer) {
    pan.scrollFinished(cancelled: true)
    if pan.view?.window == nil, pan.storedState.isFinished { pan.performReset() }
  }

  /// Schedules the idle check at the latest event's time plus the idle interval. The timer
  /// is not moved at every event: when it fires early it schedules itself again.
  private func scheduleScrollIdleTimer() {
    let deadline = scrollSequence.lastEventTime + GestureConstants.scrollIdleInterval
    scrollSequence.idleTimer = scheduleTimer(at: deadline) { [weak self] in
      self?.scrollIdleTimerFired(deadline: deadline)
    }
  }

  /// Inside the timer's cycle: ends the sequence if it stayed idle long enough, or waits
  /// for the rest of the interval after its latest event.
  private func scrollIdleTimerFired(deadline: Double) {
    scrollSequence.idleTimer = nil
    guard scrollSequence.isActive, scrollSequence.endsWhenIdle else { return }
    if scrollSequence.lastEventTime + GestureConstants.scrollIdleInterval > deadline {
      scheduleScrollIdleTimer()
    } else {
      endScrollSequence(cancelled: false)
    }
  }
}
