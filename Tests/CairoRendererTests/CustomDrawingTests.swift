import CairoRenderer
import GestureKit
import Testing

/// A view that paints a filled green square at (10,10,20,20) and a red line along y = 50 in
/// its own coordinates.
private final class Painted: View, CustomDrawing {
  func draw(in context: DrawingContext) {
    context.setColor(Color(red: 0, green: 1, blue: 0, alpha: 1))
    context.addRect(Rect(x: 10, y: 10, width: 20, height: 20))
    context.fill()
    context.setColor(Color(red: 1, green: 0, blue: 0, alpha: 1))
    context.setLineWidth(4)
    context.move(to: Point(x: 0, y: 50))
    context.line(to: Point(x: 60, y: 50))
    context.stroke()
  }
}

/// A view whose drawing passes absurd numbers to every call of the context.
private final class Hostile: View, CustomDrawing {
  func draw(in context: DrawingContext) {
    for value in [Double.nan, .infinity, -.infinity, 1e300, 1e7, 8e6, -8e6] {
      let rect = Rect(x: value, y: 0, width: value, height: 10)
      context.setColor(Color(red: value, green: 0, blue: 0, alpha: value))
      context.setLineWidth(value)
      context.addRect(rect)
      context.fill()
      context.move(to: Point(x: value, y: value))
      context.line(to: Point(x: 0, y: value))
      context.curve(
        to: Point(x: value, y: 1), control1: Point(x: 1, y: value), control2: Point(x: value, y: 0))
      context.closePath()
      context.stroke()
      context.addCircle(center: Point(x: value, y: 0), radius: value)
      context.fill()
      context.text("x", at: Point(x: value, y: value), size: value, maxWidth: value)
      _ = context.textWidth("x", size: value)
      context.withSavedState { context.clip(to: rect) }
    }
  }
}

@Suite("Custom drawing")
struct CustomDrawingTests {
  /// `views` added to a window of `width` x `height`, drawn over black.
  private static func render(_ views: [View], width: Int, height: Int) -> Image {
    let window = Window(size: Size(width: Double(width), height: Double(height)), clock: VirtualClock())
    for view in views { window.rootView.addSubview(view) }
    let image = Image(width: width, height: height)
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    return image
  }

  @Test("a CustomDrawing view paints in its own coordinates, after its style")
  func paintsInViewCoordinates() {
    let view = Painted(frame: Rect(x: 100, y: 0, width: 80, height: 80))
    view.style.fill = Color(red: 0, green: 0, blue: 1, alpha: 1)
    let image = Self.render([view], width: 200, height: 100)
    #expect(image.pixel(x: 120, y: 20) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    #expect(image.pixel(x: 140, y: 50) == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(image.pixel(x: 170, y: 20) == RGBA8(r: 0, g: 0, b: 255, a: 255))
    #expect(image.pixel(x: 50, y: 50) == RGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  @Test("absurd numbers in one view's drawing leave the views drawn after it intact")
  func absurdNumbers() {
    let after = View(frame: Rect(x: 60, y: 10, width: 30, height: 30))
    after.style.fill = Color(red: 0, green: 0, blue: 1, alpha: 1)
    let image = Self.render(
      [Hostile(frame: Rect(x: 0, y: 0, width: 50, height: 50)), after], width: 100, height: 50)
    #expect(image.pixel(x: 75, y: 25) == RGBA8(r: 0, g: 0, b: 255, a: 255))
  }
}
