import GestureKit

/// Where a window's pixels change, frame by frame: the drawing side's memory of where it drew
/// each view, which turns the window's ``ViewChanges`` into damage rectangles.
///
/// It remembers, for every view drawn, the box its own content covers in the window: its
/// bounds through its transforms to the window, clipped by its clipping ancestors (as the
/// renderer draws it). Each frame, every changed view's subtree is walked: the boxes it
/// covered at the last frame and those it covers now are damaged (a box around each), and the
/// new ones remembered. A view no longer drawn (removed, hidden, under a hidden or
/// transparent ancestor) damages where it was and is forgotten; a part of a view's content
/// (`setNeedsDisplay(in:)`) damages that part where the view is. A change no view names
/// (`isUnbounded`: a resize, a new window) damages the whole window and rebuilds the memory
/// from the tree.
///
/// One tracker serves one window: it must see every change taken from it, every frame,
/// whether or not the frame is drawn. Memory: one entry per view drawn; entries of views
/// dropped unseen (a subview removed from an already removed view) are swept by a rebuild
/// once they outnumber the live ones. Allocates nothing per frame in steady state.
public final class DamageTracker {
  /// The box each drawn view's own content covered at the last frame, in window coordinates
  /// (never empty).
  private var boxes: [ObjectIdentifier: Rect] = [:]
  /// The window the boxes belong to.
  private weak var window: Window?
  /// The window's size when the boxes were rebuilt.
  private var size = Size(width: 0, height: 0)
  /// Entries after the last rebuild (the sweep's measure).
  private var entriesAfterRebuild = 0
  /// The ancestors of the view being placed, from it up to the root (reused).
  private var chain: [View] = []

  /// A tracker that has seen nothing: its first frame damages the whole window.
  public init() {}

  /// Appends to `damage` the window rectangles (window coordinates, inside the window, not
  /// rounded) whose pixels `changes`, taken from `window` since the last call, may have
  /// altered, and remembers where the changed views are now.
  public func damage(for changes: ViewChanges, in window: Window, into damage: inout [Rect]) {
    let whole = Rect(origin: .zero, size: window.size)
    if changes.isUnbounded || window !== self.window || window.size != size {
      rebuild(window)
      damage.append(whole)
      return
    }
    for view in changes.transformed { refresh(view, in: window, clippedTo: whole, into: &damage) }
    for view in changes.restyled { refresh(view, in: window, clippedTo: whole, into: &damage) }
    for invalidation in changes.invalidated {
      guard let place = placement(of: invalidation.view, in: window), place.drawn else { continue }
      let view = invalidation.view
      guard !view.isHidden, view.alpha > 0 else { continue }
      let toWindow = place.superviewToWindow.map { view.transformToSuperview.concatenating($0) } ?? .identity
      let box = invalidation.rect.boundingBox(applying: toWindow).intersection(place.clip)
      if !box.isEmpty { damage.append(box) }
    }
    if boxes.count > 2 * entriesAfterRebuild + 256 { rebuild(window) }
  }

  /// Takes `window`'s changes and returns their damage (see `damage(for:in:into:)`).
  /// Allocates: for tests and tools; a frame loop keeps its lists.
  public func takeDamage(of window: Window) -> [Rect] {
    var rects: [Rect] = []
    damage(for: window.takeChanges(), in: window, into: &rects)
    return rects
  }

  /// How many views the tracker remembers (for tests of its memory).
  public var rememberedCount: Int { boxes.count }

  /// Forgets everything and remembers every view of `window` as drawn now.
  private func rebuild(_ window: Window) {
    boxes.removeAll(keepingCapacity: true)
    self.window = window
    size = window.size
    var old: Rect? = nil
    var new: Rect? = nil
    walk(
      window.rootView, toWindow: .identity, clip: Rect(origin: .zero, size: window.size), drawn: true,
      old: &old, new: &new)
    entriesAfterRebuild = boxes.count
  }

