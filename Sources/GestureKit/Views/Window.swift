/// The root of a view tree: turns input frames into touches and routes them to recognizers
/// and views with UIKit's semantics. One window per toplevel.
///
/// Each `send` is one cycle: new touches are hit-tested once (and bound to the hit view for
/// life); the frame's changes go to the recognizers of each touch's view and its ancestors
/// (hit view first); the recognizers' state changes are then applied in order (shouldBegin,
/// arbitration, `cancelsTouchesInView`, actions); then the views' own handlers get what
/// delays and cancellation allow; finally recognizers whose attempt is over and whose touches
/// are gone are reset.
///
/// The stored properties read on every input frame are `@exclusivity(unchecked)`, as `View`'s
/// are: a checked access costs about 60 instructions, and none of them is accessed in
/// overlapping ways.
public final class Window {
  /// The view whose coordinates are window coordinates (frame 0,0,size); scene views are its
  /// subviews.
  public let rootView: View
  /// The source of time and timers (never real time in tests).
  public let clock: Clock
  /// The window's size in logical pixels; setting it resizes the root view.
  public var size: Size {
    didSet {
      guard size != oldValue else { return }
      rootView.frame = Rect(origin: .zero, size: size)
      changes.noteUnbounded()
      observer?.windowDidResize(self)
    }
  }
  /// Set whenever something visible changes; the backend clears it after drawing. Setting it
  /// to true marks the whole window as changed (for callers that cannot say what changed);
  /// setting it to false clears the changes too (Window+Changes.swift).
  public var needsDisplay: Bool {
    get { hasChanges }
    set {
      if newValue {
        setNeedsDisplayInWholeWindow()
      } else {
        hasChanges = false
        changes.removeAll()
      }
    }
  }
  /// Whether anything changed since the last draw (`needsDisplay`).
  @exclusivity(unchecked) var hasChanges = true
  /// Which views changed since the last draw, and how (Window+Changes.swift).
  @exclusivity(unchecked) public internal(set) var changes = ViewChanges()
  /// Sees every delivery and every recognizer transition.
  public weak var observer: WindowObserver?
  /// The part of the window, in window coordinates, that plays the screen for
  /// ``ScreenEdgePanGestureRecognizer``: its edges are the ones such a pan starts from. nil
  /// (the default) is the whole window, the root view's bounds. An app that shows its
  /// content in a part of the window (letterboxed, or above a toolbar) sets that part.
  public var screenEdgeBounds: Rect?
  /// Seconds: the timestamp of the latest frame, cancel or timer.
  @exclusivity(unchecked) public internal(set) var currentTime: Double

  /// Touches down, in the order they went down. (A touch lifted in the frame being sent stays
  /// until the frame's next flush, ``compactLiveTouches()``.)
  @exclusivity(unchecked) var liveTouches: [Touch] = []
  /// The touches down by their backend id: found at once among thousands.
  @exclusivity(unchecked) var liveTouchesByInputID: [Int: Touch] = [:]
  /// Whether a lifted touch is still in `liveTouches`.
  @exclusivity(unchecked) var hasLiftedTouches = false
  /// Touches whose view has not heard the last of them (down, or ended but withheld).
  @exclusivity(unchecked) var viewPendingTouches: [Touch] = []
  /// Recognizer state changes waiting to be applied, in the order they were made.
  @exclusivity(unchecked) var pendingTransitions: [PendingTransition] = []
  /// Recognizers with an attempt in progress (touches, or a state other than possible).
  @exclusivity(unchecked) var involvedRecognizers: [GestureRecognizer] = []
  /// The event of the cycle in progress.
  @exclusivity(unchecked) var currentEvent: TouchEvent?
  /// The scroll sequence in progress (Window+Scroll.swift).
  var scrollSequence = ScrollSequence()
  /// The touchpad pinch in progress (Window+TouchpadGesture.swift).
  var touchpadPinch = TouchpadPinchSequence()
  /// Buffers reused across frames (Window+Scratch.swift).
  @exclusivity(unchecked) var scratch = WindowScratch()
  /// Where the pointer or a pen last hovered (Window+Hover.swift).
  @exclusivity(unchecked) var lastHover: HoverPlace?
  /// The last answer of `cachedHitTest` and what it is valid for (Window+HitTestCache.swift).
  @exclusivity(unchecked) var hitTestCache = HitTestCache()
  /// Depth of nested cycles; input arriving inside a cycle waits for it to finish.
  @exclusivity(unchecked) private(set) var cycleDepth = 0
  @exclusivity(unchecked) private var deferredWork: [() -> Void] = []
  @exclusivity(unchecked) var nextTouchSerial = 0

