import GestureKit

// The layers half of `WaylandApplication`'s drawing: which moving views are on subsurfaces
// of their own this frame (`LayerPlan`), drawing, moving and hiding those subsurfaces
// (`ViewLayer`), and noticing when the views have come to rest.
extension WaylandApplication {
  /// Seconds after the last frame that moved a layer with no touch down before the views
  /// that stopped are drawn back into the window: two or three frames of an animation. With a
  /// touch down, after a fast move showed a layer resampled or off its view's place, before it
  /// is drawn again, sharp and in place (the finger holds still).
  static let layerSettleDelay = 0.05

  /// What the frame about to be drawn does about layers, from the window's changes since the
  /// last frame; no actions when views are not put on layers (no drawing side, no
  /// subcompositor).
  func layerFrame(configure: Bool, scale: SurfaceScale) -> LayerPlan.Frame {
    guard let drawing, subcompositor != nil else {
      return LayerPlan.Frame(actions: [], drawsWindow: true)
    }
    let canScale = self.scale?.viewporter != nil
    let integer = !scale.usesViewport && scale.factor == scale.factor.rounded()
    return layerPlan.next(
      changes: window.changes, touching: !window.activeTouches.isEmpty, configure: configure,
      scaleChanged: layerScale.map { $0 != scale } ?? false, available: canScale || integer,
      canScale: canScale, scale: scale.factor, poised: poisedViews()
    ) { view, lifted, room in drawing.layerExtent(of: view, beneath: lifted, scale: scale.factor, room: &room)
    }
  }

  /// Once a touch, a button or a pen went down, at the end of its frame (when the window has
  /// delivered it), asks for a layer pass if a view that moves under touches
  /// (`View.movesUnderTouch`) is under a touch and not on a layer: it is lifted before it
  /// moves, so that the gesture's first moving frame only moves the layer.
  func noteTouchBegan(_ event: SeatEvent) {
    switch event {
    case .touchDown, .pointerButton(_, true), .tabletDown:
      touchBeganSinceFrame = true
    case .touchFrame, .pointerFrame, .tabletFrame:
      guard touchBeganSinceFrame, drawing != nil, subcompositor != nil else { return }
      if !poisedViews().isEmpty { layerPassDue = true }
    default:
      break
    }
  }

  /// The views that move under touches (`View.movesUnderTouch`: the touched view or its
  /// nearest such ancestor) with a touch on them and not on a layer, once a touch went down
  /// since the last frame; none otherwise (so a view that could not be lifted is not looked
  /// at again every frame).
  func poisedViews() -> [View] {
    guard touchBeganSinceFrame else { return [] }
    var poised: [View] = []
    for touch in window.activeTouches {
      var candidate = touch.view
      while let view = candidate, !view.movesUnderTouch { candidate = view.superview }
      guard let view = candidate, !poised.contains(where: { $0 === view }),
        !layerPlan.lifted.contains(where: { $0.view === view })
      else { continue }
      poised.append(view)
    }
    return poised
  }

  /// Carries out `frame`'s actions on the layers at `scale`, after the window's damage was
  /// taken into `frameDamage`: lifts and redraws draw the view into its layer, moves place
  /// it, drops hide it and damage the window where the view is now. Returns the frame as
  /// carried out: a lift or a redraw whose buffers are all busy is left out (a lifted view
  /// stays in the window; a redrawn one keeps its picture until the next pass).
  func carryOut(_ frame: LayerPlan.Frame, scale: SurfaceScale) throws(WaylandError) -> LayerPlan.Frame {
    var done = frame
    done.actions.removeAll()
    for action in frame.actions {
      switch action {
      case .lift(let view, let slot, let extent, _):
        guard try drawLayer(of: view, slot: slot, extent: extent.rect, scale: scale) else { continue }
        // The window is drawn without the view where it is (a view lifted before it moved
        // has no change of its own to damage it).
        damageWindow(under: view)
      case .redraw(let view, let extent, _):
        guard let slot = layerPlan.lifted.first(where: { $0.view === view })?.slot,
          try drawLayer(of: view, slot: slot, extent: extent.rect, scale: scale)
        else {
          layerPassDue = true
          continue
        }
      case .move(let view, let x, let y, let width, let height, let source, _):
        guard let slot = layerPlan.lifted.first(where: { $0.view === view })?.slot else { continue }
        // Window coordinates to the surface's: below the title bar's rows.
        viewLayers[slot]?.move(x: x, y: y + contentOffset, width: width, height: height, source: source)
      case .drop(let view):
        if let slot = layerPlan.lifted.first(where: { $0.view === view })?.slot { viewLayers[slot]?.hide() }
        // The view comes back where it is now; what the layer covered becomes the window's.
        damageWindow(under: view)
      }
      done.actions.append(action)
    }
    return done
  }

