/// The only visible change of a frame when that change was one view's `center` moving: the
/// view, and its transform to the window before and after (the view's coordinates to the
/// window's).
///
/// A renderer that knows what the view draws can name pixels such a move left as they
/// were (the inside of an opaque card, away from its edges and its label) and neither
/// redraw nor report them (`UnchangedRegion`). `Window.takeDamage(into:move:)` gives it.
public struct ViewMove {
  /// The view that moved.
  public let view: View
  /// The view's coordinates to the window's when the frame began.
  public let from: AffineTransform
  /// The view's coordinates to the window's now.
  public let to: AffineTransform
}

/// What the changes since the last `takeDamage` were, as far as a moved view's unchanged
/// pixels are concerned. A state machine; its legal transitions:
///
/// - `idle` -> `moving`: the first change is a view's centre (`noteMove`).
/// - `idle` -> `mixed`: the first change is anything else (`noteOtherChange`).
/// - `moving(v)` -> `moving(v)`: `v`'s centre changes again (the starting transform is kept).
/// - `moving(v)` -> `mixed`: another view moves, or anything else changes.
/// - `mixed` -> `mixed`: any change.
/// - any -> `idle`: the damage is taken (`take`) or cleared.
enum MoveTracking {
  /// Nothing visible changed since the damage was last taken.
  case idle
  /// Only `view`'s centre changed; `from` is its transform to the window before the first
  /// change.
  case moving(view: View, from: AffineTransform)
  /// Something else changed too: no pixels are known to be unchanged.
  case mixed

  /// `view`, whose transform to the window is `toWindow`, is about to move or just moved.
  mutating func noteMove(of view: View, toWindow: AffineTransform) {
    switch self {
    case .idle: self = .moving(view: view, from: toWindow)
    case .moving(let moving, _) where moving === view: break
    case .moving, .mixed: self = .mixed
    }
  }

  /// Something other than a view's centre changed visibly.
  mutating func noteOtherChange() {
    self = .mixed
  }

  /// The view whose centre alone changed, if that is all that changed (still in a window).
  var movingView: View? {
    guard case .moving(let view, _) = self, view.window != nil else { return nil }
    return view
  }

  /// The move the changes amount to, if they were one view's, and back to `idle`.
  mutating func take() -> ViewMove? {
    defer { self = .idle }
    guard case .moving(let view, let from) = self, view.window != nil else { return nil }
    return ViewMove(view: view, from: from, to: view.transformToWindow)
  }
}