  /// Damages where `view`'s subtree was and is, clipped to `whole`, and remembers it.
  private func refresh(_ view: View, in window: Window, clippedTo whole: Rect, into damage: inout [Rect]) {
    var old: Rect? = nil
    var new: Rect? = nil
    if let place = placement(of: view, in: window) {
      let toWindow = place.superviewToWindow.map { view.transformToSuperview.concatenating($0) } ?? .identity
      walk(view, toWindow: toWindow, clip: place.clip, drawn: place.drawn, old: &old, new: &new)
    } else {
      walk(view, toWindow: .identity, clip: whole, drawn: false, old: &old, new: &new)
    }
    if let old {
      let box = old.intersection(whole)
      if !box.isEmpty { damage.append(box) }
    }
    if let new, new != old {
      let box = new.intersection(whole)
      if !box.isEmpty { damage.append(box) }
    }
  }

  /// Where `view` sits in `window`: its superview's transform to the window (nil for the
  /// root view), the window rectangle its clipping ancestors let through, and whether its
  /// ancestors let it be drawn at all; nil when it is not in `window`.
  private func placement(of view: View, in window: Window) -> (
    superviewToWindow: AffineTransform?, clip: Rect, drawn: Bool
  )? {
    chain.removeAll(keepingCapacity: true)
    var ancestor = view.superview
    var root = view
    while let current = ancestor {
      chain.append(current)
      root = current
      ancestor = current.superview
    }
    guard root === window.rootView else { return nil }
    var clip = Rect(origin: .zero, size: window.size)
    guard !chain.isEmpty else { return (nil, clip, true) }
    // From the root down, composed as the renderer composes them (the root's coordinates are
    // the window's).
    var toWindow = AffineTransform.identity
    var drawn = true
    for index in stride(from: chain.count - 1, through: 0, by: -1) {
      let current = chain[index]
      if index != chain.count - 1 { toWindow = current.transformToSuperview.concatenating(toWindow) }
      if current.isHidden || current.alpha <= 0 { drawn = false }
      if current.clipsToBounds {
        clip = clip.intersection(Self.clipBox(current.bounds.boundingBox(applying: toWindow)))
      }
    }
    return (toWindow, clip, drawn)
  }

  /// What a clipping view whose bounds cover `box` in the window lets through: `box` rounded
  /// out to whole logical pixels. The renderer clips to the whole device pixels the bounds
  /// touch (ShapePainter.clip), up to a device pixel past them. Damage is rounded out to
  /// whole logical and then whole device pixels, and ceil(ceil(x) * s) >= ceil(x * s) at any
  /// scale s, so a box rounded out to whole logical pixels covers those device pixels. A
  /// view moving entirely outside its clipping parent's bounds but inside such a pixel was
  /// left stale (the 10x renderer soak, run 1483: 21 pixels, 44 levels).
  private static func clipBox(_ box: Rect) -> Rect {
    box.minX.isFinite && box.minY.isFinite && box.maxX.isFinite && box.maxY.isFinite ? box.roundedOut : box
  }

  /// Walks `view`'s subtree (`toWindow`: its transform to the window; `clip`: what its
  /// clipping ancestors let through; `drawn`: whether they let it be drawn), replacing each
  /// view's remembered box with its box now and growing `old` and `new` by them.
  private func walk(
    _ view: View, toWindow: AffineTransform, clip: Rect, drawn: Bool, old: inout Rect?, new: inout Rect?
  ) {
    let id = ObjectIdentifier(view)
    let shown = drawn && !view.isHidden && view.alpha > 0
    let own = view.drawnBounds.boundingBox(applying: toWindow)
    let box = shown ? own.intersection(clip) : Rect.zero
    let remembered = box.isEmpty ? boxes.removeValue(forKey: id) : boxes.updateValue(box, forKey: id)
    if let remembered { old = old.map { $0.union(remembered) } ?? remembered }
    if !box.isEmpty { new = new.map { $0.union(box) } ?? box }
    let inner = shown && view.clipsToBounds ? clip.intersection(Self.clipBox(own)) : clip
    for subview in view.subviews {
      walk(
        subview, toWindow: subview.transformToSuperview.concatenating(toWindow), clip: inner, drawn: shown,
        old: &old, new: &new)
    }
  }
}
