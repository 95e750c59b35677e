/// The base of every gesture recognizer: watches the touches of its view (and of the view's
/// subviews), moves through `State`s, and sends its actions.
///
/// Subclasses override the touch hooks and set `state`; the window does the rest, after the
/// frame's touches have been delivered to every recognizer:
///
/// - leaving `possible` asks the delegate's and the view's `shouldBegin` (a no fails);
/// - beginning or recognizing fails every other recognizer still possible on the same
///   touches unless the two may recognize simultaneously (either delegate) or prevention is
///   off (`canPrevent`/`canBePrevented`), and a recognizer cannot begin while another
///   one that may prevent it is already in progress on its touches;
/// - failure requirements (`require(toFail:)`, the delegates' and the subclass hooks'
///   answers): a recognizer that asks to begin or recognize while one it waits for is still
///   possible is held (it stays `possible`) until that one fails, and fails if that one
///   begins or recognizes;
/// - with `cancelsTouchesInView`, the views get `touchesCancelled` for the touches they had
///   been given, before the action runs;
/// - actions run for `began`, `changed`, `ended`/`recognized` and `cancelled`, never for
///   `failed`, once per transition or update.
///
/// Once the attempt is over (`ended`, `cancelled`, `failed`) and every touch the recognizer
/// tracked has ended, the window resets it to `possible` and calls `reset()`; touches still
/// down at that point are never delivered to it again.
///
/// A recognizer sees a touch only if it accepted the touch at touch-down: it is attached,
/// enabled, not finished, the touch's type is allowed, and its delegate's `shouldReceive`
/// agreed. A subclass should leave `possible` (fail, at the latest) when its touches end,
/// unless it waits for more (a multi-tap), or the view's ended touches stay withheld while
/// `delaysTouchesEnded` is on.
///
/// The stored properties read on every input frame are `@exclusivity(unchecked)`, as `View`'s
/// are: a checked access costs about 60 instructions, and none of them is accessed in
/// overlapping ways.
open class GestureRecognizer {
  /// A name for logs (the scene's gesture id).
  public var name: String?
  /// The view the recognizer is attached to (`View.addGestureRecognizer`).
  public internal(set) weak var view: View?
  /// A disabled recognizer receives no touches. Disabling it mid-gesture cancels it (began,
  /// changed) or fails it (possible with touches); it then resets at once.
  public var isEnabled = true {
    didSet { if oldValue && !isEnabled { abandonAttempt() } }
  }
  /// When the recognizer begins or recognizes, the views of its touches get
  /// `touchesCancelled` for them (before the action runs) and nothing further.
  @exclusivity(unchecked) public var cancelsTouchesInView = true
  /// While this recognizer is possible, began-phase touches it tracks are withheld from the
  /// view; they are dropped if it recognizes and delivered if it fails.
  @exclusivity(unchecked) public var delaysTouchesBegan = false
  /// While this recognizer is possible, ended-phase touches it tracks are withheld from the
  /// view: the view gets `touchesCancelled` if it then recognizes, `touchesEnded` if it fails.
  @exclusivity(unchecked) public var delaysTouchesEnded = true
  /// Tunes recognition and the interplay with other recognizers.
  public weak var delegate: GestureRecognizerDelegate?
  /// Touch types the recognizer accepts (all three by default, as UIKit's): a touch of
  /// another type is never given to it, and goes to the other recognizers and the view as if
  /// it did not exist.
  @exclusivity(unchecked) public var allowedTouchTypes: Set<TouchType> = [.direct, .indirectPointer, .pencil]
  /// When true (UIKit's default), a recognizer tracking touches of one type ignores new touches
  /// of another type (a finger joining a mouse drag, or the pointer joining a touch pan), so
  /// one gesture never mixes devices. When false it takes touches of every allowed type at once.
  @exclusivity(unchecked) public var requiresExclusiveTouchType = true

  /// True for one-shot gestures (tap, swipe): they go `possible -> recognized` and never
  /// `began`/`changed`. Logs write their `ended` as `recognized`.
  open var isDiscrete: Bool { false }

  /// The current state. Subclasses set it; illegal transitions (see `State`) trap in debug
  /// builds and are ignored in release builds. While the window runs the actions of a change,
  /// it reads the state that change entered, even when the recognizer changed again in the
  /// same event (a press that began and ended at once: its actions see `began`, then `ended`).
  open var state: State {
    get { stateOfActions ?? storedState }
    set { requestTransition(to: newValue) }
  }

  // MARK: Window bookkeeping (internal)

