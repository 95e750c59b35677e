import Testing

@testable import GestureKit

/// A window dropped in the middle of a gesture (the app quitting, or losing its compositor,
/// with a finger down) frees its views, recognizers and touches, which hold each other until
/// the attempt is over (found by `make asan`: LeakSanitizer reported them at exit).
@Suite struct WindowTeardownTests {
  @Test func aPanWithItsFingerStillDownIsFreedWithTheWindow() {
    weak var view: View?
    weak var pan: PanGestureRecognizer?
    weak var touch: Touch?
    do {
      let window = Window(size: Size(width: 200, height: 200), clock: VirtualClock())
      let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      window.rootView.addSubview(card)
      let recognizer = PanGestureRecognizer()
      card.addGestureRecognizer(recognizer)
      window.send(InputFrame(timestamp: 0, touches: [.down(0, at: Point(x: 10, y: 10))]))
      window.send(InputFrame(timestamp: 0.02, touches: [.motion(0, to: Point(x: 60, y: 10))]))
      #expect([.began, .changed].contains(recognizer.state))
      view = card
      pan = recognizer
      touch = window.activeTouches.first
      #expect(touch != nil)
    }
    #expect(touch == nil)
    #expect(pan == nil)
    #expect(view == nil)
  }

  @Test func aDoubleTapWaitingForItsSecondTapIsFreedWithTheWindow() {
    weak var view: View?
    weak var tap: TapGestureRecognizer?
    weak var touch: Touch?
    do {
      let window = Window(size: Size(width: 200, height: 200), clock: VirtualClock())
      let button = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      window.rootView.addSubview(button)
      let recognizer = TapGestureRecognizer()
      recognizer.numberOfTapsRequired = 2
      button.addGestureRecognizer(recognizer)
      window.send(InputFrame(timestamp: 0, touches: [.down(0, at: Point(x: 10, y: 10))]))
      window.send(InputFrame(timestamp: 0.05, touches: [.up(0)]))
      #expect(recognizer.state == .possible)
      view = button
      tap = recognizer
      touch = recognizer.trackedTouches.first
      #expect(touch != nil)
    }
    #expect(touch == nil)
    #expect(tap == nil)
    #expect(view == nil)
  }
}
