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

@Suite("Custom drawing")
struct CustomDrawingTests {
  @Test("a CustomDrawing view paints in its own coordinates, after its style")
  func paintsInViewCoordinates() {
    let window = Window(size: Size(width: 200, height: 100), clock: VirtualClock())
    let view = Painted(frame: Rect(x: 100, y: 0, width: 80, height: 80))
    view.style.fill = Color(red: 0, green: 0, blue: 1, alpha: 1)
    window.rootView.addSubview(view)
    let image = Image(width: 200, height: 100)
    Renderer().render(window, background: .black, into: image.buffer, scale: 1)
    #expect(image.pixel(x: 120, y: 20) == RGBA8(r: 0, g: 255, b: 0, a: 255))
    #expect(image.pixel(x: 140, y: 50) == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(image.pixel(x: 170, y: 20) == RGBA8(r: 0, g: 0, b: 255, a: 255))
    #expect(image.pixel(x: 50, y: 50) == RGBA8(r: 0, g: 0, b: 0, a: 255))
  }
}
