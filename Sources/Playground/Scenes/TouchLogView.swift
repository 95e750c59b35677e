import CairoRenderer
import GestureKit

/// The view of `"content": "touchLog"`: it records the callbacks its own touch handlers get
/// (`touchesBegan [0]`, `touchesCancelled [0]`...) and the actions of the recognizers attached
/// to it, and draws the latest ``visibleLines`` of them, so the delivery rules of
/// GestureKit's "Touch Routing and Delivery" article (cancelsTouchesInView, delaysTouchesBegan,
/// delaysTouchesEnded) can be
/// watched as they happen.
final class TouchLogView: SceneView, CustomDrawing {
  /// How many lines are drawn (the newest).
  static let visibleLines = 12
  /// The text size of the lines.
  static let fontSize = 16.0
  /// Lines kept in memory (older ones are dropped).
  static let keptLines = 200

  /// Every recorded line, oldest first (at most ``keptLines``).
  private(set) var lines: [String] = []
  /// The window's time at the first line: each line shows the seconds since then (the
  /// window's own time is the seat's, seconds since the machine started).
  private var start: Double?

  /// Adds a line, prefixed with the seconds since the first line, to the millisecond.
  func record(_ text: String) {
    let now = window?.currentTime ?? 0
    let start = start ?? now
    self.start = start
    lines.append("\(Self.seconds(now - start))  \(text)")
    if lines.count > Self.keptLines { lines.removeFirst(lines.count - Self.keptLines) }
    setNeedsDisplay()
  }

  /// `seconds` with three decimals (`0.000`, `12.345`), 0 for a negative or not finite
  /// value (a seat clock that went back) and at most a billion.
  static func seconds(_ seconds: Double) -> String {
    TraceWriter.fixed(seconds.isFinite ? min(max(seconds, 0), 1e9) : 0)
  }

  /// Records the actions (began, changed is skipped, ended/recognized, cancelled) of
  /// `recognizer`, which should be attached to this view.
  func observe(_ recognizer: GestureRecognizer) {
    recognizer.addTarget { [weak self] recognizer in
      guard recognizer.state != .changed else { return }
      let state = recognizer.isDiscrete && recognizer.state == .ended ? "recognized" : "\(recognizer.state)"
      self?.record("\(recognizer.name ?? "gesture") \(state)")
    }
  }

  private func record(_ callback: String, _ touches: [Touch]) {
    record("\(callback) [\(touches.map { String($0.id) }.joined(separator: ","))]")
  }

  /// Records the callback.
  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    super.touchesBegan(touches, with: event)
    record("touchesBegan", touches)
  }

  /// Records the callback.
  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    super.touchesMoved(touches, with: event)
    record("touchesMoved", touches)
  }

  /// Records the callback.
  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    super.touchesEnded(touches, with: event)
    record("touchesEnded", touches)
  }

  /// Records the callback.
  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    super.touchesCancelled(touches, with: event)
    record("touchesCancelled", touches)
  }

  /// Draws the newest lines from the top-left corner, in the label colour.
  func draw(in context: DrawingContext) {
    context.setColor(style.labelColor)
    let lineHeight = Self.fontSize * 1.5
    for (row, line) in lines.suffix(Self.visibleLines).enumerated() {
      context.text(
        line, at: Point(x: 12, y: 12 + Self.fontSize + Double(row) * lineHeight), size: Self.fontSize)
    }
  }
}
