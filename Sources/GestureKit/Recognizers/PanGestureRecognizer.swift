/// Recognizes a drag by one or more fingers, or scrolling, and reports its translation and
/// velocity.
///
/// ```
/// possible ──(centroid moved 10 px with >= minimumNumberOfTouches down)──> began
/// began/changed ──(a finger moves, >= minimumNumberOfTouches down)──> changed
/// began/changed ──(last finger lifts)──> ended      (a cancelled touch: cancelled)
/// possible ──(last finger lifts, or a touch is cancelled)──> failed
///
/// scrolling (only the kinds in scrollTypes):
/// possible ──(first scroll event of a sequence)──> began
/// began/changed ──(another scroll event)──> changed
/// began/changed ──(axis_stop, or 0.1 s without events from a wheel)──> ended, velocity zero
/// began/changed ──(cancelScroll, disabled, removed)──> cancelled
/// ```
///
/// - Translation is measured from the centroid where the touches went down (not from where
///   the pan began), so a dragged view stays under the finger; it follows the centroid of
///   the touches down and is re-based when touches join or leave, so it never jumps. While
///   fewer than `minimumNumberOfTouches` are down it does not change.
/// - Touches beyond `maximumNumberOfTouches` are ignored by the pan (as UIKit does): they
///   neither count nor move it, and it does not fail because of them.
/// - Velocity comes from a `VelocityTracker` over the centroid's path;
///   `setTranslation(_:in:)` resets it.
/// - Scrolling (`scrollTypes`, UIKit's `allowedScrollTypesMask`; none by default) drives the
///   pan without touches, through `Window.sendScroll`: it begins on the first scroll event of
///   a sequence, with no hysteresis (chosen here: a scroll is already a deliberate movement),
///   and the translation is the scrolled distance with the sign of a drag: content follows
///   the fingers on a touchpad with natural scrolling, and turning a wheel down moves the
///   content up (negative y). A wheel's steps move it by `wheelStepDistance` each, when set.
///   `numberOfTouches` is 0, `location(in:)` is the pointer's. A pan in a scroll attempt
///   ignores touches; a pan tracking touches takes no scroll.
/// - Thresholds: `GestureConstants.panHysteresis`, `GestureConstants.scrollIdleInterval`.
open class PanGestureRecognizer: GestureRecognizer {
  /// The fewest touches that must be down for the pan to begin or change (1).
  @exclusivity(unchecked) public var minimumNumberOfTouches = 1
  /// The most touches the pan tracks; further ones are ignored (unlimited).
  @exclusivity(unchecked) public var maximumNumberOfTouches = Int.max
  /// The kinds of scrolling that drive the pan (UIKit's `allowedScrollTypesMask`); none by
  /// default, so a pan only follows touches unless asked.
  public var scrollTypes: ScrollTypes = []
  /// How far one step of a mouse wheel (a detent) translates the pan, in its view's
  /// coordinates, as a scroll view chooses it; nil (the default), or a distance that is not
  /// finite and positive: as far as the compositor says it scrolled (`wl_pointer.axis`,
  /// 10 or 15 px a step on most desktops, far less than toolkits scroll a step: GTK moves a
  /// scrolled window by its page's size to the power 2/3, 82 px for a 740 px page).
  public var wheelStepDistance: Double?

  /// Kinds of scrolling a pan may follow (UIKit's `UIScrollTypeMask`).
  public struct ScrollTypes: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: Int

