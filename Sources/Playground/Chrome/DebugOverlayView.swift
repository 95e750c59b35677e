import CairoRenderer
import GestureKit

/// The debug overlay: drawn over the whole window, rebuilt from the window's state every
/// time the window is drawn, and never hit (it is not interactive).
///
/// It shows:
/// - every recognizer of the scene, `name: state`, in a column at its view's top-left corner
///   (grey while possible, green while began or changed, blue when ended or recognized,
///   orange when cancelled, red when failed);
/// - the view each active touch was hit-tested to, outlined in yellow (rotated views as the
///   rotated outline);
/// - every active touch as a ring at its location, with its id and type (`direct` for a
///   finger, `pointer` for the mouse's emulated touch);
/// - for every pan in progress, its velocity as an arrow from its location: the distance
///   the finger would cover in ``velocitySeconds`` at that speed;
/// - while Alt is held, the Alt two-finger emulation's second point (which the
///   ``TwoFingerMarkerView`` also shows), labelled with its mode: `mirrored` or `parallel`.
///
/// The recognizer columns and the outlines belong to the scene's views, so they are drawn
/// only where the scene shows (``sceneArea()``): not over the strip, nor under the live
/// timeline's panel. The touches, arrows and the second finger are drawn everywhere.
///
/// ``refresh()`` (called as the window's state changes) damages only the boxes of the
/// elements that changed, as they were and as they are, not the whole window.
public final class DebugOverlayView: View, CustomDrawing {
  /// The scene whose recognizers are listed.
  public weak var installed: InstalledScene? {
    didSet {
      labelWidths = [:]
      recognizerNames = installed?.recognizers.keys.sorted() ?? []
      labelledViews = installed.map(Self.labelledViews(of:)) ?? []
    }
  }
  /// The scene's recognizer names in order, sorted once per scene rather than at every event.
  private var recognizerNames: [String] = []
  /// The scene's views that have recognizers of the scene, in id order, each with them in
  /// its order: found once per scene rather than at every event.
  private(set) var labelledViews: [(view: View, recognizers: [GestureRecognizer])] = []
  /// The view that shows the scene (the session's container, which clips its views).
  public weak var sceneRoot: View?
  /// Chrome over the bottom of the scene (the live timeline's panel), whose rows the labels
  /// must not cover while it is shown.
  public weak var scenePanel: View?
  /// The translator whose Alt two-finger emulation is shown.
  public weak var translator: SeatInputTranslator?
  /// What was drawn last, for targeted damage.
  private var drawn = LayerDamage()
  /// The recognizer labels' texts as measured when drawn (the advance at 11 pt), so that
  /// each box fits its text in any script; a text not drawn yet is given 6.4 pt a character.
  /// Forgotten with the scene, and when it holds more than ``labelWidthLimit`` texts.
  var labelWidths: [String: Double] = [:]
  /// The most measured label texts kept (a label is a recognizer's name and one of its six
  /// states).
  static let labelWidthLimit = 4096
  /// The widest a recognizer label's box gets; a longer name is cut with "…".
  public static let labelMaximumWidth = 240.0
  /// The most recognizer labels shown. More would cover the scene, and they are laid out at
  /// every event: two thousand took 22 ms an event (release build), 200 take about 1 ms.
  public static let maximumLabels = 200

  /// Seconds of travel an arrow shows (a velocity of 1000 px/s draws a 100 px arrow).
  public static let velocitySeconds = 0.1
  /// Touch rings and their labels.
  public static let touchColor = Color(hex: "#56b6c2")!
  /// A pen's ring (and an eraser's), told apart from fingers' at a glance.
  public static let pencilColor = Color(hex: "#e5c07b")!
  /// The outline of a hit-tested view.
  public static let hitColor = Color(hex: "#ffd866")!
  /// Velocity arrows.
  public static let velocityColor = Color(hex: "#ff6ac1")!

  /// An overlay covering `size`, hidden until shown.
  public init(size: Size) {
    super.init(frame: Rect(origin: .zero, size: size))
    identifier = "chrome.overlay-layer"
    isUserInteractionEnabled = false
    isHidden = true
  }

  /// Records the damage of what changed in the overlay since the last refresh (nothing while
  /// hidden: showing and hiding damage the whole overlay). Call it whenever the window's
  /// touches, recognizers or views may have changed.
  public func refresh() {
    guard let window else { return }
    drawn.update(to: isHidden ? [] : items(labels: recognizerLabels()), in: window)
  }