  /// A window of `size` reading time from `clock`.
  public init(size: Size, clock: Clock) {
    self.size = size
    self.clock = clock
    self.currentTime = clock.now
    changes.noteUnbounded()
    rootView = View(frame: Rect(origin: .zero, size: size))
    rootView.identifier = "root"
    rootView.hostWindow = self
  }

  /// A touch and the recognizers tracking it hold each other (and the touch its view) until
  /// the attempt is over; a window dropped mid-gesture cuts the touches' links, or its views,
  /// recognizers and touches would never be freed.
  deinit {
    for recognizer in involvedRecognizers {
      for touch in recognizer.trackedTouches { touch.detach() }
    }
    for touch in liveTouches { touch.detach() }
    for touch in viewPendingTouches { touch.detach() }
  }

  /// Touches currently down, in the order they went down.
  public var activeTouches: [Touch] { liveTouches }

  /// Delivers one input frame; the only input entry point (backend and replay).
  ///
  /// A `down` for an id already down, and a `motion` or `up` for an unknown id, are
  /// ignored. Motions of a touch that went down in the same frame fold into its `began`; a
  /// touch that goes down and up in one frame is delivered as two events. Called from inside
  /// a cycle (an action), the frame is delivered once that cycle is over.
  public func send(_ frame: InputFrame) {
    guard cycleDepth == 0 else {
      deferredWork.append { [unowned self] in send(frame) }
      return
    }
    currentTime = frame.timestamp
    var changed = WindowScratch.take(&scratch.changedTouches)
    defer { WindowScratch.giveBack(&changed, to: &scratch.changedTouches) }
    for touch in liveTouches { touch.phase = .stationary }
    // The ids that went down or up in `changed`, and of every touch the window knows, kept
    // while the frame has downs (so that each input costs the same however many touches are
    // down); forgotten at each flush, which changes both.
    var changedIDs: Set<Int> = []
    var idsInUse: Set<Int>?
    for input in frame.touches {
      switch input.kind {
      case .down:
        guard liveTouch(id: input.id) == nil else { continue }
        if changedIDs.contains(input.id) {
          flush(&changed, continuing: true)
          changedIDs.removeAll()
          idsInUse = nil
        }
        if idsInUse == nil { idsInUse = Set(viewPendingTouches.map(\.id) + liveTouches.map(\.id)) }
        let touch = makeTouch(input, avoiding: &idsInUse!)
        liveTouches.append(touch)
        liveTouchesByInputID[touch.inputID] = touch
        if touch.view != nil { viewPendingTouches.append(touch) }
        changed.append(touch)
        changedIDs.insert(input.id)
        observer?.window(self, didReceive: .began, of: touch)
      case .motion:
        guard let touch = liveTouch(id: input.id) else { continue }
        if touch.phase == .stationary {
          touch.phase = .moved
          touch.previousLocationInWindow = touch.locationInWindow
          touch.viewDelivery.pendingMove = true
          changed.append(touch)
        }
        touch.locationInWindow = input.location
        if let pen = input.pen { touch.pen = pen }
        touch.timestamp = frame.timestamp
      case .up:
        guard let touch = liveTouch(id: input.id) else { continue }
        if touch.phase == .began {
          flush(&changed, continuing: true)
          changedIDs.removeAll()
          idsInUse = nil
        }
        if touch.phase == .stationary { changed.append(touch) }
        // A down of the same id later in the frame starts a new event (a motion's id needs
        // no entry: a down of an id still down is ignored).
        changedIDs.insert(input.id)
        touch.phase = .ended
        touch.timestamp = frame.timestamp
        liveTouchesByInputID[input.id] = nil
        hasLiftedTouches = true
        observer?.window(self, didReceive: .ended, of: touch)
      }
    }
    flush(&changed, continuing: false)
    releaseEventTouches()
  }

  /// Cancels every touch (`wl_touch.cancel`, Esc): views get `touchesCancelled`, recognizers
  /// in began/changed are cancelled, those still possible fail.
  public func cancelAllTouches(at time: Double) {
    cancelTouches(at: time) { _ in true }
  }

