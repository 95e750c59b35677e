import CairoRenderer
import GestureKit

/// The view of `"touchHandler": "penReadout"`: what a pen on it, or near it, reports, live
/// (UIKit's pencil properties, GestureKit's Touch+Pencil.swift): the tool (pen, eraser,
/// finger, pointer), whether it is down or hovering, its pressure (and force), its altitude
/// and azimuth (drawn as a needle whose length is the pen's lean), and, hovering, its
/// distance (a hover recognizer's `zOffset`). A finger or the pointer shows what it has:
/// no force, upright.
final class PenReadoutView: SceneView, CustomDrawing {
  /// What the view shows.
  struct Reading: Equatable {
    /// `pen`, `eraser`, `finger`, `pointer`, or `none` before anything came.
    var tool = "none"
    /// `down`, `hovering`, `lifted` or `away`.
    var state = "away"
    /// 0 to 1.
    var pressure = 0.0
    var force = 0.0
    var maximumForce = 0.0
    /// Radians.
    var altitude = Double.pi / 2
    var azimuth = 0.0
    /// 0 to 1, while hovering.
    var distance = 0.0
  }

  /// The latest reading.
  private(set) var reading = Reading()

  /// A readout listening to every touch on it and to hover over it.
  override init(frame: Rect) {
    super.init(frame: frame)
    isMultipleTouchEnabled = true
    let hover = HoverGestureRecognizer()
    // Weak: the window may keep the recognizer (a hover in progress) after the view is gone.
    hover.addTarget { [weak self] recognizer in
      guard let self, let hover = recognizer as? HoverGestureRecognizer else { return }
      hovered(hover)
    }
    addGestureRecognizer(hover)
  }

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    super.touchesBegan(touches, with: event)
    if let touch = touches.last { read(touch, state: "down") }
  }

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    super.touchesMoved(touches, with: event)
    if let touch = touches.last { read(touch, state: "down") }
  }

  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    super.touchesEnded(touches, with: event)
    reading.state = "lifted"
    setNeedsDisplay()
  }

  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    super.touchesCancelled(touches, with: event)
    reading.state = "lifted"
    setNeedsDisplay()
  }

  private func read(_ touch: Touch, state: String) {
    reading = Reading(
      tool: touch.type == .pencil
        ? (touch.isEraser ? "eraser" : "pen") : touch.type == .direct ? "finger" : "pointer",
      state: state, pressure: touch.pen?.pressure ?? 0,
      force: touch.force, maximumForce: touch.maximumPossibleForce, altitude: touch.altitudeAngle,
      azimuth: touch.azimuthAngle(in: self), distance: 0)
    setNeedsDisplay()
  }

  private func hovered(_ hover: HoverGestureRecognizer) {
    guard reading.state != "down" else { return }
    switch hover.state {
    case .began, .changed:
      if let pen = hover.pen {
        // The readout is not turned: the window's azimuth is its own.
        reading = Reading(
          tool: pen.isEraser ? "eraser" : "pen", state: "hovering", pressure: 0, force: 0,
          maximumForce: Touch.pencilMaximumForce, altitude: pen.altitudeAngle, azimuth: pen.azimuthAngle,
          distance: hover.zOffset)
      } else {
        reading = Reading(tool: "pointer", state: "hovering")
      }
    default:
      reading.state = "away"
    }
    setNeedsDisplay()
  }

  /// The lines of the readout, top to bottom.
  var lines: [String] {
    let r = reading
    func degrees(_ radians: Double) -> String { "\(Int((radians * 180 / .pi).rounded()))°" }
    func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }
    func hundredths(_ value: Double) -> String {
      let whole = Int((value * 100).rounded())
      return "\(whole / 100).\(whole % 100 < 10 ? "0" : "")\(whole % 100)"
    }
    return [
      "\(r.tool), \(r.state)",
      "pressure \(percent(r.pressure))",
      "force \(hundredths(r.force)) of \(hundredths(r.maximumForce))",
      "altitude \(degrees(r.altitude))   azimuth \(degrees(r.azimuth))",
      "distance \(percent(r.distance))",
    ]
  }

  /// The size of the readout's text: at most 16 points, small enough for `lines` to fit
  /// `height` (the first baseline 1.9 sizes down, 1.6 apart, and a descent below the last)
  /// and each to fit `column`; `width(line, size)` measures a line (a text's width grows with
  /// its size). Nothing is cut: every number the pen reports stays readable.
  static func textSize(
    of lines: [String], column: Double, height: Double, width: (String, Double) -> Double
  ) -> Double {
    var size = max(0, min(16, height / (1.9 + 1.6 * Double(max(0, lines.count - 1)) + 0.4)))
    // Hinted advances are whole pixels, so a width is not quite proportional to the size:
    // scaled down, a line may still be a pixel too wide. A few steps settle it.
    for _ in 0..<16 {
      let widest = lines.reduce(0) { max($0, width($1, size)) }
      guard widest > column, size > 1 else { break }
      size = min(size - 0.25, size * column / widest)
    }
    return max(0, size)
  }

  /// Draws the readout's lines on the left and the needle on the right: from the centre of
  /// a dial, towards the azimuth, as long as the pen leans.
  func draw(in context: DrawingContext) {
    context.setColor(Color(hex: "#abb2bf")!)
    let radius = min(bounds.height * 0.36, bounds.width * 0.15)
    let lines = lines
    // The text's column: 16 from the left edge to 12 before the dial.
    let column = max(0, bounds.width - 2 * radius - 16 - 16 - 12)
    let size = Self.textSize(of: lines, column: column, height: bounds.height) {
      context.textWidth($0, size: $1)
    }
    for (index, line) in lines.enumerated() {
      context.text(
        line, at: Point(x: bounds.minX + 16, y: bounds.minY + 1.9 * size + Double(index) * 1.6 * size),
        size: size, maxWidth: column)
    }
    let centre = Point(x: bounds.maxX - radius - 16, y: bounds.midY)
    context.setLineWidth(2)
    context.addCircle(center: centre, radius: radius)
    context.stroke()
    let lean = 1 - reading.altitude / (Double.pi / 2)
    let tip = Point(
      x: centre.x + radius * lean * Trigonometry.cos(reading.azimuth),
      y: centre.y + radius * lean * Trigonometry.sin(reading.azimuth))
    context.setColor(Color(hex: reading.tool == "eraser" ? "#e06c75" : "#61afef")!)
    context.setLineWidth(4)
    context.move(to: centre)
    context.line(to: tip)
    context.stroke()
    context.addCircle(center: tip, radius: 4 + 8 * reading.pressure)
    context.fill()
  }
}
