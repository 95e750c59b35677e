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
/// clipped to them, and its box grown by ``View/labelOverflow`` for the glyph rows cairo lets
/// past the clip; custom content that overflows its bounds is not tracked: such a view
/// should clip or be sized to what it draws).
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
    guard case (var box?, let labelled) = drawnBoxAndLabels(toWindow: toWindow) else { return }
    // A label's overflowing rows pass its clipping ancestors' clips too (RendererWindowDamageTests).
    let overflow = labelled ? Self.labelOverflow : 0
    // Innermost clip first, as an empty intersection ends it.
    if let (bounds, transform) = clips.first {
      box = box.intersection(bounds.insetBy(dx: -overflow, dy: -overflow).boundingBox(applying: transform))
      if box.isEmpty { return }
    }
    if let (bounds, transform) = clips.second {
      box = box.intersection(bounds.insetBy(dx: -overflow, dy: -overflow).boundingBox(applying: transform))
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
            box = box.intersection(
              current.bounds.insetBy(dx: -overflow, dy: -overflow).boundingBox(
                applying: current.transformToWindow))
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

  /// Logical pixels a label's glyphs may reach past the view's bounds, even where the label
  /// is clipped to them, and past its clipping ancestors' bounds: cairo (1.16) composites a
  /// glyph's image whole when the clip holds the glyph's outline box, and hinting can put a
  /// row of the image past that box.
  public static let labelOverflow = 2.0

  /// Whether this view draws a label.
  public var hasLabel: Bool {
    guard let label = style.label else { return false }
    return !label.isEmpty && style.fontSize > 0
  }

  /// What this view's own content may cover, in its own coordinates: its bounds, grown by
  /// ``labelOverflow`` when it has a label or clips its subviews (whose labels' rows may
  /// pass that clip).
  public var drawnBounds: Rect {
    guard hasLabel || clipsToBounds else { return bounds }
    return bounds.insetBy(dx: -Self.labelOverflow, dy: -Self.labelOverflow)
  }

  /// The bounding box, in window coordinates, of everything this view and its subtree draw,
  /// or nil when nothing (hidden, fully transparent, empty); `toWindow` maps this view's
  /// coordinates to the window's.
  ///
  /// Matches what the renderer draws: a hidden or transparent view draws nothing with its
  /// subtree; a clipping view's subtree stays inside its own box (its `drawnBounds`).
  public func drawnBox(toWindow: AffineTransform) -> Rect? {
    drawnBoxAndLabels(toWindow: toWindow).box
  }

  /// `drawnBox(toWindow:)`, and whether a label may be drawn in it: one of the views has a
  /// label, or clips a subtree that is not walked.
  func drawnBoxAndLabels(toWindow: AffineTransform) -> (box: Rect?, labelled: Bool) {
    guard !isHidden, alpha > 0 else { return (nil, false) }
    let own = drawnBounds.boundingBox(applying: toWindow)
    var box: Rect? = own.isEmpty ? nil : own
    if clipsToBounds { return (box, true) }
    var labelled = hasLabel
    for subview in subviews {
      let sub = subview.drawnBoxAndLabels(toWindow: subview.transformToSuperview.concatenating(toWindow))
      guard let subBox = sub.box else { continue }
      labelled = labelled || sub.labelled
      box = box.map { $0.union(subBox) } ?? subBox
    }
    return (box, labelled)
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
