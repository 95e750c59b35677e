/// Damage tracking: which parts of the window changed since the last frame.
///
/// Every visible change of a view records, in window coordinates, the box the view and its
/// subtree covered before the change and the box they cover after it (`View.setNeedsDisplay()`
/// runs in both the `willSet` and the `didSet` of each drawn property). A box is the bounding
/// box of each view's bounds through every transform up to the window, so rotations and moved
/// parents are covered; it is clipped by the view's clipping ancestors, and nothing is recorded
/// under a hidden or fully transparent ancestor (that ancestor records its whole subtree when
/// it reappears). The boxes accumulate in a ``DamageRegion`` (see its merging policy) clipped
/// to the window.
///
/// Besides the rectangles, the window notes which views changed and how (`changes`,
/// ``ViewChanges``): moved, scaled or turned, or changed otherwise.
///
/// Drawing is assumed to stay inside each view's bounds (the stroke is inset; a label is
/// truncated and clipped to them; custom content that overflows its bounds is not tracked:
/// such a view should clip or be sized to what it draws). How a renderer rounds a box to its
/// pixels is its own business.
extension Window {
  /// The damage recorded since the last `takeDamage`, in window coordinates: integer-aligned,
  /// inside the window, at most ``DamageRegion/maximumCount`` rectangles. Empty after a change
  /// that is not visible (a view outside the window), even though `needsDisplay` is set.
  public var damagedRects: [Rect] { damage.rects }

  /// Returns the damage recorded since the last call (see `damagedRects`) and clears it and
  /// `needsDisplay`. Allocates the returned array; `takeDamage(into:)` does not.
  public func takeDamage() -> [Rect] {
    let rects = damage.rects
    needsDisplay = false
    return rects
  }

  /// Moves the damage recorded since the last call into `region` (replacing its contents) and
  /// clears it and `needsDisplay`, without allocating: the two regions swap storage.
  public func takeDamage(into region: inout DamageRegion) {
    swap(&region, &damage)
    needsDisplay = false
  }

  /// Records the whole window as damaged (a resize, a new buffer, or a change the caller
  /// cannot locate); sets `needsDisplay`.
  public func setNeedsDisplayInWholeWindow() {
    damage.add(Rect(origin: .zero, size: size))
    changes.noteUnbounded()
    hasChanges = true
  }

  /// Records `rect` (window coordinates) as damaged; sets `needsDisplay`.
  public func setNeedsDisplay(in rect: Rect) {
    damage.add(rect)
    changes.noteUnbounded()
    hasChanges = true
  }
}

extension View {
  /// Records the box this view and its subtree currently cover in the window as damaged,
  /// and marks the window as needing a redraw, noting the view in the window's `changes`.
  /// Does nothing for a detached view. `isMove`: called around a change of `center` or
  /// `transform`.
  func recordDamage(isMove: Bool = false) {
    // One walk up: the window, whether an ancestor hides everything, the transform to the
    // window and those of the clipping ancestors, each composed in the order
    // `transformToWindow` composes it (the same rounding).
    var toWindow = transformToSuperview
    var clips = ClippingAncestors()
    var root = self
    while let parent = root.superview {
      if parent.isHidden || parent.alpha <= 0 {
        if let window = parent.window {
          window.hasChanges = true
          window.invalidateHitTests()
        }
        return
      }
      let step = parent.transformToSuperview
      toWindow = toWindow.concatenating(step)
      clips.extend(by: step)
      if parent.clipsToBounds { clips.add(parent.bounds, toSuperview: step) }
      root = parent
    }
    guard let window = root.hostWindow else { return }
    window.hasChanges = true
    // Every change that can move what a point hits (geometry, visibility, the tree) comes here.
    window.invalidateHitTests()
    // Noted before anything can return: a move from outside a clip into it starts outside.
    if isMove { window.changes.noteTransform(of: self) }
    guard var box = drawnBox(toWindow: toWindow) else { return }
    // Innermost clip first, as an empty intersection ends it.
    if let (bounds, transform) = clips.first {
      box = box.intersection(bounds.boundingBox(applying: transform))
      if box.isEmpty { return }
    }
    if let (bounds, transform) = clips.second {
      box = box.intersection(bounds.boundingBox(applying: transform))
      if box.isEmpty { return }
    }
    if clips.hasMore {
      // Deeper nesting of clipping views: the others, the slow way.
      var ancestor = superview
      var seen = 0
      while let current = ancestor {
        if current.clipsToBounds {
          seen += 1
          if seen > 2 {
            box = box.intersection(current.bounds.boundingBox(applying: current.transformToWindow))
            if box.isEmpty { return }
          }
        }
        ancestor = current.superview
      }
    }
    window.damage.add(box)
    // Only a visible change of the view's look counts (outside its clip it draws nothing).
    if !isMove { window.changes.noteRestyle(of: self) }
  }

  /// Whether this view draws a label.
  public var hasLabel: Bool {
    guard let label = style.label else { return false }
    return !label.isEmpty && style.fontSize > 0
  }

  /// What this view's own content may cover, in its own coordinates: its bounds (the stroke
  /// lies inside them, a label is truncated and clipped to them; custom drawing is expected
  /// to stay inside them too).
  public var drawnBounds: Rect { bounds }

  /// The bounding box, in window coordinates, of everything this view and its subtree draw,
  /// or nil when nothing (hidden, fully transparent, empty); `toWindow` maps this view's
  /// coordinates to the window's.
  ///
  /// Matches what the renderer draws: a hidden or transparent view draws nothing with its
  /// subtree; a clipping view's subtree stays inside its own box (its `drawnBounds`).
  public func drawnBox(toWindow: AffineTransform) -> Rect? {
    guard !isHidden, alpha > 0 else { return nil }
    let own = bounds.boundingBox(applying: toWindow)
    var box: Rect? = own.isEmpty ? nil : own
    if clipsToBounds { return box }
    for subview in subviews {
      guard let subBox = subview.drawnBox(toWindow: subview.transformToSuperview.concatenating(toWindow))
      else { continue }
      box = box.map { $0.union(subBox) } ?? subBox
    }
    return box
  }
}

/// The two innermost clipping ancestors met on a walk up from a view, each with its bounds
/// and its transform to the window as composed so far (no allocation); `hasMore` when there
/// are further ones.
private struct ClippingAncestors {
  var first: (bounds: Rect, toWindow: AffineTransform)?
  var second: (bounds: Rect, toWindow: AffineTransform)?
  var hasMore = false

  /// The walk went up one more level, whose transform to its superview is `step`.
  mutating func extend(by step: AffineTransform) {
    if let clip = first { first = (clip.bounds, clip.toWindow.concatenating(step)) }
    if let clip = second { second = (clip.bounds, clip.toWindow.concatenating(step)) }
  }

  /// A clipping ancestor with `bounds`, whose transform to its superview is `step`.
  mutating func add(_ bounds: Rect, toSuperview step: AffineTransform) {
    if first == nil {
      first = (bounds, step)
    } else if second == nil {
      second = (bounds, step)
    } else {
      hasMore = true
    }
  }
}