  /// Draws the recognizers, the hit views, the touches and the pan velocities, in that order
  /// (later on top), in window coordinates. Should something have changed without a
  /// ``refresh()``, the change is damaged for the next frame.
  public func draw(in context: DrawingContext) {
    guard let window else { return }
    var labels = recognizerLabels()
    // Laid out again with the widths of texts drawn for the first time.
    if measure(labels, in: context) { labels = recognizerLabels() }
    let current = items(labels: labels)
    if current != drawn.items { drawn.update(to: current, in: window) }
    context.withSavedState {
      if let area = sceneArea() { context.clip(to: area) }
      drawRecognizers(labels, in: context)
      for touch in window.activeTouches {
        if let view = touch.view { outline(view, in: context) }
      }
    }
    for touch in window.activeTouches {
      drawTouch(touch, in: context)
    }
    for pan in activePans() {
      drawVelocity(of: pan, in: context)
    }
    drawSecondFinger(in: context)
  }

  /// Every element the overlay draws now (`labels` the recognizer labels), with a box holding
  /// all its pixels (window coordinates); none while hidden.
  private func items(labels: [RecognizerLabel]) -> [LayerDamage.Item] {
    guard !isHidden, let window else { return [] }
    typealias Item = LayerDamage.Item
    var items: [Item] = []
    // What the scene's area cuts away is not drawn, so not damaged.
    let area = sceneArea()
    func appendInArea(_ box: Rect, _ content: String) {
      let shown = area.map { box.intersection($0) } ?? box
      if !shown.isEmpty { items.append(Item(box: shown, content: content)) }
    }
    for label in labels {
      let text = LayerDamage.textBox(
        label.text, at: Point(x: label.box.minX + 4, y: label.box.minY + 11), size: 11)
      appendInArea(label.box.union(text), label.text)
    }
    for touch in window.activeTouches {
      if let view = touch.view { appendInArea(LayerDamage.box(of: corners(of: view), margin: 1), "outline") }
    }
    for touch in window.activeTouches {
      let p = touch.locationInWindow
      let text = "\(touch.id) \(Self.typeLabel(of: touch))"
      items.append(Item(box: LayerDamage.circleBox(center: p, radius: 22, lineWidth: 3), content: "ring"))
      items.append(
        Item(box: LayerDamage.textBox(text, at: Point(x: p.x + 26, y: p.y - 18), size: 13), content: text))
    }
    for pan in activePans() {
      let (start, end, length, speed) = arrow(of: pan)
      guard length >= 1 else { continue }
      let text = "\(speed) px/s"
      // The barbs reach 12 px back from the end; the shaft is 3 px wide.
      items.append(Item(box: LayerDamage.box(of: [start, end], margin: 12 + 1.5), content: "arrow"))
      items.append(
        Item(box: LayerDamage.textBox(text, at: Point(x: end.x + 6, y: end.y - 6), size: 12), content: text))
    }
    if let (second, text) = secondFinger() {
      items.append(
        Item(box: LayerDamage.circleBox(center: second, radius: 22, lineWidth: 1), content: "ring"))
      items.append(
        Item(
          box: LayerDamage.textBox(text, at: Point(x: second.x + 26, y: second.y + 22), size: 12),
          content: text))
    }
    return items
  }

  /// Where the scene shows, in window coordinates: ``sceneRoot``'s box (empty while it is
  /// hidden) above ``scenePanel`` while that is shown across it; nil without a scene root.
  func sceneArea() -> Rect? {
    guard let sceneRoot, sceneRoot.window != nil else { return nil }
    guard !sceneRoot.isHidden else { return .zero }
    var area = sceneRoot.convert(sceneRoot.bounds, to: nil)
    if let panel = scenePanel, !panel.isHidden, panel.window != nil {
      let covered = panel.convert(panel.bounds, to: nil)
      // The session lays the panel across the bottom of the scene's area: what shows of the
      // scene is above its top edge. A panel that does not span the scene cuts nothing.
      if covered.minX <= area.minX, covered.maxX >= area.maxX, covered.maxY >= area.maxY {
        area = Rect(x: area.minX, y: area.minY, width: area.width, height: max(0, covered.minY - area.minY))
      }
    }
    return area
  }

