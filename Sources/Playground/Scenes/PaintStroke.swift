import GestureKit

/// One touch's path on a ``PaintCanvasView``: its samples, how it is drawn, and the box its
/// ink stays inside, kept as it grows so that a frame redraws only what a new sample changed
/// and skips the strokes and segments outside it.
struct PaintStroke: Equatable {
  /// The touch id that drew it.
  var touchID: Int
  /// Its samples in the canvas's coordinates.
  private(set) var points: [Point]
  /// Its colour.
  var color: Color
  /// A pen's width at each sample (nil: a finger's or the pointer's, one width).
  private(set) var widths: [Double]?
  /// A pen's shade at each sample, 0 (the colour) to 1 (the canvas), nil for a finger.
  private(set) var shades: [Double]?
  /// Whether an eraser drew it.
  var isEraser: Bool
  /// The widest this stroke draws, in pixels.
  private(set) var widest: Double
  /// The box of every sample and every segment's control points: the curve stays inside it.
  private(set) var hull: Rect

  /// A stroke of one sample at `point`, `width` wide; a pen's (`shade` given) keeps a width
  /// and a shade per sample.
  init(
    touchID: Int, at point: Point, color: Color, width: Double, shade: Double? = nil, isEraser: Bool = false
  ) {
    self.touchID = touchID
    points = [point]
    self.color = color
    widths = shade == nil ? nil : [width]
    shades = shade.map { [$0] }
    self.isEraser = isEraser
    widest = width
    hull = Rect(origin: point, size: .zero)
  }

  /// How far ink reaches outside ``hull``: half the widest line, and a pixel of
  /// anti-aliasing.
  var reach: Double { widest / 2 + 1 }

  /// Where the ink of what `box` holds (a segment's points, or ``hull``) can be: `box`
  /// grown by ``reach``.
  func ink(of box: Rect) -> Rect {
    box.insetBy(dx: -reach, dy: -reach)
  }

  /// The segment from sample `index` to the next, as drawn (``StrokeSmoothing``).
  func segment(at index: Int) -> BezierSegment {
    StrokeSmoothing.segment(at: index, through: points)
  }

  /// A segment's width and shade: its two samples' means (a pen's), or the stroke's width.
  func style(ofSegment index: Int) -> (width: Double, shade: Double) {
    guard let widths, let shades else { return (widest, 0) }
    return ((widths[index] + widths[index + 1]) / 2, (shades[index] + shades[index + 1]) / 2)
  }

  /// Adds a sample (a pen's with its width and shade) and returns the box whose drawing
  /// changed: the last segment before it, which bends towards the new sample, and the new
  /// one, with their ink (the lone sample's dot, for a stroke's second sample).
  mutating func append(_ point: Point, width: Double? = nil, shade: Double? = nil) -> Rect {
    var changed = points.count >= 2 ? segment(at: points.count - 2).bounds : hull
    points.append(point)
    if let width, let shade, widths != nil {
      widths!.append(width)
      shades!.append(shade)
      widest = max(widest, width)
    }
    let last = points.count - 2
    changed = changed.union(segment(at: last).bounds)
    if last > 0 { changed = changed.union(segment(at: last - 1).bounds) }
    hull = hull.union(changed)
    return ink(of: changed)
  }
}
