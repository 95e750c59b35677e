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
  /// The samples a canvas holds at most, every stroke's together (``sampleLimit``'s
  /// default). Without a bound a long trace would grow memory without end (16 bytes a
  /// sample, 32 for a pen's), and a full repaint (a resize, a change of scale) draws every
  /// sample: 136 ms for 100,000 at 960x640 on this project's machine, so 200,000 keep one
  /// under a third of a second.
  static let defaultSampleLimit = 200_000
  /// What a full canvas says, at its top.
  static let fullNotice = "The canvas is full: clear it to draw on"

  /// The samples this canvas holds at most. When it holds them, strokes stop growing and no
  /// new one starts until ``clear()``, and the canvas says so (``fullNotice``).
  var sampleLimit = defaultSampleLimit
  /// The samples of every stroke together.
  private(set) var sampleCount = 0
  /// Whether the canvas holds ``sampleLimit`` samples and takes no more.
  var isFull: Bool { sampleCount >= sampleLimit }

  /// Every stroke, oldest first.
  private(set) var strokes: [PaintStroke] = []
  /// Index in ``strokes`` of each touch still drawing.
  private var active: [ObjectIdentifier: Int] = [:]
  private var strokesStarted = 0

  /// A canvas taking every concurrent touch.
  override init(frame: Rect) {
    super.init(frame: frame)
    isMultipleTouchEnabled = true
  }

  /// Removes every stroke; fingers still down start new strokes where they are, as they
  /// drew (a pen keeps its width and shade, an eraser erases).
  func clear() {
    let drawing = active.map { ($0.key, strokes[$0.value]) }.sorted { $0.1.touchID < $1.1.touchID }
    strokes = []
    active = [:]
    sampleCount = drawing.count
    for (key, stroke) in drawing {
      active[key] = strokes.count
      let last = stroke.points.count - 1
      strokes.append(
        PaintStroke(
          touchID: stroke.touchID, at: stroke.points[last], color: stroke.color,
          width: stroke.widths?[last] ?? stroke.widest, shade: stroke.shades?[last], isEraser: stroke.isEraser
        ))
    }
    setNeedsDisplay()
  }

  /// Starts a stroke per touch.
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    super.touchesBegan(touches, with: event)
    for touch in touches where !isFull {
      active[ObjectIdentifier(touch)] = strokes.count
      let point = touch.location(in: self)
      let stroke: PaintStroke
      if touch.isEraser {
        stroke = PaintStroke(
          touchID: touch.id, at: point, color: canvas, width: Self.eraserWidth, isEraser: true)
      } else {
        let color = Self.palette[strokesStarted % Self.palette.count]
        strokesStarted += 1
        stroke =
          touch.type == .pencil
          ? PaintStroke(
            touchID: touch.id, at: point, color: color, width: Self.width(of: touch),
            shade: Self.shade(of: touch))
          : PaintStroke(touchID: touch.id, at: point, color: color, width: Self.lineWidth)
      }
      strokes.append(stroke)
      setNeedsDisplay(in: stroke.ink(of: stroke.hull))
      countSample()
    }
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

  /// Adds the touch's place to its stroke and redraws what that changed (not the whole
  /// canvas: a canvas of many strokes costs a frame in proportion to the ink near the touch).
  private func extend(_ touch: Touch) {
    guard let index = active[ObjectIdentifier(touch)], !isFull else { return }
    let point = touch.location(in: self)
    guard let last = strokes[index].points.last, last.distance(to: point) >= Self.minimumSpacing else {
      return
    }
    let changed =
      strokes[index].widths == nil
      ? strokes[index].append(point)
      : strokes[index].append(point, width: Self.width(of: touch), shade: Self.shade(of: touch))
    setNeedsDisplay(in: changed)
    countSample()
  }

  /// Counts a sample added, and shows the notice when it fills the canvas.
  private func countSample() {
    sampleCount += 1
    if isFull { setNeedsDisplay(in: Rect(x: 0, y: 0, width: bounds.width, height: Self.noticeBand)) }
  }

  /// The height of the strip at the canvas's top that the notice of a full canvas is drawn in.
  private static let noticeBand = 46.0

  /// The notice of a full canvas: ``fullNotice`` on a dark box at the top, across the middle.
  private func drawFullNotice(in context: DrawingContext) {
    let textSize = 15.0
    let width = min(context.textWidth(Self.fullNotice, size: textSize) + 24, bounds.width)
    let box = Rect(x: bounds.midX - width / 2, y: 8, width: width, height: 30)
    context.setColor(Color(hex: "#3e4451")!)
    context.addRect(box)
    context.fill()
    context.setColor(.white)
    context.text(
      Self.fullNotice, at: Point(x: box.midX, y: box.midY), size: textSize, alignment: .center,
      maxWidth: width - 24)
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
  /// in the canvas colour. Strokes and segments whose ink lies outside the part being drawn
  /// (`clipBounds`) are skipped: what they would draw is cut away, and a segment skipped
  /// inside a stroke starts the next one drawn with a round cap where its round join was,
  /// outside that part too.
  func draw(in context: DrawingContext) {
    let clip = context.clipBounds
    for stroke in strokes where stroke.ink(of: stroke.hull).intersects(clip) {
      if stroke.widths != nil {
        drawPen(stroke, in: context, clip: clip)
        continue
      }
      context.setLineWidth(stroke.widest)
      context.setColor(stroke.color)
      guard stroke.points.count > 1 else {
        context.addCircle(center: stroke.points[0], radius: stroke.widest / 2)
        context.fill()
        continue
      }
      var joined = false
      for index in 0..<(stroke.points.count - 1) {
        let segment = stroke.segment(at: index)
        guard stroke.ink(of: segment.bounds).intersects(clip) else {
          joined = false
          continue
        }
        if !joined { context.move(to: segment.start) }
        context.curve(to: segment.end, control1: segment.control1, control2: segment.control2)
        joined = true
      }
      context.stroke()
    }
    if isFull { drawFullNotice(in: context) }
  }

  /// A pen's stroke: each smoothed segment with its own width (round caps join them) and its
  /// shade, the colour mixed towards the canvas (opaque, so overlapping caps do not darken).
  private func drawPen(_ stroke: PaintStroke, in context: DrawingContext, clip: Rect) {
    let canvas = self.canvas
    func shaded(_ amount: Double) -> Color {
      let c = stroke.color
      return Color(
        red: c.red + (canvas.red - c.red) * amount, green: c.green + (canvas.green - c.green) * amount,
        blue: c.blue + (canvas.blue - c.blue) * amount)
    }
    guard stroke.points.count > 1 else {
      context.setColor(shaded(stroke.shades?[0] ?? 0))
      context.addCircle(center: stroke.points[0], radius: stroke.widest / 2)
      context.fill()
      return
    }
    for index in 0..<(stroke.points.count - 1) {
      let segment = stroke.segment(at: index)
      guard stroke.ink(of: segment.bounds).intersects(clip) else { continue }
      let style = stroke.style(ofSegment: index)
      context.setLineWidth(style.width)
      context.setColor(shaded(style.shade))
      context.move(to: segment.start)
      context.curve(to: segment.end, control1: segment.control1, control2: segment.control2)
      context.stroke()
    }
  }
}
