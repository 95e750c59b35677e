import CairoRenderer
import GestureKit

/// The view of `"content": "paint"`: every finger (or the mouse) that touches it draws its
/// own stroke, several at once, smoothed with ``StrokeSmoothing`` when drawn. Strokes come
/// from the view's own touch handlers (the cookbook's "Drawing Touches Onscreen"), one per
/// touch, kept in the order they started; a cancelled touch keeps what it drew.
final class PaintCanvasView: SceneView, CustomDrawing {
  /// One finger's path.
  struct Stroke: Equatable {
    /// The touch id that drew it.
    var touchID: Int
    /// Its samples in the view's coordinates.
    var points: [Point]
    /// Its colour.
    var color: Color
  }

  /// Stroke colours, given in turn.
  static let palette = ["#61afef", "#e06c75", "#98c379", "#e5c07b", "#c678dd", "#56b6c2"].map {
    Color(hex: $0)!
  }
  /// The stroke width in pixels.
  static let lineWidth = 6.0
  /// Samples closer than this (px) to the previous one are skipped.
  static let minimumSpacing = 2.0

  /// Every stroke, oldest first.
  private(set) var strokes: [Stroke] = []
  /// Index in ``strokes`` of each touch still drawing.
  private var active: [ObjectIdentifier: Int] = [:]
  private var strokesStarted = 0

  /// A canvas taking every concurrent touch.
  override init(frame: Rect) {
    super.init(frame: frame)
    isMultipleTouchEnabled = true
  }

  /// Removes every stroke; fingers still down start new strokes where they are.
  func clear() {
    let drawing = active.map { ($0.key, strokes[$0.value]) }.sorted { $0.1.touchID < $1.1.touchID }
    strokes = []
    active = [:]
    for (key, stroke) in drawing {
      active[key] = strokes.count
      strokes.append(Stroke(touchID: stroke.touchID, points: [stroke.points.last!], color: stroke.color))
    }
    setNeedsDisplay()
  }

  /// Starts a stroke per touch.
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    super.touchesBegan(touches, with: event)
    for touch in touches {
      active[ObjectIdentifier(touch)] = strokes.count
      let color = Self.palette[strokesStarted % Self.palette.count]
      strokesStarted += 1
      strokes.append(Stroke(touchID: touch.id, points: [touch.location(in: self)], color: color))
    }
    setNeedsDisplay()
  }

  /// Extends each touch's stroke.
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    super.touchesMoved(touches, with: event)
    for touch in touches { extend(touch) }
  }

  /// Finishes the strokes.
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    super.touchesEnded(touches, with: event)
    for touch in touches {
      extend(touch)
      active[ObjectIdentifier(touch)] = nil
    }
  }

  /// Finishes the strokes, keeping what was drawn.
  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    super.touchesCancelled(touches, with: event)
    for touch in touches { active[ObjectIdentifier(touch)] = nil }
  }

  private func extend(_ touch: Touch) {
    guard let index = active[ObjectIdentifier(touch)] else { return }
    let point = touch.location(in: self)
    guard let last = strokes[index].points.last, last.distance(to: point) >= Self.minimumSpacing else {
      return
    }
    strokes[index].points.append(point)
    setNeedsDisplay()
  }

  /// Draws each stroke as its smoothed curve (a dot for a single sample).
  func draw(in context: DrawingContext) {
    context.setLineWidth(Self.lineWidth)
    for stroke in strokes {
      context.setColor(stroke.color)
      guard stroke.points.count > 1 else {
        context.addCircle(center: stroke.points[0], radius: Self.lineWidth / 2)
        context.fill()
        continue
      }
      context.move(to: stroke.points[0])
      for segment in StrokeSmoothing.segments(through: stroke.points) {
        context.curve(to: segment.end, control1: segment.control1, control2: segment.control2)
      }
      context.stroke()
    }
  }
}