  /// Damages the window where `view` is now drawn, when it is in the window.
  private func damageWindow(under view: View) {
    guard view.window === window, let box = view.drawnBox(toWindow: view.transformToWindow) else { return }
    let inside = box.intersection(Rect(origin: .zero, size: window.size))
    if !inside.isEmpty { frameDamage.add(inside) }
  }

  /// Records `frame` as carried out at `scale` and, while views are lifted with no touch
  /// down, arms the timer that drops those that came to rest; while a layer is shown
  /// resampled or off its view's place (`LayerPlan.Frame.settles`), the one that draws it
  /// again, sharp and in place, when the finger holds still.
  func tookLayers(_ frame: LayerPlan.Frame, scale: SurfaceScale) {
    if layerPlan.took(frame) { restackLayers() }
    layerScale = scale
    if let layerSettleTimer { clock.cancel(layerSettleTimer) }
    layerSettleTimer = nil
    if window.activeTouches.isEmpty || frame.settles { armLayerSettle() }
  }

  /// Stacks the layers as the window draws their views, back to front, above the window's
  /// surface (at its next commit).
  private func restackLayers() {
    guard let toplevel else { return }
    var below = toplevel.surface
    for entry in layerPlan.lifted {
      guard let layer = viewLayers[entry.slot] else { continue }
      layer.place(above: below)
      below = layer.surface
    }
  }

  /// The last touch lifted: lifted views that no longer move go back into the window soon.
  func touchesEnded() {
    if layerSettleTimer == nil { armLayerSettle() }
  }

  /// While views are lifted, asks for a layer pass `layerSettleDelay` from now (views at
  /// rest with no touch down are dropped, those held still are drawn in place).
  private func armLayerSettle() {
    guard !layerPlan.lifted.isEmpty else { return }
    layerSettleTimer = clock.schedule(at: clock.now + Self.layerSettleDelay) { [unowned self] in
      layerSettleTimer = nil
      layerPassDue = true
    }
  }

  /// Draws `view` into the layer in `slot` (created the first time), covering `extent` at
  /// `scale`; false when its buffers are all busy or it cannot be drawn at that scale.
  private func drawLayer(of view: View, slot: Int, extent: Rect, scale: SurfaceScale) throws(WaylandError)
    -> Bool
  {
    guard let drawing, let toplevel, let subcompositor else { return false }
    if viewLayers[slot] == nil {
      viewLayers[slot] = ViewLayer(
        compositor: compositor, subcompositor: subcompositor, viewporter: self.scale?.viewporter, shm: shm,
        parent: toplevel.surface)
    }
    guard let layer = viewLayers[slot] else { return false }
    return try layer.show(
      width: Int(extent.width), height: Int(extent.height), scale: scale.factor, x: Int(extent.minX),
      y: Int(extent.minY) + contentOffset
    ) { data, width, height, stride in
      drawing.drawLayer(
        of: view,
        into: FrameTarget(data: data, width: width, height: height, stride: stride, scale: scale.factor),
        origin: extent.origin)
    }
  }
}
