import Testing

@testable import GestureKit

@Suite("Window delivery to recognizers")
struct WindowRecognizerDeliveryTests {
  @Test("recognizers of the hit view and all its ancestors get the touch before the view; siblings' do not")
  func routing() {
    let h = Harness()
    let parent = h.addView("parent", 0, 0, 200, 200)
    let child = h.addView("child", 10, 10, 50, 50, to: parent)
    let sibling = h.addView("sibling", 100, 100, 50, 50, to: parent)
    h.addProbe("root-probe", to: h.root)
    h.addProbe("parent-probe", to: parent)
    h.addProbe("child-probe", to: child)
    h.addProbe("sibling-probe", to: sibling)
    h.down(0, 20, 20, at: 0)
    h.move(0, 120, 120, at: 0.1)
    h.up(0, at: 0.2)
    #expect(
      h.transcript.take() == [
        "child-probe hook began [0]",
        "parent-probe hook began [0]",
        "root-probe hook began [0]",
        "view child touchesBegan [0]",
        "child-probe hook moved [0]",
        "parent-probe hook moved [0]",
        "root-probe hook moved [0]",
        "view child touchesMoved [0]",
        "child-probe hook ended [0]",
        "parent-probe hook ended [0]",
        "root-probe hook ended [0]",
        "child-probe failed",
        "parent-probe failed",
        "root-probe failed",
        "view child touchesEnded [0]",
        "child-probe reset",
        "parent-probe reset",
        "root-probe reset",
      ])
  }

  @Test("a touch's recognizers are the hit view's then its ancestors', captured at touch-down")
  func capturedRecognizers() {
    let h = Harness()
    let red = h.addView("red", 0, 0, 100, 100)
    let own = h.addPan("own", to: red)
    let rootPan = h.addPan("root", to: h.root)
    h.down(0, 50, 50, at: 0)
    h.addPan("late", to: red)
    let touch = h.window.activeTouches[0]
    #expect(touch.gestureRecognizers.map { $0 === own || $0 === rootPan } == [true, true])
    #expect(touch.gestureRecognizers.first === own)
  }

  @Test("a recognizer gets one call per phase, in the order began, moved, ended")
  func phaseOrder() {
    let h = Harness()
    let red = h.addView("red", 0, 0, 100, 100)
    red.isMultipleTouchEnabled = true
    h.addProbe("probe", to: red)
    h.frame(at: 0, .down(0, at: Point(x: 10, y: 10)), .down(1, at: Point(x: 20, y: 20)))
    h.frame(at: 0.1, .up(1), .motion(0, to: Point(x: 15, y: 10)), .down(2, at: Point(x: 30, y: 30)))
    h.frame(at: 0.2, .up(0), .up(2))
    #expect(
      h.transcript.take() == [
        "probe hook began [0,1]",
        "view red touchesBegan [0,1]",
        "probe hook began [2]",
        "probe hook moved [0]",
        "probe hook ended [1]",
        "view red touchesBegan [2]",
        "view red touchesMoved [0]",
        "probe hook ended [0,2]",
        "probe failed",
        "view red touchesEnded [0,1,2]",
        "probe reset",
      ], "the end of touch 1 waits for the probe (delaysTouchesEnded)")
  }
}
