import Glibc

/// Where a drawer goes when the finger lets go: the rule of the `drawer` behaviour.
///
/// A flick decides by its direction: at ``flickSpeed`` or faster (along the opening axis) the
/// drawer goes the way the finger was moving. A slower release decides by position: open when
/// at least half of the drawer is showing.
enum DrawerSettle {
  /// The speed (px/s) from which the release velocity alone decides.
  static let flickSpeed = 300.0

  /// True when the drawer should settle open. `openFraction` is how much of it shows (0
  /// closed, 1 open); `velocity` is the finger's velocity along the opening direction (px/s,
  /// positive opens).
  static func settlesOpen(openFraction: Double, velocity: Double) -> Bool {
    if abs(velocity) >= flickSpeed { return velocity > 0 }
    return openFraction >= 0.5
  }

  /// One animation step of a drawer moving from `position` towards `target` for `seconds`:
  /// an exponential ease-out (about 95 % of the way in 0.15 s) that snaps within half a pixel.
  static func step(from position: Double, to target: Double, seconds: Double) -> Double {
    let remaining = (target - position) * exp(-20 * seconds)
    return abs(remaining) < 0.5 ? target : target - remaining
  }
}
