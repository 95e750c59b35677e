import GestureKit
import Testing

@testable import CairoRenderer

/// Damage repaired in bands whose scratch image cuts a shape cairo draws gives the full
/// repaint's pixels: a rounded rect cut at its straight top and bottom in its corners' rows
/// (over a shape crossing the window's edge), and rectangles drawn through a clip whose
/// fractional edges a band cuts away (Renderer+Damage.swift, Renderer+ClipEdges.swift).
@Suite("Renderer repairs at the scratch image's edges")
struct RendererEdgeRepairTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// A 160x120 window holding a flat rounded rect (its corners' radius clamped to half its
  /// height) at `x`, over a rotated rectangle reaching past the window's bottom edge (so that a
  /// level of coverage shows in the pixels); with `translucent`, a fill cairo draws with the
  /// shortcuts on too.
  private static func pill(x: Double, translucent: Bool) -> Window {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let under = View(frame: Rect(x: 0, y: 0, width: 26.643, height: 11.169))
    under.center = Point(x: 41.772, y: 110.557)
    under.transform = AffineTransform(rotationAngle: 0.4655)
    under.style = ViewStyle(fill: Color(red: 0.79, green: 0.03, blue: 0.19))
    let pill = View(frame: Rect(x: x, y: 105.729, width: 36.018, height: 7.314))
    pill.style = ViewStyle(
      shape: .roundRect(cornerRadius: 11.26),
      fill: Color(red: 0.89, green: 0.65, blue: 0.74, alpha: translucent ? 0.9 : 1))
    for view in [under, pill] { window.rootView.addSubview(view) }
    return window
  }

  @Test(
    "a rounded rect cut by a band's side at its straight top and bottom, in its corners' rows, repairs exactly",
    arguments: [false, true])
  func roundedRectCutInCornerRows(translucent: Bool) {
    for x in stride(from: 46.049, through: 47.3, by: 0.25) {
      let window = Self.pill(x: x, translucent: translucent)
      // The scratch image's right side (the damage's, and its margin) cuts the pill's straight
      // top and bottom, in the rows of its round ends.
      let damage = [Rect(x: 27, y: 99, width: 32, height: 26)]
      for fast in translucent ? [false, true] : [false] {
        let difference = Image.repairDifference(
          background: Self.background, window, scale: 1, damage: damage, fast: fast)
        #expect(difference == nil, "x \(x), fast \(fast)")
      }
    }
  }

  /// A 160x120 window holding a view that clips to its bounds at (115.5, 60.3) (a quarter-pixel
  /// position rounds it onto half pixels at scale 2) and a rectangle inside it crossing its
  /// left and bottom edges, filled and, when `stroked`, stroked.
  private static func clipped(stroked: Bool, translucent: Bool) -> Window {
    let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
    let clipper = View(frame: Rect(x: 115.5, y: 60.3, width: 40, height: 40))
    clipper.clipsToBounds = true
    let square = View(frame: Rect(x: -5, y: 10, width: 30, height: 40))
    square.style = ViewStyle(
      fill: Color(red: 0.9, green: 0.42, blue: 0.46), stroke: stroked ? .white : nil, strokeWidth: 2)
    square.alpha = translucent ? 0.7 : 1
    clipper.addSubview(square)
    window.rootView.addSubview(clipper)
    return window
  }

  @Test(
    "a rectangle drawn through a fractional clip repairs in bands at scale 2 as the full repaint",
    arguments: [false, true], [false, true])
  func rectangleThroughFractionalClip(stroked: Bool, translucent: Bool) {
    let window = Self.clipped(stroked: stroked, translucent: translucent)
    for fast in [false, true] {
      // Damage from the left reaching into the clip: bands of 8 rows inside the clip cut away
      // its fractional top and bottom.
      for right in stride(from: 116.0, through: 150, by: 2.5) {
        let damage = [Rect(x: 23, y: 16, width: right - 23, height: 71)]
        let difference = Image.repairDifference(
          background: Self.background, window, scale: 2, damage: damage, fast: fast)
        #expect(difference == nil, "damage to \(right), fast \(fast)")
      }
    }
  }

  @Test("a band cutting an axis-aligned card's straight sides away from its corners does not widen")
  func cardCutAwayFromCornersStaysNarrow() {
    let window = Window(size: Size(width: 200, height: 200), clock: VirtualClock())
    let card = View(frame: Rect(x: 20.25, y: 10.5, width: 150, height: 180))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 12), fill: Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.8))
    window.rootView.addSubview(card)
    let renderer = Renderer.banded(rows: 8)
    // Rows 80..<100 are far from the corners: the band keeps to the damage and its margin.
    let difference = Image.repairDifference(
      background: Self.background, window, scale: 1, damage: [Rect(x: 60, y: 80, width: 10, height: 20)],
      renderer: renderer)
    #expect(renderer.requiredColumns == (56, 74))
    #expect(difference == nil)
  }

  @Test("a view reaching only a band's margin rows is not drawn (its group is not pushed)")
  func viewInMarginIsCulled() {
    // A translucent card whose top edge lies 2 rows below the damage: inside the band's
    // margin, outside every pixel kept.
    let window = Window.translucentCard()
    let image = Image(width: 160, height: 120)
    Renderer().render(window, background: Self.background, into: image.buffer, scale: 1)
    let reference = Image.cairoReference(of: window, background: Self.background, scale: 1)
    for (bottom, drawn) in [(48.0, false), (51.0, true)] {
      let renderer = Renderer.banded(rows: 8)
      renderer.render(
        window, background: Self.background, into: image.buffer, scale: 1,
        damage: [Rect(x: 60, y: 30, width: 20, height: bottom - 30)])
      #expect((renderer.largestGroupArea > 0) == drawn, "damage to row \(bottom)")
      #expect(image.difference(from: reference) == nil, "damage to row \(bottom)")
    }
  }

  @Test(
    "a curved shape whose last row holds a fractional clip edge repairs in bands as the full repaint",
    arguments: [ViewShape.roundRect(cornerRadius: 4), .circle], [false, true])
  func curveThroughFractionalClipEdge(shape: ViewShape, stroked: Bool) {
    // Found by a random test. The container's bottom edge falls at device row 55.5 (scale
    // 1.5), in the card's last row (it ends at 55.76). With the card's whole box inside the
    // target, cairo draws that row as if unclipped; a band cutting the box clipped it, 0.53
    // of the card's colour where the full repaint has 0.73.
    let window = Window.clippedCard(
      container: Rect(x: 34, y: 13, width: 61, height: 24),
      card: Rect(x: 6.5, y: 3.5, width: 24.921006522209048, height: 20.675715942173166),
      style: ViewStyle(
        shape: shape, fill: Color(hex: "#c97bee")!, stroke: stroked ? .white : nil, strokeWidth: 1.5))
    let damage = [Rect(x: 38.554, y: 14.562, width: 31.718, height: 27.775)]
    for rows in [1, 2, 8, 200] {
      for fast in [false, true] {
        #expect(
          Image.repairDifference(
            background: Color(hex: "#a816cd")!, window, scale: 1.5, damage: damage, fast: fast, rows: rows)
            == nil, "rows \(rows), fast \(fast)")
      }
    }
  }

  @Test(
    "a rectangle covering the band, through a fractional clip, repairs as the full repaint",
    arguments: [1.0, 0.7])
  func rectangleCoveringTheBand(alpha: Double) {
    // Found by a random test. cairo fills a rectangle covering its whole target (the scratch
    // image, or a translucent container's group) as a paint, which takes the clip's
    // fractional row (device y 49.5 at scale 1.5) another way: a narrow band inside the
    // rectangle came out 1-3 levels off in that row, where the full repaint fills it.
    let window = Window(size: Size(width: 120, height: 80), clock: VirtualClock())
    let container = View(frame: Rect(x: 34, y: 5, width: 51, height: 28))
    container.clipsToBounds = true
    container.alpha = alpha
    let inner = View(frame: Rect(x: 0, y: 0, width: 60.420711713335784, height: 39.442405365971695))
    inner.center = Point(x: 27.25, y: 28)
    inner.style = ViewStyle(fill: Color(hex: "#8c24bc")!)
    container.addSubview(inner)
    window.rootView.addSubview(container)
    let background = Color(hex: "#f2e479")!
    let damage = [
      Rect(x: 43.9269974332272, y: 23.961908295572414, width: 3.1166128024934565, height: 24.859363914177106)
    ]
    for rows in [1, 8, 200] {
      for fast in [false, true] {
        #expect(
          Image.repairDifference(
            background: background, window, scale: 1.5, damage: damage, fast: fast, rows: rows)
            == nil, "rows \(rows), fast \(fast), alpha \(alpha)")
      }
    }
  }
}
