import CairoRenderer
import GestureKit

/// The view of `"touchHandler": "showTouches"`: draws every touch the window has down (not
/// only its own) as a ring labelled with its id, and, from two touches on, their centroid
/// as a cross with lines to each touch; a line at the top left counts them.
///
/// Touches are read from `Window.activeTouches` each time the view is drawn, so there is no
/// limit on their number. The view's own touch handlers only ask for a redraw, of the boxes
/// of what changed (rings, labels, centroid) as they were and as they are; give it
/// `multipleTouch` so that it hears of every finger that lands on it.
final class ActiveTouchesView: SceneView, CustomDrawing {
  /// Ring radius around each touch, in points.
  static let ringRadius = 34.0
  /// What was drawn last, for targeted damage.
  private var drawn = LayerDamage()

  /// The colour of touch `id`: a small fixed palette, the pointer's emulated touch in white.
  static func color(of id: Int) -> Color {
    let palette = ["#e06c75", "#98c379", "#61afef", "#e5c07b", "#c678dd", "#56b6c2", "#d19a66", "#be5046"]
    guard id >= 0 else { return Color(red: 1, green: 1, blue: 1, alpha: 1) }
    return Color(hex: palette[id % palette.count])!
  }

  /// The centroid of `points`, nil for none.
  static func centroid(of points: [Point]) -> Point? {
    guard !points.isEmpty else { return nil }
    return points.reduce(Point.zero, +) / Double(points.count)
  }

  /// Records the damage of what the view showed of the touches and of what it shows now.
  private func refresh() {
    guard let window else { return }
    drawn.update(to: items(), in: window)
  }

  /// The elements `draw(in:)` draws now, each with a box holding its pixels (window
  /// coordinates).
  private func items() -> [LayerDamage.Item] {
    let touches = window?.activeTouches ?? []
    let points = touches.map { $0.location(in: self) }
    var items: [LayerDamage.Item] = []
    func add(_ box: Rect, _ content: String) {
      items.append(LayerDamage.Item(box: convert(box, to: nil), content: content))
    }
    let count = Self.countText(touches.count)
    add(LayerDamage.textBox(count, at: Point(x: bounds.minX + 16, y: bounds.minY + 30), size: 18), count)
    if let centroid = Self.centroid(of: points), points.count > 1 {
      add(LayerDamage.box(of: points + [centroid], margin: 1), "spokes")
      add(LayerDamage.box(of: [centroid], margin: 12 + 1.5), "cross")
      add(
        LayerDamage.textBox("centroid", at: centroid + Point(x: 0, y: -24), size: 13, centered: true),
        "centroid")
    }
    for (touch, point) in zip(touches, points) {
      add(LayerDamage.circleBox(center: point, radius: Self.ringRadius, lineWidth: 4), "ring \(touch.id)")
      add(LayerDamage.textBox("\(touch.id)", at: point, size: 20, centered: true), "\(touch.id)")
      let position = Self.positionText(point)
      add(
        LayerDamage.textBox(
          position, at: point + Point(x: 0, y: Self.ringRadius + 16), size: 13, centered: true),
        position)
    }
    return items
  }

  /// The count line: "1 touch", "N touches".
  private static func countText(_ count: Int) -> String {
    count == 1 ? "1 touch" : "\(count) touches"
  }

  /// A touch's position label.
  private static func positionText(_ point: Point) -> String {
    "(\(Int(point.x.rounded())), \(Int(point.y.rounded())))"
  }

  /// Draws the window's active touches and their centroid in the view's coordinates. Should
  /// the touches have changed without this view hearing of it (another view's touches), the
  /// change is damaged for the next frame.
  func draw(in context: DrawingContext) {
    if let window {
      let current = items()
      if current != drawn.items { drawn.update(to: current, in: window) }
    }
    let touches = window?.activeTouches ?? []
    let points = touches.map { $0.location(in: self) }
    let labelColor = style.labelColor
    context.setColor(labelColor)
    let count = Self.countText(touches.count)
    context.text(count, at: Point(x: bounds.minX + 16, y: bounds.minY + 30), size: 18, bold: true)
    let centroid = Self.centroid(of: points)
    if let centroid, points.count > 1 {
      context.setColor(Color(red: 1, green: 1, blue: 1, alpha: 0.35))
      context.setLineWidth(2)
      for point in points {
        context.move(to: centroid)
        context.line(to: point)
      }
      context.stroke()
    }
    for (touch, point) in zip(touches, points) {
      let color = Self.color(of: touch.id)
      context.setColor(Color(red: color.red, green: color.green, blue: color.blue, alpha: 0.35))
      context.addCircle(center: point, radius: Self.ringRadius)
      context.fill()
      context.setColor(color)
      context.setLineWidth(4)
      context.addCircle(center: point, radius: Self.ringRadius)
      context.stroke()
      context.setColor(labelColor)
      context.text("\(touch.id)", at: point, size: 20, bold: true, alignment: .center)
      let position = Self.positionText(point)
      context.text(position, at: point + Point(x: 0, y: Self.ringRadius + 16), size: 13, alignment: .center)
    }
    if let centroid, points.count > 1 {
      context.setColor(Self.highlightStroke)
      context.setLineWidth(3)
      context.move(to: centroid + Point(x: -12, y: 0))
      context.line(to: centroid + Point(x: 12, y: 0))
      context.move(to: centroid + Point(x: 0, y: -12))
      context.line(to: centroid + Point(x: 0, y: 12))
      context.stroke()
      context.text("centroid", at: centroid + Point(x: 0, y: -24), size: 13, alignment: .center)
    }
  }

  /// Redraws for the new touch, then does a scene view's work.
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    super.touchesBegan(touches, with: event)
    refresh()
  }

  /// Redraws for the moved touches.
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    super.touchesMoved(touches, with: event)
    refresh()
  }

  /// Redraws without the lifted touches.
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    super.touchesEnded(touches, with: event)
    refresh()
  }

  /// Redraws without the cancelled touches.
  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    super.touchesCancelled(touches, with: event)
    refresh()
  }
}
