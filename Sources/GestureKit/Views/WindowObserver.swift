/// Watches everything a window does with touches, for logs, overlays and test transcripts.
///
/// Calls arrive in the order things happen. For a recognizer that begins, the order is:
/// `didEnter began`, the `failed` of the recognizers it prevents, the views'
/// `touchesCancelled` (`cancelsTouchesInView`), then the recognizer's actions. Returning to
/// `possible` (the reset) is not reported. Read the time from `window.currentTime`.
public protocol WindowObserver: AnyObject {
  /// `touches` were delivered to `view`'s own handler for `phase` (after delays and
  /// cancellation); called right after the handler returns.
  func window(_ window: Window, didDeliver phase: TouchPhase, touches: [Touch], to view: View)

  /// `recognizer` entered `state`; called on every transition and on every `changed`
  /// update, before the recognizer's actions run.
  func window(_ window: Window, recognizer: GestureRecognizer, didEnter state: GestureRecognizer.State)

  /// The window's `size` changed (the root view already has the new size): the place to
  /// lay views out again. Does nothing by default.
  func windowDidResize(_ window: Window)

  /// `touch` went down (`began`), lifted (`ended`) or was cancelled by the system
  /// (`cancelled`) as input, before any delivery rule: what the finger did, whatever its view
  /// and recognizers are told and when. Called as the window receives it, before the
  /// deliveries it causes. Does nothing by default.
  func window(_ window: Window, didReceive phase: TouchPhase, of touch: Touch)
}

extension WindowObserver {
  /// Does nothing: most observers only watch touches.
  public func windowDidResize(_ window: Window) {}

  /// Does nothing: most observers watch deliveries.
  public func window(_ window: Window, didReceive phase: TouchPhase, of touch: Touch) {}
}
