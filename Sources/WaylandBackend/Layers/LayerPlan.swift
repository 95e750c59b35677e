import GestureKit

/// Which moving views are on layers of their own (`ViewLayer`), and what each frame does about
/// them: a pure state machine, so the choice is testable without a compositor.
///
/// A view that a gesture or an animation moves, scales or turns would otherwise be drawn again
/// at its old and new places every frame. On a layer, it is drawn once; each frame whose
/// changes are only such views' geometry then moves the layer (`wl_subsurface.set_position`)
/// and scales it (the `wp_viewport` destination), and the window's surface is committed
/// without a buffer. What the compositor cannot show that way is drawn again into the layer
/// alone: a turn (the layer's buffer is axis-aligned), a change of the view's content, a scale
/// without a viewport, and any move of a picture cut by the window's edge or a clip
/// (`LayerExtent.isCut`: the cut would move with it).
///
/// Views are decided front to back, each with the views on layers in front of it: a view
/// qualifies only if whatever is drawn after it and may paint over it is on a layer above its
/// own (the layers are stacked in the window's drawing order), so a card pinched under the Alt
/// emulation's discs is lifted with them.
///
/// Each lifted view's legal transitions, frame by frame:
/// - not lifted -> lifted: its centre or transform changed (`ViewChanges.transformed`) while
///   a touch is down, or in this frame and the one before (an animation), or a touch just
///   went down on it and it moves under touches (`poised`: its gesture's first moving frame
///   then only moves the layer, as the later ones do), it qualifies
///   (`WindowDrawing.layerExtent`), it is neither inside nor around a lifted view, and fewer
///   than `maximumLayers` are lifted: `lift`.
/// - lifted -> lifted: it still qualifies and moved, or stands while a touch is down: `move`
///   when the compositor can show its new geometry from the layer's picture (a translation,
///   and a uniform scale with a viewport, of a picture that is not cut and would not be, in
///   place or moving fast: see below), `redraw` otherwise.
/// - lifted -> not lifted: it stands and no touch is down (the gesture or the animation is
///   over), it no longer qualifies (a view drawn after it, not on a layer, may now paint over
///   it: a redrawn overlay, a view in front that left its layer), it left the window, a
///   configure, a change of scale, a change nobody can locate (`ViewChanges.isUnbounded`):
///   `drop` (drawn into the window again, sharp, in the commit that hides the layer).
///
/// Positions and destination sizes are whole logical pixels (the protocols' integers), so a
/// layer can be moved only to some places. A view that stands, or moves slowly (less than
/// `fastMove` device pixels since the last frame), is drawn again (`redraw`) rather than moved
/// when its picture would be shown more than `edgeTolerance` device pixels from where the
/// window draws it, or (unscaled) off the device grid at a fractional scale, where its pixels
/// would not fall on the output's: lifting it, holding it and dropping it after a slow move
/// moves no edge by more than that. A fast move is shown from the picture where the view is,
/// through a viewport source rectangle a fraction of a pixel off the buffer's grid (resampled
/// by the compositor, which a moving edge hides), or without a viewport, or without room in
/// the picture's margin, up to half a logical pixel off; either way it is drawn again, sharp
/// and in place, once the view stands (`Frame.settles`). Drawing the layer again in every
/// such frame took the drag's client CPU from 19.8 to 30.4 ms and the pinch's from 22.1 to
/// 41.8 (`make bench`, BENCHMARKS.md); the source rectangle costs a request.
struct LayerPlan {
  /// Layers at most at once (four fingers dragging four cards; two cards under the Alt
  /// emulation's two discs and its cross).
  static let maximumLayers = 5

  /// Device pixels a layer's edge may be shown from where the window draws it (issue 32: a
  /// lift or a drop moves no edge by more than a quarter of a device pixel).
  static let edgeTolerance = 0.25

  /// Device pixels an edge of a view's picture moves in a frame from which the move is
  /// shown from the picture wherever whole logical pixels put it (`edgeTolerance` aside): at
  /// that speed an edge's sub-pixel place is not seen, and a frame drawn to it costs as much
  /// as the window's own.
  static let fastMove = 2.0

  /// A view on a layer.
  struct Lifted {
    /// The view (with its subtree).
    let view: View
    /// Which of the app's layers shows it (0 ..< `maximumLayers`).
    let slot: Int
    /// The window rectangle its picture covers (whole logical pixels), when drawn, and
    /// whether it was cut (then the picture cannot be moved).
    var extent: LayerExtent
    /// The view's transform to the window when its picture was drawn.
    var drawn: AffineTransform
    /// The view's transform to the window at the last frame.
    var current: AffineTransform
    /// Where it still qualifies, as the last check found (nil: unknown).
    var room: Rect?
  }

