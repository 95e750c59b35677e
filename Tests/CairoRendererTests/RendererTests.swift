import CairoRenderer
import GestureKit
import TestSupport
import Testing

let background = RGBA8(r: 0x20, g: 0x20, b: 0x20)
let red = RGBA8(r: 255, g: 0, b: 0)
let blue = RGBA8(r: 0, g: 0, b: 255)
let green = RGBA8(r: 0, g: 255, b: 0)

@Suite("Renderer")
struct RendererTests {
  /// (x, y, expected colour, what the point is).
  static let probes: [(Int, Int, RGBA8, String)] = [
    (25, 25, red, "inside the rect (the hidden view above it is not drawn)"),
    (5, 5, background, "on the background"),
    (70, 25, blue, "at the circle's centre"),
    (52, 7, background, "inside the circle's bounds but outside its curve"),
    (88, 25, blue, "inside the circle near its right edge"),
    (42, 60, green, "on the diamond's tip, outside the unrotated square"),
    (38, 68, background, "in the unrotated square's corner, outside the diamond"),
    (30, 60, green, "at the diamond's centre"),
  ]

  @Test("views are drawn back to front with their shapes and transforms", arguments: 0..<probes.count)
  func pixelColours(_ index: Int) {
    let (x, y, expected, what) = Self.probes[index]
    let pixel = render(renderedWindow()).pixel(x: x, y: y)
    #expect(pixel.isClose(to: expected), "\(what): \(pixel)")
  }

  @Test("alpha blends the view over what is below")
  func alpha() {
    let pixel = render(renderedWindow()).pixel(x: 75, y: 60)
    // 0.5 * white + 0.5 * #202020 = #909090 (±1 for rounding).
    #expect(pixel.isClose(to: RGBA8(r: 0x90, g: 0x90, b: 0x90), tolerance: 2), "\(pixel)")
  }

  @Test("the buffer scale multiplies every length")
  func bufferScale() {
    let image = render(renderedWindow(), scale: 2)
    #expect(image.width == 200 && image.height == 160)
    #expect(image.pixel(x: 50, y: 50).isClose(to: red))
    #expect(image.pixel(x: 19, y: 50).isClose(to: background))
    #expect(image.pixel(x: 21, y: 50).isClose(to: red))
    #expect(image.pixel(x: 140, y: 50).isClose(to: blue))
  }

  @Test("clipsToBounds cuts subviews at the parent's bounds")
  func clipping() {
    let window = Window(size: Size(width: 60, height: 40), clock: VirtualClock())
    let parent = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    let child = View(frame: Rect(x: 10, y: 0, width: 30, height: 20))
    child.style = ViewStyle(fill: Color(hex: "#ff0000"))
    parent.addSubview(child)
    window.rootView.addSubview(parent)
    let unclipped = render(window).pixel(x: 45, y: 20)
    parent.clipsToBounds = true
    let clipped = render(window)
    #expect(unclipped.isClose(to: red))
    #expect(clipped.pixel(x: 45, y: 20).isClose(to: background))
    #expect(clipped.pixel(x: 25, y: 20).isClose(to: red))
  }

  @Test("a rounded rect leaves its corners empty and a stroke lies inside the bounds")
  func roundRectAndStroke() {
    let window = Window(size: Size(width: 60, height: 60), clock: VirtualClock())
    let card = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 12), fill: Color(hex: "#ff0000"), stroke: .white, strokeWidth: 4)
    window.rootView.addSubview(card)
    let image = render(window)
    #expect(image.pixel(x: 11, y: 11).isClose(to: background))
    #expect(image.pixel(x: 30, y: 11).isClose(to: RGBA8(r: 255, g: 255, b: 255)))
    #expect(image.pixel(x: 30, y: 9).isClose(to: background))
    #expect(image.pixel(x: 30, y: 30).isClose(to: red))
  }

  @Test("a label draws glyphs in its colour, centred in the view")
  func label() {
    let window = Window(size: Size(width: 120, height: 60), clock: VirtualClock())
    let card = View(frame: Rect(x: 0, y: 0, width: 120, height: 60))
    card.style = ViewStyle(fill: Color(hex: "#000000"), label: "HHHH", labelColor: .white, fontSize: 30)
    window.rootView.addSubview(card)
    let image = render(window)
    var whiteColumns: [Int] = []
    for x in 0..<120 where (0..<60).contains(where: { image.pixel(x: x, y: $0).r > 200 }) {
      whiteColumns.append(x)
    }
    guard let first = whiteColumns.first, let last = whiteColumns.last else {
      Issue.record("no label pixels")
      return
    }
    #expect(whiteColumns.count > 20)
    #expect(abs((first + last) / 2 - 60) <= 3, "label spans \(first)...\(last)")
    #expect(image.pixel(x: 2, y: 2).isClose(to: RGBA8(r: 0, g: 0, b: 0)))
  }

  @Test("an image view stretches its bitmap over its bounds")
  func imageView() {
    let bitmap = Image(width: 2, height: 1)
    let source = Window(size: Size(width: 2, height: 1), clock: VirtualClock())
    let half = View(frame: Rect(x: 1, y: 0, width: 1, height: 1))
    half.style = ViewStyle(fill: Color(hex: "#0000ff"))
    source.rootView.addSubview(half)
    Renderer().render(source, background: Color(hex: "#ff0000")!, into: bitmap.buffer, scale: 1)

    let window = Window(size: Size(width: 40, height: 20), clock: VirtualClock())
    let view = ImageView(frame: Rect(x: 0, y: 0, width: 40, height: 20))
    view.image = bitmap
    window.rootView.addSubview(view)
    let image = render(window)
    #expect(image.pixel(x: 2, y: 10).isClose(to: red))
    #expect(image.pixel(x: 37, y: 10).isClose(to: blue))
  }
}