    /// A set from its bits.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// Scrolling in steps: a mouse wheel or a tilted wheel (`wl_pointer.axis_source` wheel or
    /// wheel_tilt, or any axis event with `axis_discrete` steps).
    public static let discrete = ScrollTypes(rawValue: 1 << 0)
    /// Smooth scrolling: fingers on a touchpad, or another continuous source (axis_source
    /// finger or continuous).
    public static let continuous = ScrollTypes(rawValue: 1 << 1)
    /// Both kinds.
    public static let all: ScrollTypes = [.discrete, .continuous]
  }

  /// The tracked touches still down, with where the pan last saw each, in window
  /// coordinates.
  @exclusivity(unchecked) private var lastLocations: [(touch: Touch, location: Point)] = []
  /// The translation in window coordinates.
  @exclusivity(unchecked) private var translationInWindow = Point.zero
  /// The centroid's path without re-basing jumps, for velocity.
  @exclusivity(unchecked) private var travelledInWindow = Point.zero
  @exclusivity(unchecked) private var velocityTracker = VelocityTracker()
  /// The kind of the scroll sequence driving the pan's attempt (empty: none; touches may).
  private(set) var scrollKind: ScrollTypes = []

  /// The translation since the touches went down, in `view`'s coordinates (window
  /// coordinates for nil). Ask in the dragged view's superview to move a view with the
  /// finger.
  public func translation(in view: View?) -> Point {
    guard let view else { return translationInWindow }
    return view.convertVector(translationInWindow, from: nil)
  }

  /// Sets the translation, given in `view`'s coordinates (window coordinates for nil); later
  /// movement adds to it. Resets the velocity.
  public func setTranslation(_ translation: Point, in view: View?) {
    translationInWindow = view?.convertVector(translation, to: nil) ?? translation
    velocityTracker.reset()
    velocityTracker.addSample(travelledInWindow, at: currentTime)
  }

  /// The velocity of the translation in pixels per second, in `view`'s coordinates (window
  /// coordinates for nil), as of the window's current time.
  public func velocity(in view: View?) -> Point {
    let velocity = velocityTracker.velocity(at: currentTime)
    guard let view else { return velocity }
    return view.convertVector(velocity, from: nil)
  }

  // MARK: Hooks

  /// Adopts the new touches up to `maximumNumberOfTouches` (ignoring the rest) without
  /// moving the translation.
  open override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    guard scrollKind.isEmpty else {
      // Scrolling drives this attempt: touches are not part of it.
      for touch in touches { ignore(touch, for: event) }
      return
    }
    absorbMovement(at: event.timestamp, sampleAnyway: false)
    for touch in touches {
      guard lastLocations.count < maximumNumberOfTouches else {
        ignore(touch, for: event)
        continue
      }
      lastLocations.append((touch, touch.locationInWindow))
    }
    if velocityTracker.sampleCount == 0 {
      velocityTracker.addSample(travelledInWindow, at: event.timestamp)
    }
  }

  /// Follows the centroid; begins past the hysteresis, or reports `changed`, while at least
  /// `minimumNumberOfTouches` are down.
  open override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    absorbMovement(at: event.timestamp, sampleAnyway: true)
    guard lastLocations.count >= minimumNumberOfTouches else { return }
    switch state {
    case .possible:
      if translationInWindow.length >= GestureConstants.panHysteresis { state = .began }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  /// Drops the lifted touches; when none is left, ends (in progress) or fails (possible).
  open override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    absorbMovement(at: event.timestamp, sampleAnyway: false)
    lastLocations.removeAll { entry in touches.contains { $0 === entry.touch } }
    guard lastLocations.isEmpty else { return }
    if state.isActive {
      state = .ended
    } else if state == .possible {
      state = .failed
    }
  }

  /// A cancelled touch cancels the pan in progress, or fails it while possible.
  open override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    lastLocations.removeAll { entry in touches.contains { $0 === entry.touch } }
    if state.isActive {
      state = .cancelled
    } else if state == .possible {
      state = .failed
    }
  }

  /// Forgets the touches, the scroll sequence, the translation and the velocity samples.
  open override func reset() {
    lastLocations.removeAll()
    scrollKind = []
    translationInWindow = .zero
    travelledInWindow = .zero
    velocityTracker.reset()
  }

  // MARK: Window input (scrolling)

  /// True when a scroll sequence of `kind` may drive the pan now: enabled, allowed by
  /// `scrollTypes`, and not in an attempt of its own (touches, or another sequence).
  func acceptsScroll(of kind: ScrollTypes) -> Bool {
    isEnabled && scrollTypes.isSuperset(of: kind) && storedState == .possible && !isRejected
      && heldState == nil && trackedTouches.isEmpty && lastLocations.isEmpty
  }

  /// Scrolling moved the content by `translation` (window coordinates, already in the sign of
  /// a drag), or, for a wheel's `steps` (in the sign of the compositor's delta) with a
  /// `wheelStepDistance`, by that distance a step, with the pointer at `location`: the first
  /// call of an attempt adopts `kind` and begins, later ones report `changed`. A pan held by a
  /// failure requirement asks to begin again.
  func scrolled(by translation: Point, steps: Point?, kind: ScrollTypes, at location: Point, time: Double) {
    var translation = translation
    if kind == .discrete, let steps, let distance = wheelStepDistance, distance.isFinite, distance > 0 {
      let moved = view?.convertVector(Point(x: -steps.x * distance, y: -steps.y * distance), to: nil)
      if let moved, moved.x.isFinite, moved.y.isFinite { translation = moved }
    }
    if scrollKind.isEmpty {
      scrollKind = kind
      velocityTracker.reset()
    }
    lastCentroidInWindow = location
    travelledInWindow += translation
    translationInWindow += translation
    velocityTracker.addSample(travelledInWindow, at: time)
    switch state {
    case .possible: state = .began
    case .began, .changed: state = .changed
    default: break
    }
  }

  /// The scroll sequence is over: ends the pan in progress with zero velocity (the fingers
  /// left the touchpad, or the wheel rested), or cancels it; a pan still held fails.
  func scrollFinished(cancelled: Bool) {
    velocityTracker.reset()
    if state.isActive {
      state = cancelled ? .cancelled : .ended
    } else if state == .possible {
      state = .failed
    }
  }

  // MARK: Private

  /// The window's time, or the newest sample's outside a window.
  private var currentTime: Double {
    view?.window?.currentTime ?? velocityTracker.latestSampleTime ?? 0
  }

  /// Adds the centroid's movement since the last look (over the same set of touches, so a
  /// joining or leaving touch moves nothing) to the path, and to the translation when
  /// enough touches are down.
  private func absorbMovement(at time: Double, sampleAnyway: Bool) {
    guard !lastLocations.isEmpty else { return }
    var sum = Point.zero
    for index in lastLocations.indices {
      let now = lastLocations[index].touch.locationInWindow
      sum += now - lastLocations[index].location
      lastLocations[index].location = now
    }
    let delta = sum / Double(lastLocations.count)
    guard delta != .zero || sampleAnyway else { return }
    travelledInWindow += delta
    if lastLocations.count >= minimumNumberOfTouches { translationInWindow += delta }
    velocityTracker.addSample(travelledInWindow, at: time)
  }
}
