import CairoRenderer
import GestureKit

/// The view of `"content": "paint"`: every finger (or the mouse) that touches it draws its
/// own stroke, several at once, smoothed with ``StrokeSmoothing`` when drawn. Strokes come
/// from the view's own touch handlers (the cookbook's "Drawing Touches Onscreen"), one per
/// touch, kept in the order they started; a cancelled touch keeps what it drew.
///
/// A pen (a `pencil` touch) draws as a pen does: each sample's width follows its pressure
/// (``pencilWidths``) and widens as the pen leans, and its shade follows the tilt (upright
/// full colour, flat a third of the way to the canvas: the side of a pencil's lead). An
/// eraser draws in the canvas's own fill, wide: it erases what is under it.
final class PaintCanvasView: SceneView, CustomDrawing {
  /// One finger's path.
  struct Stroke: Equatable {
    /// The touch id that drew it.
    var touchID: Int
    /// Its samples in the view's coordinates.
    var points: [Point]
    /// Its colour.
    var color: Color
    /// A pen's width at each sample (nil: a finger's or the pointer's, ``lineWidth``).
    var widths: [Double]? = nil
    /// A pen's shade at each sample, 0 (the colour) to 1 (the canvas), nil for a finger.
    var shades: [Double]? = nil
    /// Whether an eraser drew it.
    var isEraser = false
  }

  /// Stroke colours, given in turn.
  static let palette = ["#61afef", "#e06c75", "#98c379", "#e5c07b", "#c678dd", "#56b6c2"].map {
    Color(hex: $0)!
  }
  /// The stroke width in pixels.
  static let lineWidth = 6.0
  /// A pen's width at no pressure and at full pressure, upright, in pixels.
  static let pencilWidths = 1.5...14.0
  /// How much wider a pen lying flat draws than an upright one (it shades with its side).
  static let leanWidening = 1.5
  /// How far towards the canvas a flat pen's shade goes (0: none, 1: all the way).
  static let leanShading = 0.65
  /// An eraser's width in pixels.
  static let eraserWidth = 28.0
  /// The canvas colour an eraser paints when the view has no fill.
  static let canvasColor = Color(hex: "#21252b")!
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
      var stroke: Stroke
      if touch.isEraser {
        stroke = Stroke(touchID: touch.id, points: [touch.location(in: self)], color: canvas, isEraser: true)
      } else {
        let color = Self.palette[strokesStarted % Self.palette.count]
        strokesStarted += 1
        stroke = Stroke(touchID: touch.id, points: [touch.location(in: self)], color: color)
        if touch.type == .pencil {
          stroke.widths = [Self.width(of: touch)]
          stroke.shades = [Self.shade(of: touch)]
        }
      }
      strokes.append(stroke)
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
    if strokes[index].widths != nil {
      strokes[index].widths!.append(Self.width(of: touch))
      strokes[index].shades!.append(Self.shade(of: touch))
    }
    setNeedsDisplay()
  }

  /// The canvas colour an eraser paints: the view's fill.
  private var canvas: Color { style.fill ?? Self.canvasColor }

  /// A pen sample's width: its pressure between the ``pencilWidths``, wider as it leans.
  static func width(of touch: Touch) -> Double {
    let pressure = touch.pen?.pressure ?? 0
    let upright = pencilWidths.lowerBound + (pencilWidths.upperBound - pencilWidths.lowerBound) * pressure
    let lean = 1 - touch.altitudeAngle / (Double.pi / 2)
    return upright * (1 + leanWidening * lean)
  }

  /// A pen sample's shade: 0 upright, ``leanShading`` lying flat.
  static func shade(of touch: Touch) -> Double {
    leanShading * (1 - touch.altitudeAngle / (Double.pi / 2))
  }

  /// Draws each stroke as its smoothed curve (a dot for a single sample); a pen's stroke
  /// segment by segment, each with its samples' mean width and shade, and an eraser's wide,
  /// in the canvas colour.
  func draw(in context: DrawingContext) {
    for stroke in strokes {
      if let widths = stroke.widths, let shades = stroke.shades {
        drawPen(stroke, widths: widths, shades: shades, in: context)
        continue
      }
      context.setLineWidth(stroke.isEraser ? Self.eraserWidth : Self.lineWidth)
      context.setColor(stroke.color)
      guard stroke.points.count > 1 else {
        context.addCircle(
          center: stroke.points[0], radius: (stroke.isEraser ? Self.eraserWidth : Self.lineWidth) / 2)
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

  /// A pen's stroke: each smoothed segment with its own width (round caps join them) and its
  /// shade, the colour mixed towards the canvas (opaque, so overlapping caps do not darken).
  private func drawPen(_ stroke: Stroke, widths: [Double], shades: [Double], in context: DrawingContext) {
    let canvas = self.canvas
    func shaded(_ amount: Double) -> Color {
      let c = stroke.color
      return Color(
        red: c.red + (canvas.red - c.red) * amount, green: c.green + (canvas.green - c.green) * amount,
        blue: c.blue + (canvas.blue - c.blue) * amount)
    }
    guard stroke.points.count > 1 else {
      context.setColor(shaded(shades[0]))
      context.addCircle(center: stroke.points[0], radius: widths[0] / 2)
      context.fill()
      return
    }
    for (index, segment) in StrokeSmoothing.segments(through: stroke.points).enumerated() {
      context.setLineWidth((widths[index] + widths[index + 1]) / 2)
      context.setColor(shaded((shades[index] + shades[index + 1]) / 2))
      context.move(to: stroke.points[index])
      context.curve(to: segment.end, control1: segment.control1, control2: segment.control2)
      context.stroke()
    }
  }
}
