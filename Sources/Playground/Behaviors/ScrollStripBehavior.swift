import GestureKit

/// The `scrollStrip` behaviour: a pan on a strip (a view that usually clips) scrolls its content
/// view `target` horizontally, as a horizontal `UIScrollView` would, kept between its ends.
///
/// - A drag moves the content with the finger's horizontal translation; on lift-off the content
///   goes on with the finger's velocity and decelerates (``Deceleration``, UIKit's normal rate)
///   on the window's clock (a ``FrameAnimator``), stopping dead at an end.
/// - Scrolling (the pan's `scrollTypes`: a wheel, two fingers on a touchpad) moves the content
///   by the scrolled distance, a wheel by ``WheelStep`` a step (the scene builder sets the pan's
///   `wheelStepDistance` from the strip's width); a vertical scroll counts as a horizontal one
///   (down shows what lies to the right), since the strip scrolls only sideways. Scrolling ends
///   with zero velocity, so it does not decelerate.
/// - The pan beginning again (a drag or a scroll) stops a deceleration in progress; a cancelled
///   gesture puts the content back where it was at began.
final class ScrollStripBehavior {
  private weak var content: View?
  private var startX = 0.0
  private var isScrolling = false
  private var animator: FrameAnimator?

  /// A behaviour scrolling `content` inside its superview.
  init(content: View) {
    self.content = content
  }

  /// The center x values the content may take: from its right edge on the strip's right edge to
  /// its left edge on the strip's left edge (a single value when it is narrower than the strip).
  var range: ClosedRange<Double> {
    guard let content, let strip = content.superview else { return 0...0 }
    let half = content.frame.width / 2
    let start = strip.bounds.minX + half
    return min(start, strip.bounds.maxX - half)...start
  }

  /// True while the content decelerates.
  var isDecelerating: Bool { animator?.isRunning ?? false }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard let content, let pan = recognizer as? PanGestureRecognizer else { return }
    let space = content.superview
    switch pan.state {
    case .began:
      animator?.stop()
      startX = content.center.x
      isScrolling = pan.numberOfTouches == 0
      follow(pan, in: space)
    case .changed:
      follow(pan, in: space)
    case .ended:
      follow(pan, in: space)
      if !isScrolling { decelerate(from: pan.velocity(in: space).x) }
    case .cancelled:
      content.center.x = startX
    case .possible, .failed:
      break
    }
  }

  /// Moves the content by the gesture's translation since it began (x, plus y for scrolling).
  private func follow(_ pan: PanGestureRecognizer, in space: View?) {
    let translation = pan.translation(in: space)
    let offset = isScrolling ? translation.x + translation.y : translation.x
    content?.center.x = min(max(startX + offset, range.lowerBound), range.upperBound)
  }

  /// Lets the content coast on with `velocity` (px/s), animated on the window's clock.
  private func decelerate(from velocity: Double) {
    guard let content, let window = content.window else { return }
    var motion = Deceleration(position: content.center.x, velocity: velocity, range: range)
    guard !motion.isFinished else { return }
    let animator = self.animator ?? FrameAnimator(clock: window.clock)
    self.animator = animator
    animator.start { [weak content] elapsed in
      guard let content else { return false }
      let moving = motion.advance(by: elapsed)
      content.center.x = motion.position
      return moving
    }
  }
}