  /// What a frame does about one view.
  enum Action {
    /// Put `view` on layer `slot`, covering `extent` (whole logical pixels), drawn now.
    case lift(View, slot: Int, extent: LayerExtent, room: Rect?)
    /// Draw `view`'s layer again, covering `extent`, as the view is now.
    case redraw(View, extent: LayerExtent, room: Rect?)
    /// Show `view`'s layer at (`x`, `y`), `width` x `height` logical pixels, from `source` of
    /// its buffer (nil: all of it).
    case move(View, x: Int, y: Int, width: Int, height: Int, source: LayerSource?, room: Rect?)
    /// Hide `view`'s layer and draw the view into the window again.
    case drop(View)
  }

  /// What a frame does: the layers' actions, and whether the window's buffer is drawn.
  struct Frame {
    /// One action per view lifted, kept or dropped.
    var actions: [Action]
    /// Whether something the window's buffer shows changed (or a view leaves or joins it).
    var drawsWindow: Bool
    /// The views whose geometry changed in this frame.
    var moved: [ObjectIdentifier] = []
    /// A fast move showed a layer resampled through a source rectangle, or more than
    /// `edgeTolerance` off its view's place: a frame with no change soon after (the view at
    /// rest) draws it again, sharp and in place.
    var settles = false
  }

  /// The views on layers, in the order they were lifted.
  private(set) var lifted: [Lifted] = []
  /// The views whose geometry changed in the last frame.
  private var movedLastFrame: [ObjectIdentifier] = []

  /// The views on layers.
  var liftedViews: [View] { lifted.map(\.view) }

  /// The frame about to be drawn, from the window's `changes` since the last one.
  /// - Parameters:
  ///   - touching: a touch (or a pressed button) is down.
  ///   - configure: the frame applies a configure.
  ///   - scaleChanged: the buffer scale differs from the last frame's.
  ///   - available: layers can be used (a subcompositor, and a viewport at a fractional
  ///     scale).
  ///   - canScale: a layer can be shown scaled (a viewport).
  ///   - scale: device pixels per logical pixel.
  ///   - poised: views that move under touches (`View.movesUnderTouch`) with a touch on them,
  ///     lifted (when they qualify) before they move.
  ///   - extent: the layer rectangle of a view, nil when it does not qualify, given the
  ///     views on layers in front of it and the view's room from the last check, and updating
  ///     the room (`WindowDrawing.layerExtent`).
  func next(
    changes: ViewChanges, touching: Bool, configure: Bool, scaleChanged: Bool, available: Bool,
    canScale: Bool, scale: Double = 1, poised: [View] = [],
    extent: (View, [View], inout Rect?) -> LayerExtent?
  ) -> Frame {
    guard available, !configure, !scaleChanged, !changes.isUnbounded else {
      return Frame(actions: lifted.map { .drop($0.view) }, drawsWindow: true, moved: [])
    }
    // The lifted views and the moved ones that may be lifted, front to back: whether a view
    // qualifies depends on the views drawn after it, and on which of them are on layers.
    // (A drag has one candidate a frame: no drawing order is worked out, nothing is sorted.)
    var candidates: [(view: View, entry: Lifted?)] = lifted.map { ($0.view, $0) }
    for view in changes.transformed
    where (touching || movedLastFrame.contains(ObjectIdentifier(view)))
      && !candidates.contains(where: { $0.view === view })
    {
      candidates.append((view, nil))
    }
    for view in poised where touching && !candidates.contains(where: { $0.view === view }) {
      candidates.append((view, nil))
    }
    if candidates.count > 1 {
      let orders = candidates.map { Self.drawingOrder(of: $0.view) }
      let sorted = candidates.indices.sorted { orders[$1].lexicographicallyPrecedes(orders[$0]) }
      candidates = sorted.map { candidates[$0] }
    }
    var actions: [Action] = []
    // The views on layers this frame, so far: all drawn after the one being decided.
    var onLayers: [View] = []
    // The slots of layers dropped this frame are free only from the next (their surfaces are
    // hidden in this frame's commit). A bit per slot.
    var slots = lifted.reduce(0) { $0 | 1 << $1.slot }
    // A room is handed on only when this view's geometry is all that changed and no view in
    // front of it left its layer (the room was found with that view on its layer).
    let alone = changes.restyled.isEmpty && changes.invalidated.isEmpty && changes.transformed.count == 1
    var dropped = false
    var offPlace = false
    for candidate in candidates {
      let view = candidate.view
      guard let entry = candidate.entry else {
        // A view that moved: lifted when it qualifies, is neither inside nor around a view on
        // a layer (lifted now or until this frame), and a slot is free.
        guard !lifted.contains(where: { Self.nested(view, $0.view) }),
          !onLayers.contains(where: { Self.nested(view, $0) }),
          let slot = (0..<Self.maximumLayers).first(where: { slots & 1 << $0 == 0 })
        else { continue }
        var room: Rect?
        guard let rect = extent(view, onLayers, &room) else { continue }
        slots |= 1 << slot
        onLayers.append(view)
        actions.append(.lift(view, slot: slot, extent: rect, room: room))
        continue
      }
      let now = view.transformToWindow
      let moved = now != entry.current
      var room = alone && !dropped && changes.transformed[0] === view ? entry.room : nil
      // A view moved into (or around) another lifted one would be drawn twice.
      guard touching || moved, !onLayers.contains(where: { Self.nested(view, $0) }),
        let rect = extent(view, onLayers, &room)
      else {
        actions.append(.drop(view))
        dropped = true
        continue
      }
      onLayers.append(view)
      // A cut picture is drawn again wherever the view goes (the cut would move with it).
      let cut = (entry.extent.isCut || rect.isCut) && now != entry.drawn
      if changes.changesContent(of: view) {
        actions.append(.redraw(view, extent: rect, room: room))
      } else if !cut,
        case let fast = Self.edgeTravel(entry, now: now) * scale >= Self.fastMove,
        let shown = Self.shown(entry, now: now, canScale: canScale, scale: scale, fast: fast),
        shown.isExact || fast
      {
        actions.append(
          .move(
            view, x: shown.x, y: shown.y, width: shown.width, height: shown.height, source: shown.source,
            room: room))
        // A fast move shown resampled, or off its place: drawn again, sharp and in place, when
        // the view rests (`settles`).
        if !shown.isExact || shown.source != nil { offPlace = true }
      } else {
        actions.append(.redraw(view, extent: rect, room: room))
      }
    }
    let leaves = actions.contains { action in
      switch action {
      case .lift, .drop: return true
      case .redraw, .move: return false
      }
    }
    // The window draws when something outside the layers changed.
    func outside(_ view: View) -> Bool { !onLayers.contains { view.isDescendant(of: $0) } }
    let changedOutside =
      changes.restyled.contains(where: outside) || changes.transformed.contains(where: outside)
      || changes.invalidated.contains { outside($0.view) }
    return Frame(
      actions: actions, drawsWindow: leaves || changedOutside,
      moved: changes.transformed.map(ObjectIdentifier.init), settles: offPlace)
  }

