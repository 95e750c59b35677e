import CairoRenderer
import GestureKit

/// A 100x80 window on a #202020 background:
/// - `red`: rect (10, 10, 30, 30);
/// - `circle`: blue circle in (50, 5, 40, 40), centre (70, 25);
/// - `diamond`: green 20x20 square centred at (30, 60) rotated 45° (a diamond
///   reaching 14.1 px from its centre along the axes);
/// - `ghost`: white (60, 50, 30, 20) at alpha 0.5;
/// - `gone`: hidden yellow over `red`.
public func renderedWindow() -> Window {
  let window = Window(size: Size(width: 100, height: 80), clock: VirtualClock())
  func add(_ frame: Rect, _ style: ViewStyle, _ configure: (View) -> Void = { _ in }) {
    let view = View(frame: frame)
    view.style = style
    configure(view)
    window.rootView.addSubview(view)
  }
  add(Rect(x: 10, y: 10, width: 30, height: 30), ViewStyle(fill: Color(hex: "#ff0000")))
  add(Rect(x: 50, y: 5, width: 40, height: 40), ViewStyle(shape: .circle, fill: Color(hex: "#0000ff")))
  add(Rect(x: 20, y: 50, width: 20, height: 20), ViewStyle(fill: Color(hex: "#00ff00"))) {
    $0.transform = AffineTransform(rotationAngle: Double.pi / 4)
  }
  add(Rect(x: 60, y: 50, width: 30, height: 20), ViewStyle(fill: .white)) { $0.alpha = 0.5 }
  add(Rect(x: 10, y: 10, width: 30, height: 30), ViewStyle(fill: Color(hex: "#ffff00"))) {
    $0.isHidden = true
  }
  return window
}

/// The background `render(_:scale:background:)` draws under a window by default (#202020).
public let backgroundColor = Color(hex: "#202020")!
/// Renders `window` into a new image at `scale`.
public func render(_ window: Window, scale: Double = 1, background color: Color = backgroundColor) -> Image {
  let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
  Renderer().render(window, background: color, into: image.buffer, scale: scale)
  return image
}