  /// The state as last set (by the subclass, or forced to `failed` by arbitration).
  @exclusivity(unchecked) var storedState = State.possible
  /// While the actions of a change run, the state that change entered (``state`` reads it).
  @exclusivity(unchecked) private var stateOfActions: State?
  /// The touches of the current attempt, in the order they were accepted; ended ones stay
  /// until the reset.
  @exclusivity(unchecked) var trackedTouches: [Touch] = []
  /// True once the window confirmed `began`/`recognized` in this attempt.
  @exclusivity(unchecked) var hasStarted = false
  /// True when arbitration or `shouldBegin` failed the recognizer in this attempt.
  @exclusivity(unchecked) var isRejected = false
  /// Where the touches were when last known, in window coordinates.
  @exclusivity(unchecked) var lastCentroidInWindow = Point.zero
  @exclusivity(unchecked) private var actions: [(GestureRecognizer) -> Void] = []
  /// Recognizers that must fail before this one may begin (`require(toFail:)`).
  @exclusivity(unchecked) var failureRequirements: [WeakRecognizer] = []
  /// The state the recognizer asked for (`began` or `ended`) while a recognizer it waits for
  /// was still possible; nil when it is not waiting. Its `state` reads `possible` meanwhile.
  @exclusivity(unchecked) var heldState: State?
  /// The answers of the hooks and delegates about failure requirements towards other
  /// recognizers, asked once per attempt (true: this one waits for the other).
  @exclusivity(unchecked) var askedFailureRequirements: [(other: WeakRecognizer, isRequired: Bool)] = []

  /// A recognizer with no action.
  public init() {}

  /// A recognizer calling `action` for `began`, `changed`, `ended`/`recognized` and
  /// `cancelled`.
  public init(action: @escaping (GestureRecognizer) -> Void) {
    actions.append(action)
  }

