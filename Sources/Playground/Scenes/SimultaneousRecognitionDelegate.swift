import GestureKit

/// A recognizer delegate that says yes to recognizing simultaneously with the
/// gestures named in the scene's `simultaneousWith` (matched by recognizer `name`).
final class SimultaneousRecognitionDelegate: GestureRecognizerDelegate {
  private let partners: Set<String>

  /// A delegate allowing the gestures with these ids.
  init(partners: [String]) {
    self.partners = Set(partners)
  }

  /// Yes for a partner named in the scene, no otherwise (UIKit's default).
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
  ) -> Bool {
    otherGestureRecognizer.name.map(partners.contains) ?? false
  }
}
