import GestureKit
import Testing

@testable import CairoRenderer

/// Labels repaired in bands give the full repaint's pixels: a line starting on a half device
/// pixel at a fractional scale (LabelPainter+Ties.swift), and a label in a translucent view
/// whose fill and stroke the exact shortcuts draw, cut by the scratch image's side
/// (`noteCut`, Renderer+Damage.swift).
@Suite("Renderer label repairs in bands")
struct RendererLabelRepairTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// A 160x120 window holding one labelled view ("Ab" at 10 pt) of `size` at `center`, turned
  /// by the rotation whose cosine and sine are `rotation`, at `alpha`, and when `child`, a
  /// small stroked circle inside it.
  private static func labelled(
    center: Point, size: Size, rotation: (cos: Double, sin: Double) = (1, 0), shape: ViewShape,
    fill: Color, alpha: Double, child: Rect? = nil
  ) -> Window {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let view = View(frame: Rect(origin: .zero, size: size))
    view.center = center
    view.transform = AffineTransform(
      a: rotation.cos, b: rotation.sin, c: -rotation.sin, d: rotation.cos, tx: 0, ty: 0)
    view.alpha = alpha
    view.style = ViewStyle(
      shape: shape, fill: fill, stroke: .white, strokeWidth: 2.5, label: "Ab", fontSize: 10)
    if let child {
      let circle = View(frame: child)
      circle.style = ViewStyle(shape: .circle, fill: .white, stroke: .black, strokeWidth: 1)
      view.addSubview(circle)
    }
    window.rootView.addSubview(view)
    return window
  }

  @Test(
    "a label whose line starts on a half device pixel repairs exactly at scale 1.5",
    arguments: [false, true])
  func halfPixelLineStart(fast: Bool) {
    // Turned by 0.272 rad: at scale 1.5 the baseline's fixed-point start is a half pixel in y.
    let window = Self.labelled(
      center: Point(x: 150.98562284491368, y: 86.94673199274399),
      size: Size(width: 18.90947526360182, height: 29.359973999233166),
      rotation: (0.9632493601270734, 0.268608767941003), shape: .roundRect(cornerRadius: 4.948),
      fill: Color(red: 0.58, green: 0.82, blue: 0.04), alpha: 1)
    for rows in [8, 200] {
      let difference = Image.repairDifference(
        background: Self.background,
        window, scale: 1.5, damage: [Rect(x: 137, y: 70, width: 29, height: 35)], fast: fast, rows: rows)
      #expect(difference == nil, "rows \(rows)")
    }
  }

  @Test(
    "a label in a translucent view cut by a band's side repairs exactly with the shortcuts on",
    arguments: [1.0, 1.5])
  func translucentLabelCut(scale: Double) {
    // The damage's right side (and its margin) crosses the label; the view's fill and stroke
    // go through the shortcuts, so only the label is drawn by cairo.
    let window = Self.labelled(
      center: Point(x: 35.61472678110423, y: 77.69776786590072),
      size: Size(width: 13.338659590972172, height: 35.87165525636759),
      shape: .roundRect(cornerRadius: 0.815),
      fill: Color(red: 0.84, green: 0.34, blue: 0.23), alpha: 0.7,
      child: Rect(x: 5, y: 18.25, width: 6.501197662733155, height: 4.5660121472556))
    let damage = [Rect(x: -7, y: 74, width: 43, height: 59)]
    for fast in [true, false] {
      #expect(
        Image.repairDifference(background: Self.background, window, scale: scale, damage: damage, fast: fast)
          == nil, "fast \(fast)")
    }
  }
}
