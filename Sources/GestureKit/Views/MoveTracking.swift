/// Whether the only visible change since the last `takeDamage` was one view's `center` (a
/// drag), so that a backend showing that view on a layer of its own can move the layer
/// instead of drawing (`Window.movingView`). A state machine; its legal transitions:
///
/// - `idle` -> `moving`: the first change is a view's centre (`noteMove`).
/// - `idle` -> `mixed`: the first change is anything else (`noteOtherChange`).
/// - `moving(v)` -> `moving(v)`: `v`'s centre changes again.
/// - `moving(v)` -> `mixed`: another view moves, or anything else changes.
/// - `mixed` -> `mixed`: any change.
/// - any -> `idle`: the damage is taken or cleared (`Window.needsDisplay = false`).
enum MoveTracking {
  /// Nothing visible changed since the damage was last taken.
  case idle
  /// Only `view`'s centre changed.
  case moving(View)
  /// Something else changed too.
  case mixed

  /// `view` is about to move or just moved.
  mutating func noteMove(of view: View) {
    switch self {
    case .idle: self = .moving(view)
    case .moving(let moving) where moving === view: break
    case .moving, .mixed: self = .mixed
    }
  }

  /// Something other than a view's centre changed visibly.
  mutating func noteOtherChange() {
    self = .mixed
  }

  /// The view whose centre alone changed, if that is all that changed (still in a window).
  var movingView: View? {
    guard case .moving(let view) = self, view.window != nil else { return nil }
    return view
  }
}
