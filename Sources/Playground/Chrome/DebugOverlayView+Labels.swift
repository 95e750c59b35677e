import CairoRenderer
import GestureKit

// The debug overlay's recognizer column: a label per recognizer at its view's top-left
// corner, measured, stacked (LabelStack) and coloured by state.
extension DebugOverlayView {
  /// One row of the recognizer column: its text, the recognizer's state and its box.
  struct RecognizerLabel {
    var text: String
    var state: GestureRecognizer.State
    var box: Rect
  }

  /// The recognizer column's rows, at each scene view's top-left corner (moved in where that
  /// would put a row past the window's left or right edge), a row moved down below the rows
  /// it would cover (``LabelStack``: views that touch, or a scene scaled down).
  /// At most ``maximumLabels``: past that, the rows of the recognizers that are not possible
  /// and of the views touched now come first, then the others in the views' id order.
  func recognizerLabels() -> [RecognizerLabel] {
    guard installed != nil else { return [] }
    var rows: [(corner: Rect, row: Int, recognizer: GestureRecognizer, first: Bool)] = []
    let touched = window?.activeTouches.compactMap(\.view) ?? []
    for (view, names) in labelledViews {
      guard view.window != nil, let superview = view.superview else { continue }
      let corner = superview.convert(view.frame, to: nil)
      let isTouched = touched.contains { $0 === view }
      for (row, recognizer) in names.enumerated() {
        rows.append((corner, row, recognizer, isTouched || recognizer.state != .possible))
      }
    }
    if rows.count > Self.maximumLabels {
      var others = Self.maximumLabels - rows.count { $0.first }
      rows.removeAll { row in
        if row.first { return false }
        others -= 1
        return others < 0
      }
      if rows.count > Self.maximumLabels { rows.removeLast(rows.count - Self.maximumLabels) }
    }
    var labels: [RecognizerLabel] = []
    var stack = LabelStack()
    for (corner, row, recognizer, _) in rows {
      let text = Self.labelText(of: recognizer, in: recognizer.state)
      let top = corner.minY + 4 + Double(row) * 15
      let width = min(Self.labelMaximumWidth, (labelWidths[text] ?? Double(text.count) * 6.4) + 8)
      // Inside the window, as GTK keeps a tooltip on screen: a view at its right or left edge
      // (or dragged past it) has its label moved in, over the view, not cut by the edge.
      let left = max(0, min(corner.minX + 4, bounds.width - width))
      let box = stack.place(Rect(x: left, y: top, width: width, height: 14))
      labels.append(RecognizerLabel(text: text, state: recognizer.state, box: box))
    }
    return labels
  }

  /// The views of `installed` that have recognizers of the scene (by name), in id order, each
  /// with those recognizers in its order.
  static func labelledViews(of installed: InstalledScene) -> [(view: View, recognizers: [GestureRecognizer])]
  {
    installed.views.sorted { $0.key < $1.key }.compactMap { _, view in
      let recognizers = view.gestureRecognizers.filter { recognizer in
        recognizer.name.map { installed.recognizers[$0] === recognizer } ?? false
      }
      return recognizers.isEmpty ? nil : (view, recognizers)
    }
  }

  /// Measures the texts of `labels` not measured yet (``labelWidths``); returns whether
  /// there were any.
  func measure(_ labels: [RecognizerLabel], in context: DrawingContext) -> Bool {
    var measured = false
    for label in labels where labelWidths[label.text] == nil {
      if labelWidths.count >= Self.labelWidthLimit { labelWidths = [:] }
      labelWidths[label.text] = context.textWidth(label.text, size: 11)
      measured = true
    }
    return measured
  }

  /// A recognizer's label in `state`: `name: state`, a discrete recognizer's ended state
  /// called `recognized`.
  private static func labelText(of recognizer: GestureRecognizer, in state: GestureRecognizer.State) -> String
  {
    "\(recognizer.name ?? ""): \(recognizer.isDiscrete && state == .ended ? "recognized" : "\(state)")"
  }

  /// Draws `labels` (``recognizerLabels()``): a dark box each, its text in its state's colour.
  func drawRecognizers(_ labels: [RecognizerLabel], in context: DrawingContext) {
    for label in labels {
      context.setColor(Color(red: 0, green: 0, blue: 0, alpha: 0.7))
      context.addRect(label.box)
      context.fill()
      context.setColor(Self.color(of: label.state))
      context.text(
        label.text, at: Point(x: label.box.minX + 4, y: label.box.minY + 11), size: 11,
        maxWidth: label.box.width - 8)
    }
  }

  /// The label colour of a recognizer in `state`.
  static func color(of state: GestureRecognizer.State) -> Color {
    switch state {
    case .possible: Color(hex: "#abb2bf")!
    case .began, .changed: Color(hex: "#98c379")!
    case .ended: Color(hex: "#61afef")!
    case .cancelled: Color(hex: "#d19a66")!
    case .failed: Color(hex: "#e06c75")!
    }
  }
}
