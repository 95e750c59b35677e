import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// A dragged view on a layer of its own (Renderer+Layer.swift): the window drawn without it
/// is what cairo draws with the view hidden, and its layer composited over that (as the
/// compositor does: pixman's `OVER`) is what cairo draws with the view, to within two levels
/// per channel where the view's own partly covering drawings meet (the 8-bit roundings of
/// several `OVER`s in another order: each rounds by half a level; at ten and twenty times the
/// runs, `GP_RENDER_RUNS`, a few pixels differ by two, none by more).
@Suite("Renderer layers")
struct RendererLayerTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  @Test(
    "random views dragged, pinched and turned on layers, over the window drawn without them, give cairo's full repaint"
  )
  func randomLayers() {
    var layered = 0
    for run in RandomRenderRuns.cases(80) {
      var random = RandomRenderRuns.generator(seed: 0x1A7E_2000 &+ UInt64(run) &* 0x9E37_79B9)
      // At 1.25, 1.5 and 1.75 the renderer lays the layer on whole logical pixels that are
      // whole device pixels too (multiples of 4, 2 and 4: `Renderer.layerGrid`), so that the
      // compositor shows it on the window's grid, unscaled.
      let scale = [1.0, 2.0, 1.25, 1.5, 1.75][random.index(5)]
      let window = RandomScenes.window(&random)
      let views = window.rootView.subviews.flatMap { [$0] + $0.subviews }
      let lifted = views[random.index(views.count)]
      let renderer = Renderer()
      let size = (Int(window.size.width * scale), Int(window.size.height * scale))
      let image = Image(width: size.0, height: size.1)
      renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
      let tracker = DamageTracker()
      _ = tracker.takeDamage(of: window)
      for step in 0..<4 {
        if step > 0 { RandomScenes.gestureStep(of: lifted, &random) }
        let damage = tracker.takeDamage(of: window)
        var room: Rect?
        guard let (found, isCut) = renderer.layerPlacement(of: lifted, in: window, scale: scale, room: &room)
        else {
          // The buffer follows the window (with the view) to the next step.
          renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
          continue
        }
        layered += 1
        let extent = found
        #expect(
          Self.onDeviceGrid(extent, scale: scale, whole: !isCut),
          "run \(run) step \(step) scale \(scale): \(extent) is not on the device grid")
        // The window without the view: repaired where it moved (a lift's frame), or whole.
        if step > 0, !damage.isEmpty {
          renderer.render(
            window, background: Self.background, into: image.buffer, scale: scale, damage: damage,
            excluding: [lifted])
        } else {
          renderer.render(
            window, background: Self.background, into: image.buffer, scale: scale, excluding: [lifted])
        }
        lifted.isHidden = true
        let without = Image.cairoReference(of: window, background: Self.background, scale: scale)
        lifted.isHidden = false
        let difference = image.difference(from: without)
        #expect(
          difference == nil,
          "run \(run) step \(step) scale \(scale): without the view \(String(describing: difference))")
        // The layer over it.
        let layer = Image(
          width: Int((extent.width * scale).rounded(.up)), height: Int((extent.height * scale).rounded(.up)))
        renderer.renderLayer(of: lifted, in: window, into: layer.buffer, origin: extent.origin, scale: scale)
        let composite = LayerCompositing.over(
          layer, at: (Int((extent.minX * scale).rounded()), Int((extent.minY * scale).rounded())),
          onto: without)
        let reference = Image.cairoReference(of: window, background: Self.background, scale: scale)
        let largest = LayerCompositing.largestChannelDifference(composite, reference)
        #expect(largest.level <= 2, "run \(run) step \(step) scale \(scale): \(largest)")
        // Whatever the view does not reach stays transparent (a cut layer's edge may cut it).
        #expect(isCut || layer.words.first == 0 && layer.words.last == 0, "run \(run): the layer's corners")
        if largest.level > 2 || difference != nil { break }
        // The window's buffer now holds the frame without the view: put it back for the next step.
        renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
      }
    }
    // Most random views qualify at most steps.
    #expect(layered > 80 * RandomRenderRuns.multiplier, "\(layered) layers")
  }

  /// Whether `extent`'s corner (and, when `whole`, its size) is whole device pixels at `scale`.
  static func onDeviceGrid(_ extent: Rect, scale: Double, whole: Bool) -> Bool {
    func device(_ value: Double) -> Bool { abs(value * scale - (value * scale).rounded()) < 1e-9 }
    return device(extent.minX) && device(extent.minY)
      && (!whole || device(extent.width) && device(extent.height))
  }

  @Test(
    "a view that a layer could not show as the window does has none; a turned one, a fractional scale or a cut one does",
    arguments: 0..<9)
  func ineligibleViews(kind: Int) {
    let window = Window(size: Size(width: 200, height: 160), clock: VirtualClock())
    let container = View(frame: Rect(x: 10, y: 10, width: 180, height: 140))
    window.rootView.addSubview(container)
    let card = View(frame: Rect(x: 40, y: 30, width: 80, height: 60))
    card.style = ViewStyle(shape: .roundRect(cornerRadius: 6), fill: .white, label: "Card")
    container.addSubview(card)
    var scale = 1.0
    switch kind {
    case 0: break  // qualifies
    case 1: card.transform = AffineTransform(rotationAngle: 0.2)  // qualifies: the layer is its box
    case 2: container.alpha = 0.5
    case 3:
      container.clipsToBounds = true
      card.center = Point(x: 10, y: 60)
    case 4: card.center = Point(x: -20, y: 60)
    case 5: scale = 1.5  // qualifies
    case 6:
      let above = View(frame: Rect(x: 100, y: 60, width: 40, height: 40))
      above.style = ViewStyle(fill: .black)
      window.rootView.addSubview(above)
    case 7:
      let sibling = View(frame: Rect(x: 100, y: 60, width: 40, height: 40))
      sibling.style = ViewStyle(fill: .black)
      container.addSubview(sibling)
    default:
      // Views above it that stay clear of it, or are hidden, do not matter.
      let far = View(frame: Rect(x: 150, y: 110, width: 20, height: 20))
      far.style = ViewStyle(fill: .black)
      container.addSubview(far)
      let hidden = View(frame: Rect(x: 40, y: 30, width: 80, height: 60))
      hidden.isHidden = true
      window.rootView.addSubview(hidden)
    }
    var room: Rect?
    let placement = Renderer().layerPlacement(of: card, in: window, scale: scale, room: &room)
    let extent = placement?.extent
    #expect(placement?.isCut ?? false == (kind == 3 || kind == 4), "kind \(kind): cut")
    if kind == 3 {
      // The card's box (-20,40)-(60,100) grown by the margin, cut to the container's clip.
      #expect(extent == Rect(x: 10, y: 36, width: 54, height: 68))
    } else if kind == 4 {
      // Its box (-50,40)-(30,100) grown by the margin, cut to the window.
      #expect(extent == Rect(x: 0, y: 36, width: 34, height: 68))
    } else if kind == 1 {
      let box = card.drawnBox(toWindow: card.transformToWindow)!
      #expect(extent == box.insetBy(dx: -Renderer.layerMargin, dy: -Renderer.layerMargin).roundedOut)
    } else if kind == 0 || kind == 5 || kind == 8 {
      let margin = Renderer.layerMargin
      // The card's box and the margin, in whole pixels.
      #expect(extent == Rect(x: 50 - margin, y: 40 - margin, width: 80 + 2 * margin, height: 60 + 2 * margin))
    } else {
      #expect(extent == nil, "kind \(kind)")
    }
    #expect(Renderer().layerExtent(of: window.rootView, in: window, scale: 1) == nil, "the root has no layer")
  }
}
