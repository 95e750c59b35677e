import CairoRenderer
import GestureKit
import Testing

@Suite("Renderer with huge geometry")
struct RendererHugeGeometryTests {
  @Test("a view scaled or moved absurdly far at run time is drawn without crashing")
  func hugeTransformsDoNotCrash() {
    let window = Window(size: Size(width: 64, height: 48), clock: VirtualClock())
    let card = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    card.style.fill = Color(red: 1, green: 0, blue: 0, alpha: 1)
    window.rootView.addSubview(card)
    let image = Image(width: 64, height: 48)
    for transform in [
      AffineTransform(scaleX: 1e300, y: 1e300), AffineTransform(scaleX: 1e12, y: 3),
      AffineTransform(translationX: 1e200, y: -1e200), AffineTransform(scaleX: 1e-300, y: 1e-300),
    ] {
      card.transform = transform
      Renderer().render(window, background: .black, into: image.buffer, scale: 1)
      Renderer().render(
        window, background: .black, into: image.buffer, scale: 1, damage: [window.rootView.bounds])
    }
    // A frame starting on screen but absurdly wide (the API allows it; scene files reject it).
    let wide = View(frame: Rect(x: 0, y: 30, width: 1e300, height: 10))
    wide.style.fill = Color(red: 0, green: 0, blue: 1, alpha: 1)
    window.rootView.addSubview(wide)
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    wide.removeFromSuperview()
    // Back to normal, the card is drawn where it belongs.
    card.transform = .identity
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    #expect(image.pixel(x: 20, y: 20) == RGBA8(r: 255, g: 0, b: 0, a: 255))
  }
  @Test(
    "a view with numbers cairo cannot take neither traps nor hides the views drawn after it",
    arguments: [Double.nan, .infinity, -.infinity, 1e300, 1e12, -1e9, 0, 1e-300, 1e-170], 0..<10)
  func untakeableNumbers(value: Double, property: Int) {
    let window = Window(size: Size(width: 100, height: 50), clock: VirtualClock())
    let hostile = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    hostile.style.fill = Color(red: 1, green: 0, blue: 0, alpha: 1)
    hostile.style.stroke = Color(red: 1, green: 1, blue: 0, alpha: 1)
    hostile.style.label = "Hi"
    switch property {
    case 0: hostile.frame = Rect(x: value, y: value, width: value, height: value)
    case 1: hostile.transform = AffineTransform(scaleX: value, y: 1)
    case 2: hostile.transform = AffineTransform(rotationAngle: value)
    case 3: hostile.center = Point(x: value, y: value)
    case 4: hostile.style.fontSize = value
    case 5: hostile.style.strokeWidth = value
    case 6: hostile.style.shape = .roundRect(cornerRadius: value)
    case 7:
      // A circle's border follows its inner edge (EllipseOffset), computed from its size.
      hostile.style.shape = .circle
      hostile.frame = Rect(x: 0, y: 0, width: value, height: abs(value) / 3)
    case 8:
      hostile.style.shape = .roundRect(cornerRadius: 12)
      hostile.frame = Rect(x: 0, y: 0, width: value, height: abs(value) / 3)
    default:
      // Scaled twice, by a parent and by itself: the product may flatten where neither does.
      let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
      parent.transform = AffineTransform(scaleX: value, y: value)
      window.rootView.addSubview(parent)
      hostile.transform = AffineTransform(scaleX: value, y: value)
      parent.addSubview(hostile)
    }
    if hostile.superview == nil { window.rootView.addSubview(hostile) }
    let after = View(frame: Rect(x: 60, y: 10, width: 30, height: 30))
    after.style.fill = Color(red: 0, green: 0, blue: 1, alpha: 1)
    window.rootView.addSubview(after)
    let image = Image(width: 100, height: 50)
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    #expect(image.pixel(x: 75, y: 25) == RGBA8(r: 0, g: 0, b: 255, a: 255))
    Renderer().render(
      window, background: .black, into: image.buffer, scale: 1,
      damage: [Rect(x: 0, y: 0, width: 100, height: 50)])
    #expect(image.pixel(x: 75, y: 25) == RGBA8(r: 0, g: 0, b: 255, a: 255))
  }
}