  /// Adds an action, called after the ones added before it.
  public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) {
    actions.append(action)
  }

  // MARK: Location

  /// The touches of the attempt that are still down, in acceptance order.
  var activeTouches: [Touch] {
    trackedTouches.filter { !$0.phase.isFinal }
  }

  /// How many touches the recognizer tracks that are still down.
  public var numberOfTouches: Int {
    var count = 0
    for touch in trackedTouches where !touch.phase.isFinal { count += 1 }
    return count
  }

  /// The centroid of the tracked touches still down, in `view`'s coordinates (window
  /// coordinates for nil). With none down, where the last ones were when they lifted.
  /// Subclasses may report another point (a tap: where it happened; a swipe: where it
  /// started).
  open func location(in view: View?) -> Point {
    let point = currentCentroidInWindow()
    guard let view else { return point }
    return view.convert(point, from: nil)
  }

  /// The location of the `index`th tracked touch still down (in acceptance order); traps on
  /// an index out of range.
  public func location(ofTouch index: Int, in view: View?) -> Point {
    var remaining = index
    for touch in trackedTouches where !touch.phase.isFinal {
      if remaining == 0 { return touch.location(in: view) }
      remaining -= 1
    }
    preconditionFailure("touch index \(index) out of range 0..<\(numberOfTouches)")
  }

  /// The centroid in window coordinates, remembered for when the touches are gone.
  func currentCentroidInWindow() -> Point {
    // Without allocating: it runs on every cycle that finishes a recognizer.
    var sum = Point.zero
    var count = 0
    for touch in trackedTouches where !touch.phase.isFinal {
      sum = sum + touch.locationInWindow
      count += 1
    }
    if count == 0, var latest = trackedTouches.first?.timestamp {
      for touch in trackedTouches where latest < touch.timestamp { latest = touch.timestamp }
      for touch in trackedTouches where touch.timestamp == latest {
        sum = sum + touch.locationInWindow
        count += 1
      }
    }
    guard count > 0 else { return lastCentroidInWindow }
    lastCentroidInWindow = sum / Double(count)
    return lastCentroidInWindow
  }

  // MARK: Subclass hooks

  /// Touches this recognizer accepted went down (they are already counted).
  open func touchesBegan(_ touches: [Touch], with event: TouchEvent) {}
  /// Tracked touches moved.
  open func touchesMoved(_ touches: [Touch], with event: TouchEvent) {}
  /// Tracked touches lifted (they are no longer counted by `numberOfTouches`).
  open func touchesEnded(_ touches: [Touch], with event: TouchEvent) {}
  /// Tracked touches were cancelled. Whatever the subclass does, the window then cancels
  /// (began, changed) or fails (possible) the recognizer.
  open func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {}
  /// Called when the recognizer returns to `possible` after an attempt: clear per-gesture
  /// state here.
  open func reset() {}

  /// Whether this recognizer, beginning, may fail `other` (default true).
  open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
  /// Whether `other`, beginning, may fail this recognizer (default true).
  open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
  /// Whether this recognizer must wait for `other` to fail (default false). Asked lazily,
  /// at most once per attempt, about recognizers with an attempt in the same window.
  open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
  /// Whether `other` must wait for this recognizer to fail (default false). Asked lazily,
  /// at most once per attempt, about recognizers with an attempt in the same window.
  open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

  /// Makes this recognizer wait for `other` to fail before it begins or recognizes, and
  /// fail if `other` begins or recognizes. While it waits its recognition is held: its
  /// `state` reads `possible` (touches it withholds from views stay withheld), and the
  /// window starts it in the same cycle in which `other` fails.
  public func require(toFail other: GestureRecognizer) {
    failureRequirements.removeAll { $0.recognizer == nil || $0.recognizer === other }
    failureRequirements.append(WeakRecognizer(other))
  }

  /// Drops `touch` from this recognizer: it is no longer tracked, counted or delivered
  /// here, and is not cancelled on its view.
  public func ignore(_ touch: Touch, for event: TouchEvent) {
    trackedTouches.removeAll { $0 === touch }
  }

  // MARK: Internals

  /// True when this recognizer tracks `touch` in the current attempt.
  func tracks(_ touch: Touch) -> Bool {
    trackedTouches.contains { $0 === touch }
  }

  /// The pointer buttons whose touches this recognizer takes: the primary one (UIKit's
  /// default); a tap or a long press takes what its `buttonMaskRequired` names.
  var acceptedButtons: ButtonMask { .primary }

  /// True when tracked touches' moves and ends should be delivered.
  var isReceiving: Bool {
    view != nil && isEnabled && !isRejected && (storedState == .possible || storedState.isActive)
  }

  /// Runs the actions, in the order they were added, for a change to `reported`: while they
  /// run, ``state`` reads `reported`.
  func sendActions(reporting reported: State) {
    let outer = stateOfActions
    stateOfActions = reported
    defer { stateOfActions = outer }
    for action in actions { action(self) }
  }

  /// Validates a transition requested by the subclass and hands it to the window.
  private func requestTransition(to newState: State) {
    let oldState = storedState
    if oldState == .possible && newState == .possible { return }
    guard State.canTransition(from: oldState, to: newState) else {
      assertionFailure("illegal gesture state transition \(oldState) -> \(newState) in \(self)")
      return
    }
    guard !(isDiscrete && (newState == .began || newState == .changed)) else {
      assertionFailure("a discrete recognizer cannot enter \(newState)")
      return
    }
    storedState = newState
    if let window = view?.window {
      window.recognizer(self, didTransitionFrom: oldState, to: newState)
    } else {
      performStandalone(from: oldState, to: newState)
    }
  }

  /// A recognizer outside any window: asks `shouldBegin`, then sends the actions.
  private func performStandalone(from oldState: State, to newState: State) {
    if oldState == .possible && newState != .failed {
      guard delegate?.gestureRecognizerShouldBegin(self) ?? true else {
        storedState = .failed
        return
      }
      hasStarted = true
    }
    if newState != .failed { sendActions(reporting: newState) }
  }

  /// Ends the attempt because the recognizer is disabled or removed: cancels (began,
  /// changed) or fails (possible with touches), then forgets its touches so that it resets.
  func abandonAttempt() {
    let window = view?.window
    let hadTouches = !trackedTouches.isEmpty
    _ = currentCentroidInWindow()
    trackedTouches.removeAll()
    if storedState.isActive {
      state = .cancelled
    } else if storedState == .possible && hadTouches && !isRejected {
      state = .failed
    }
    if let window {
      window.scheduleReset(of: self)
    } else if storedState.isFinished {
      performReset()
    }
  }

  /// Returns to `possible` after an attempt and calls `reset()`.
  func performReset() {
    trackedTouches.removeAll()
    storedState = .possible
    hasStarted = false
    isRejected = false
    heldState = nil
    askedFailureRequirements.removeAll(keepingCapacity: true)
    reset()
  }
}

/// A weak reference to a recognizer, for lists that must not keep recognizers alive.
struct WeakRecognizer {
  weak var recognizer: GestureRecognizer?

  init(_ recognizer: GestureRecognizer) {
    self.recognizer = recognizer
  }
}
