/// Lets an object other than the recognizer tune how it recognizes and how it interacts
/// with other recognizers. Every method has a default, so adopters implement only what they
/// need.
public protocol GestureRecognizerDelegate: AnyObject {
  /// Asked when `recognizer` is about to leave `possible` (to begin or recognize); false
  /// makes it fail instead. Default: true.
  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool

  /// Asked before `recognizer` sees `touch` (at touch-down); false means it never sees that
  /// touch. Default: true.
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

  /// Asked when one of the two is about to prevent the other; true from either side's
  /// delegate lets both recognize at once. Default: false.
  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool

  /// True makes `recognizer` wait for `other` to fail (see `require(toFail:)`); asked
  /// lazily, at most once per attempt. Default: false.
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer)
    -> Bool

  /// True makes `other` wait for `recognizer` to fail (see `require(toFail:)`); asked
  /// lazily, at most once per attempt. Default: false.
  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer)
    -> Bool
}

extension GestureRecognizerDelegate {
  /// Default: the recognizer may begin.
  public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

  /// Default: the recognizer receives every touch.
  public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }

  /// Default: no simultaneous recognition.
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }

  /// Default: no failure requirement.
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  )
    -> Bool
  { false }

  /// Default: no failure requirement.
  public func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool { false }
}
