import CairoRenderer
import GestureKit

/// A ``TimelinePicture`` drawn with cairo: the view covers the picture, which it draws in
/// its own coordinates.
final class TimelineView: View, CustomDrawing {
  let picture: TimelinePicture

  init(_ picture: TimelinePicture) {
    self.picture = picture
    super.init(frame: Rect(x: 0, y: 0, width: picture.width, height: picture.height))
  }

  func draw(in context: DrawingContext) {
    picture.draw(in: context)
  }
}

extension TimelinePicture {
  /// Draws the shapes with cairo, the picture's top-left at the context's origin.
  func draw(in context: DrawingContext) {
    for shape in shapes {
      switch shape {
      case .rect(let rect, let color):
        context.setColor(color)
        context.addRect(rect)
        context.fill()
      case .line(let from, let to, let color, let width):
        context.setColor(color)
        context.setLineWidth(width)
        context.move(to: from)
        context.line(to: to)
        context.stroke()
      case .text(let text, let point, let size, let color, let centered):
        context.setColor(color)
        context.text(text, at: point, size: size, alignment: centered ? .center : .left)
      }
    }
  }
}

extension TimelinePicture {
  /// The picture as an SVG document.
  public func svg() -> String {
    func color(_ c: Color) -> String {
      let hex = [c.red, c.green, c.blue].map { value -> String in
        let byte = Int((min(max(value, 0), 1) * 255).rounded())
        return (byte < 16 ? "0" : "") + String(byte, radix: 16)
      }
      return "#" + hex.joined()
    }
    func n(_ value: Double) -> String { TimelinePicture.number(value) }
    func escaped(_ text: String) -> String {
      text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;")
    }
    var lines = [
      #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(width))" height="\#(n(height))" viewBox="0 0 \#(n(width)) \#(n(height))" font-family="sans-serif">"#
    ]
    for shape in shapes {
      switch shape {
      case .rect(let rect, let c):
        lines.append(
          #"<rect x="\#(n(rect.minX))" y="\#(n(rect.minY))" width="\#(n(rect.width))" height="\#(n(rect.height))" fill="\#(color(c))"/>"#
        )
      case .line(let from, let to, let c, let width):
        lines.append(
          #"<line x1="\#(n(from.x))" y1="\#(n(from.y))" x2="\#(n(to.x))" y2="\#(n(to.y))" stroke="\#(color(c))" stroke-width="\#(n(width))"/>"#
        )
      case .text(let text, let point, let size, let c, let centered):
        let anchor = centered ? #" text-anchor="middle" dominant-baseline="middle""# : ""
        lines.append(
          #"<text x="\#(n(point.x))" y="\#(n(point.y))" font-size="\#(n(size))" fill="\#(color(c))"\#(anchor)>\#(escaped(text))</text>"#
        )
      }
    }
    return (lines + ["</svg>"]).joined(separator: "\n") + "\n"
  }

  /// The picture as a PNG image, one pixel per unit.
  func png() -> Image {
    let window = Window(size: Size(width: width, height: height), clock: VirtualClock())
    window.rootView.addSubview(TimelineView(self))
    let image = Image(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
    Renderer().render(window, background: .white, into: image.buffer, scale: 1)
    return image
  }
}

extension String {
  /// This text with every `target` replaced by `replacement`.
  fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