  /// Records that `frame` was carried out; returns whether the layers must be stacked again
  /// (`lifted`'s order, back to front): a view was lifted, or the views' order changed.
  @discardableResult
  mutating func took(_ frame: Frame) -> Bool {
    // One view on a layer (a drag) is never restacked but when lifted: no orders are compared.
    let before = lifted.count > 1 ? lifted.map { ObjectIdentifier($0.view) } : []
    var restack = false
    for action in frame.actions {
      switch action {
      case .lift(let view, let slot, let extent, let room):
        let now = view.transformToWindow
        lifted.append(Lifted(view: view, slot: slot, extent: extent, drawn: now, current: now, room: room))
        restack = true
      case .redraw(let view, let extent, let room):
        guard let index = lifted.firstIndex(where: { $0.view === view }) else { continue }
        let now = view.transformToWindow
        lifted[index].extent = extent
        lifted[index].drawn = now
        lifted[index].current = now
        lifted[index].room = room
      case .move(let view, _, _, _, _, _, let room):
        guard let index = lifted.firstIndex(where: { $0.view === view }) else { continue }
        lifted[index].current = view.transformToWindow
        lifted[index].room = room
      case .drop(let view):
        lifted.removeAll { $0.view === view }
      }
    }
    movedLastFrame = frame.moved
    guard lifted.count > 1 else { return restack }
    // Back to front, as the window draws them: a layer shows above those of views drawn
    // before it.
    let order = lifted.map { Self.drawingOrder(of: $0.view) }
    let sorted = lifted.indices.sorted { order[$0].lexicographicallyPrecedes(order[$1]) }
    lifted = sorted.map { lifted[$0] }
    let after = lifted.map { ObjectIdentifier($0.view) }
    return restack || after != before.filter(after.contains)
  }

  /// Where `view` comes in the window's drawing: the index of it and of each ancestor below
  /// the root in its superview's subviews, root first. Of two views, the one whose order
  /// comes later lexicographically is drawn after (in front of) the other; a view comes after
  /// its ancestors.
  static func drawingOrder(of view: View) -> [Int] {
    var order: [Int] = []
    var child = view
    while let parent = child.superview {
      order.append(parent.subviews.lastIndex { $0 === child } ?? 0)
      child = parent
    }
    return order.reversed()
  }

  /// Whether `view` is `other`, inside it or around it.
  private static func nested(_ view: View, _ other: View) -> Bool {
    view.isDescendant(of: other) || other.isDescendant(of: view)
  }

  /// Forgets every layer (the layers are gone: a lost connection, a new surface).
  mutating func reset() {
    lifted.removeAll()
    movedLastFrame.removeAll()
  }
}
