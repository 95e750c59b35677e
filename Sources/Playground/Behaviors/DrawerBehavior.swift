import GestureKit

/// The `drawer` behaviour: a pan (usually a `screenEdgePan` from the left edge) pulls a
/// drawer view in from the left. The drawer follows the finger horizontally between closed
/// (its right edge on its parent's left edge) and open (the frame the scene file gives it),
/// and on lift-off settles open or closed by ``DrawerSettle`` (position and velocity),
/// animated on the window's clock by a ``FrameAnimator``. A cancelled gesture returns the
/// drawer to where it was at began. The scene builder starts every drawer closed.
final class DrawerBehavior {
  private weak var drawer: View?
  /// The drawer's center x when open (from the scene file).
  let openX: Double
  /// The drawer's center x when closed.
  let closedX: Double
  private var startX = 0.0
  private var animator: FrameAnimator?

  /// A behaviour moving `drawer`, whose current frame is its open place.
  init(drawer: View) {
    self.drawer = drawer
    openX = drawer.center.x
    closedX = drawer.center.x - drawer.frame.maxX
  }

  /// Puts the drawer in its closed place at once.
  func close() {
    drawer?.center.x = closedX
  }

  /// How much of the drawer shows: 0 closed, 1 open.
  var openFraction: Double {
    guard let drawer, openX != closedX else { return 0 }
    return (drawer.center.x - closedX) / (openX - closedX)
  }

  /// The recognizer's action.
  func handle(_ recognizer: GestureRecognizer) {
    guard let drawer, let pan = recognizer as? PanGestureRecognizer else { return }
    let space = drawer.superview
    switch pan.state {
    case .began:
      animator?.stop()
      startX = drawer.center.x
      fallthrough
    case .changed:
      drawer.center.x = min(openX, max(closedX, startX + pan.translation(in: space).x))
    case .ended:
      let open = DrawerSettle.settlesOpen(openFraction: openFraction, velocity: pan.velocity(in: space).x)
      settle(at: open ? openX : closedX)
    case .cancelled:
      settle(at: startX)
    default:
      break
    }
  }

  /// Animates the drawer to `target` (its center x).
  private func settle(at target: Double) {
    guard let drawer, let window = drawer.window else { return }
    let animator = self.animator ?? FrameAnimator(clock: window.clock)
    self.animator = animator
    animator.start { [weak drawer] elapsed in
      guard let drawer else { return false }
      drawer.center.x = DrawerSettle.step(from: drawer.center.x, to: target, seconds: elapsed)
      return drawer.center.x != target
    }
  }
}