  /// The emulated second finger's point, as a ring with its mode, while Alt is held.
  private func drawSecondFinger(in context: DrawingContext) {
    guard let (second, text) = secondFinger() else { return }
    context.setColor(Self.touchColor)
    context.setLineWidth(1)
    context.addCircle(center: second, radius: 22)
    context.stroke()
    context.text(text, at: Point(x: second.x + 26, y: second.y + 22), size: 12)
  }

  /// The emulated second finger's point and its label, while Alt is held.
  private func secondFinger() -> (Point, String)? {
    guard let translator, let second = translator.emulatedSecondFinger else { return nil }
    let mode = translator.twoFingerEmulation.mode == .mirrored ? "mirrored" : "parallel"
    return (second, "Alt: 2nd finger, \(mode)")
  }

  /// The corners of `view`'s bounds in window coordinates, clockwise from the top left.
  private func corners(of view: View) -> [Point] {
    let b = view.bounds
    return [
      Point(x: b.minX, y: b.minY), Point(x: b.maxX, y: b.minY), Point(x: b.maxX, y: b.maxY),
      Point(x: b.minX, y: b.maxY),
    ].map { view.convert($0, to: nil) }
  }

  private func outline(_ view: View, in context: DrawingContext) {
    let corners = corners(of: view)
    context.setColor(Self.hitColor)
    context.setLineWidth(2)
    context.move(to: corners[0])
    for corner in corners.dropFirst() { context.line(to: corner) }
    context.closePath()
    context.stroke()
  }

  private func drawTouch(_ touch: Touch, in context: DrawingContext) {
    let p = touch.locationInWindow
    context.setColor(touch.type == .pencil ? Self.pencilColor : Self.touchColor)
    context.setLineWidth(3)
    context.addCircle(center: p, radius: 22)
    context.stroke()
    context.addCircle(center: p, radius: 3)
    context.fill()
    context.text(
      "\(touch.id) \(Self.typeLabel(of: touch))", at: Point(x: p.x + 26, y: p.y - 18), size: 13, bold: true)
  }

  /// What the ring's label calls a touch's device: `direct`, `pointer`, `pencil` (with its
  /// force), `eraser`.
  static func typeLabel(of touch: Touch) -> String {
    switch touch.type {
    case .direct: "direct"
    case .indirectPointer: "pointer"
    case .pencil:
      "\(touch.isEraser ? "eraser" : "pencil") \(Int(((touch.pen?.pressure ?? 0) * 100).rounded()))%"
    }
  }

  /// A pan's arrow: where it starts and ends, its length and its speed (px/s).
  private func arrow(of pan: PanGestureRecognizer) -> (start: Point, end: Point, length: Double, speed: Int) {
    let start = pan.location(in: nil)
    let v = pan.velocity(in: nil)
    let end = Point(x: start.x + v.x * Self.velocitySeconds, y: start.y + v.y * Self.velocitySeconds)
    let length = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
    return (start, end, length, Int((v.x * v.x + v.y * v.y).squareRoot().rounded()))
  }

  /// The pans in progress, in name order.
  private func activePans() -> [PanGestureRecognizer] {
    guard let installed else { return [] }
    return recognizerNames.compactMap { name in
      guard let pan = installed.recognizers[name] as? PanGestureRecognizer, pan.state.isActive else {
        return nil
      }
      return pan
    }
  }

  private func drawVelocity(of pan: PanGestureRecognizer, in context: DrawingContext) {
    let (start, end, length, speed) = arrow(of: pan)
    guard length >= 1 else { return }
    context.setColor(Self.velocityColor)
    context.setLineWidth(3)
    context.move(to: start)
    context.line(to: end)
    let ux = (end.x - start.x) / length
    let uy = (end.y - start.y) / length
    let head = min(12, length / 2)
    for side in [-1.0, 1.0] {
      // The two barbs, 30 degrees off the shaft: cos 30 = 0.866, sin 30 = 0.5.
      let bx = -ux * 0.866 - side * uy * 0.5
      let by = -uy * 0.866 + side * ux * 0.5
      context.move(to: end)
      context.line(to: Point(x: end.x + bx * head, y: end.y + by * head))
    }
    context.stroke()
    context.text("\(speed) px/s", at: Point(x: end.x + 6, y: end.y - 6), size: 12, bold: true)
  }
}
