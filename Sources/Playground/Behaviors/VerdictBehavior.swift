import GestureKit

/// The `verdict` behaviour of a `circle` gesture: shows on the view whether the last stroke
/// was a circle, and keeps showing it until the next stroke starts (there is no animation
/// engine, so the "flash" is a state the next attempt clears).
///
/// - recognized (the recognizer's action): the view gets a thick outline and label in the
///   highlight colour (``SceneView/highlightStroke``) and its label reads "Circle!" with the
///   radius;
/// - failed: recognizers send no action for a failure, so the view learns it from its own
///   touch handlers: when its touch ends (with `delaysTouchesEnded`, the view hears of it
///   only once the circle recognizer has judged) while the recognizer reads `failed`, the
///   view gets a thick red outline and label, and the label "Not a circle";
/// - the next touch down on the view puts back the style it had before the verdict; so does
///   a cancelled touch.
final class VerdictBehavior: SceneTouchHandler {
  /// The outline colour of a failed stroke (`#e06c75`).
  static let failureStroke = Color(hex: "#e06c75")!
  /// The label of a recognized circle (the radius follows on the next line).
  static let successLabel = "Circle!"
  /// The label of a stroke that was not a circle.
  static let failureLabel = "Not a circle"

  private weak var recognizer: GestureRecognizer?
  /// The view's style before the verdict it shows; nil while it shows none.
  private var styleBeforeVerdict: ViewStyle?

  /// A verdict behaviour for `recognizer`, shown on its view.
  init(recognizer: GestureRecognizer) {
    self.recognizer = recognizer
  }

  /// The recognizer's action: a recognized circle highlights the view.
  func handle(_ recognizer: GestureRecognizer, view: SceneView) {
    guard recognizer.state == .recognized else { return }
    var label = Self.successLabel
    if let circle = recognizer as? CircleGestureRecognizer {
      label += "\nradius \(Int(circle.radius.rounded()))"
    }
    show(label, in: SceneView.highlightStroke, on: view)
  }

  /// A new stroke clears the previous verdict.
  func touchesBegan(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {
    clear(view)
  }

  /// A stroke the recognizer failed shows the failure.
  func touchesEnded(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {
    guard recognizer?.state == .failed, styleBeforeVerdict == nil else { return }
    show(Self.failureLabel, in: Self.failureStroke, on: view)
  }

  /// A cancelled stroke has no verdict.
  func touchesCancelled(_ touches: [Touch], in view: SceneView, with event: TouchEvent) {
    clear(view)
  }

  /// Shows a verdict: `label` and a 6 px outline in `color`.
  private func show(_ label: String, in color: Color, on view: SceneView) {
    clear(view)
    styleBeforeVerdict = view.style
    view.style.stroke = color
    view.style.strokeWidth = max(view.style.strokeWidth, 6)
    view.style.labelColor = color
    view.style.label = label
  }

  /// Puts back the view's style from before the verdict.
  private func clear(_ view: SceneView) {
    guard let original = styleBeforeVerdict else { return }
    styleBeforeVerdict = nil
    view.style = original
  }
}
