import GestureKit

/// Whether a dragged view is on a layer of its own (`ViewLayer`), and what each frame does
/// about it: a pure state machine, so the choice is testable without a compositor.
///
/// While a finger (or a pressed button, which is a touch to the window) drags a view, every
/// frame whose only change is that view's move would redraw the view at both places. On a
/// layer, the view is drawn once; each such frame then only moves the layer
/// (`wl_subsurface.set_position`) and commits the window's surface without a buffer, and the
/// compositor composites the view over the window drawn without it. Its legal transitions:
///
/// - `down` -> `lifted(v)`: a frame whose only change is `v`'s move, while a touch is down,
///   at an integer scale, with `v` qualifying for a layer (`Renderer.layerExtent`): `lift`.
/// - `lifted(v)` -> `lifted(v)`: a frame whose only change is `v`'s move again, under the
///   same conditions: `follow` (the layer moves).
/// - `lifted(v)` -> `down`: any other frame (another change, the last touch lifted, a
///   configure, a new scale, `v` no longer qualifying): `drop` (`v` is drawn into the window
///   again, in the same commit that hides the layer).
/// - `down` -> `down`: any other frame: `draw`.
///
/// Each lift and follow keeps the view's room (`Renderer.layerExtent(of:in:scale:room:)`) and
/// hands it to the next frame's check: a follow's only change is the lifted view's move, so
/// while the view stays inside its room it qualifies without the walk over the views drawn
/// after it.
///
/// Layer positions are whole logical pixels (`wl_subsurface` positions are integers): the
/// layer moves by the view's move rounded to whole pixels, so a lifted view is shown at most
/// half a logical pixel from its exact place, and at its exact place again once dropped.
struct LayerPlan {
  /// Where the lifted view is.
  enum State {
    /// No view is on a layer.
    case down
    /// `view` is on the layer, drawn at `scale` with its pixel (0, 0) at window point `origin`
    /// (whole logical pixels) when its transform to the window translated by `translation`;
    /// `room`: where it still qualifies, as the last check found (nil: unknown).
    case lifted(
      view: View, origin: (x: Int, y: Int), translation: (x: Double, y: Double), scale: Int, room: Rect?)
  }

  /// What a frame does.
  enum Step {
    /// Draw the window as usual.
    case draw
    /// Put `view` on the layer (covering `extent`, whole logical pixels, drawn at integer
    /// `scale`; its room as the check found it) and draw the window without it.
    case lift(View, extent: Rect, scale: Int, room: Rect?)
    /// Move the layer to (`x`, `y`) (logical pixels); the window's surface keeps its pixels.
    /// `room`: the view's room as this frame's check left it.
    case follow(x: Int, y: Int, room: Rect?)
    /// Hide the layer and draw `view` into the window again.
    case drop(View)
  }

  private(set) var state = State.down

  /// The view on the layer, if any.
  var liftedView: View? {
    guard case .lifted(let view, _, _, _, _) = state else { return nil }
    return view
  }

  /// The step the next frame takes. `moving`: the view whose move is the only change since
  /// the last frame (`Window.movingView`); `touching`: a touch is down; `configure`: the frame
  /// applies a configure; `scale`: the surface's integer scale (nil when fractional);
  /// `extent`: the layer rectangle of a view at a scale, nil when it does not qualify, given
  /// the view's room from the last check and updating it
  /// (`Renderer.layerExtent(of:in:scale:room:)`).
  func next(
    moving: View?, touching: Bool, configure: Bool, scale: Int?, extent: (View, Int, inout Rect?) -> Rect?
  ) -> Step {
    switch state {
    case .down:
      var room: Rect?
      guard !configure, touching, let moving, let scale, let rect = extent(moving, scale, &room) else {
        return .draw
      }
      return .lift(moving, extent: rect, scale: scale, room: room)
    case .lifted(let view, let origin, let translation, let liftScale, var room):
      // The room is handed on only when the view's move is all that changed since it was found.
      guard !configure, touching, moving === view, scale == liftScale, extent(view, liftScale, &room) != nil
      else {
        return .drop(view)
      }
      let now = view.transformToWindow
      return .follow(
        x: origin.x + Int((now.tx - translation.x).rounded()),
        y: origin.y + Int((now.ty - translation.y).rounded()), room: room)
    }
  }

  /// Records that `step` was carried out.
  mutating func took(_ step: Step) {
    switch step {
    case .draw: break
    case .follow(_, _, let room):
      guard case .lifted(let view, let origin, let translation, let scale, _) = state else { return }
      state = .lifted(view: view, origin: origin, translation: translation, scale: scale, room: room)
    case .lift(let view, let extent, let scale, let room):
      let toWindow = view.transformToWindow
      state = .lifted(
        view: view, origin: (Int(extent.minX), Int(extent.minY)), translation: (toWindow.tx, toWindow.ty),
        scale: scale, room: room)
    case .drop: state = .down
    }
  }
}