  /// Cancels the touches that came from one kind of device (its capability was lost).
  public func cancelTouches(ofType type: TouchType, at time: Double) {
    cancelTouches(at: time) { $0.type == type }
  }

  /// Cancels the live touch the backend reports as `inputID` (a tablet tool taken away while
  /// its tip was down), if there is one.
  public func cancelTouch(inputID: Int, at time: Double) {
    cancelTouches(at: time) { $0.inputID == inputID }
  }

  /// Runs `work` at once when no input cycle is running; called from inside one (an action,
  /// a view's handler), runs it as soon as that cycle is over, in order with other input
  /// that arrived meanwhile. For changes that must not happen mid-delivery, such as
  /// replacing the view tree.
  public func performAfterCurrentCycle(_ work: @escaping () -> Void) {
    guard cycleDepth == 0 else {
      deferredWork.append(work)
      return
    }
    work()
  }

  // MARK: Cycles

  /// Runs `work` and then applies transitions, delivers to views and resets, as one cycle.
  func runCycle(event: TouchEvent?, _ work: () -> Void) {
    cycleDepth += 1
    let outerEvent = currentEvent
    currentEvent = event
    work()
    repeat {
      processTransitions()
      deliverToViews()
    } while !pendingTransitions.isEmpty
    finishCycle()
    currentEvent = outerEvent
    cycleDepth -= 1
    if cycleDepth == 0 {
      while !deferredWork.isEmpty { deferredWork.removeFirst()() }
    }
  }

  /// True while a cycle is running.
  var isInCycle: Bool { cycleDepth > 0 }

  /// Runs `work` at `time` as one cycle (for recognizer timers).
  func perform(at time: Double, _ work: () -> Void) {
    currentTime = max(currentTime, time)
    runCycle(event: nil, work)
  }

  /// Schedules `action` on the clock; when it fires it runs as a cycle at its deadline.
  func scheduleTimer(at deadline: Double, _ action: @escaping () -> Void) -> TimerHandle {
    clock.schedule(at: deadline) { [weak self] in
      guard let self else { return }
      guard !isInCycle else {
        deferredWork.append { [unowned self] in perform(at: deadline, action) }
        return
      }
      perform(at: deadline, action)
    }
  }

  // MARK: Private

  /// Dispatches the touches changed so far as one event; when the frame `continuing`s, the
  /// touches still down start the next event as stationary.
  private func flush(_ changed: inout [Touch], continuing: Bool) {
    compactLiveTouches()
    guard !changed.isEmpty else { return }
    let event = makeEvent(ending: changed)
    runCycle(event: event) { deliverToRecognizers(changed, with: event) }
    changed.removeAll(keepingCapacity: true)
    if continuing {
      for touch in liveTouches { touch.phase = .stationary }
    }
  }

  private func cancelTouches(at time: Double, where matches: @escaping (Touch) -> Bool) {
    guard cycleDepth == 0 else {
      deferredWork.append { [unowned self] in cancelTouches(at: time, where: matches) }
      return
    }
    let victims = liveTouches.filter(matches)
    let withheld = viewPendingTouches.filter { $0.phase == .ended && matches($0) }
    guard !victims.isEmpty || !withheld.isEmpty else { return }
    currentTime = time
    for touch in liveTouches { touch.phase = .stationary }
    for touch in victims {
      touch.phase = .cancelled
      touch.timestamp = time
      observer?.window(self, didReceive: .cancelled, of: touch)
    }
    liveTouches.removeAll { $0.phase == .cancelled }
    for touch in victims where liveTouchesByInputID[touch.inputID] === touch {
      liveTouchesByInputID[touch.inputID] = nil
    }
    deliverCancellation(of: victims, withheld: withheld)
    releaseEventTouches()
  }

  /// The cycle of a cancellation: `victims` to their recognizers, then both lists to views.
  private func deliverCancellation(of victims: [Touch], withheld: [Touch]) {
    let event = makeEvent(ending: victims)
    runCycle(event: event) {
      deliverToRecognizers(victims, with: event)
      // Withheld ended touches are cancelled for their views too.
      for touch in withheld { touch.phase = .cancelled }
      enforceCancellation(of: victims + withheld)
    }
  }
}
