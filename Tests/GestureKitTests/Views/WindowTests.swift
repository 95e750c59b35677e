import Testing

@testable import GestureKit

@Suite("Window input routing")
struct WindowTests {
  @Test("a touch stays bound to the view it went down on after the finger leaves it")
  func binding() {
    let h = Harness()
    let red = h.addView("red", 0, 0, 100, 100)
    h.addView("blue", 200, 0, 100, 100)
    h.down(0, 50, 50, at: 0)
    h.move(0, 250, 50, at: 0.1)
    let touch = h.window.activeTouches[0]
    #expect(touch.view === red)
    #expect(touch.location(in: red) == Point(x: 250, y: 50))
    #expect(touch.previousLocation(in: red) == Point(x: 50, y: 50))
    #expect(touch.startLocationInWindow == Point(x: 50, y: 50))
    h.up(0, at: 0.2)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesMoved [0]",
        "view red touchesEnded [0]",
      ])
    #expect(h.window.activeTouches.isEmpty)
    #expect(h.window.currentTime == 0.2)
  }

  @Test("a reused id after up is a fresh touch, hit-tested again")
  func idReuse() {
    let h = Harness()
    h.addView("red", 0, 0, 100, 100)
    let blue = h.addView("blue", 200, 0, 100, 100)
    h.down(0, 50, 50, at: 0)
    let first = h.window.activeTouches[0]
    h.up(0, at: 0.1)
    h.down(0, 250, 50, at: 0.2)
    let second = h.window.activeTouches[0]
    #expect(first !== second)
    #expect(second.view === blue)
    #expect(first.phase == .ended)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]", "view red touchesEnded [0]", "view blue touchesBegan [0]",
      ])
  }

  @Test("a down for an id already down and a motion or up for an unknown id are ignored")
  func invalidInput() {
    let h = Harness()
    h.addView("red", 0, 0, 100, 100)
    h.addView("blue", 200, 0, 100, 100)
    h.down(0, 50, 50, at: 0)
    h.down(0, 250, 50, at: 0.1)
    h.move(5, 10, 10, at: 0.2)
    h.up(7, at: 0.3)
    #expect(h.window.activeTouches.count == 1)
    #expect(h.window.activeTouches[0].locationInWindow == Point(x: 50, y: 50))
    #expect(h.transcript.take() == ["view red touchesBegan [0]"])
  }

  @Test("one frame carries many touches; a down and up of one touch in a frame makes two events")
  func frames() {
    let h = Harness()
    let red = h.addView("red", 0, 0, 100, 100)
    red.isMultipleTouchEnabled = true
    h.frame(at: 0, .down(0, at: Point(x: 10, y: 10)), .down(1, at: Point(x: 20, y: 20)))
    h.frame(at: 0.1, .motion(0, to: Point(x: 11, y: 10)), .motion(0, to: Point(x: 12, y: 10)), .up(1))
    #expect(h.window.activeTouches[0].previousLocationInWindow == Point(x: 10, y: 10))
    h.frame(at: 0.2, .down(2, at: Point(x: 30, y: 30)), .up(2))
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "view red touchesMoved [0]",
        "view red touchesEnded [1]",
        "view red touchesBegan [2]",
        "view red touchesEnded [2]",
      ])
  }

  @Test("a touch that hits no view is tracked but delivered to nobody")
  func noView() {
    let h = Harness()
    h.root.isUserInteractionEnabled = false
    h.addProbe("probe", to: h.root)
    h.down(0, 10, 10, at: 0)
    #expect(h.window.activeTouches.count == 1)
    #expect(h.window.activeTouches[0].view == nil)
    h.up(0, at: 0.1)
    #expect(h.transcript.take().isEmpty)
  }

  @Test("cancelAllTouches cancels views' touches, cancels gestures in progress and fails possible ones")
  func cancelAll() {
    let h = Harness()
    let red = h.addView("red", 0, 0, 100, 100)
    let blue = h.addView("blue", 200, 0, 100, 100)
    let pan = h.addPan("pan", to: red)
    h.addProbe("probe", to: blue)
    h.logActions(of: pan)
    h.down(0, 50, 50, at: 0)
    h.move(0, 70, 50, at: 0.1)
    h.down(1, 250, 50, at: 0.2)
    _ = h.transcript.take()
    h.window.cancelAllTouches(at: 0.3)
    #expect(
      h.transcript.take() == [
        "probe hook cancelled [1]",
        "pan cancelled (20,0)",
        "action pan cancelled",
        "probe failed",
        "view blue touchesCancelled [1]",
        "probe reset",
      ])
    #expect(h.window.activeTouches.isEmpty)
    #expect(pan.state == .possible)
    #expect(h.window.currentTime == 0.3)
    h.move(0, 90, 50, at: 0.4)
    h.up(1, at: 0.5)
    #expect(h.transcript.take().isEmpty, "cancelled ids are unknown now")
  }

  @Test("cancelTouches(ofType:) cancels only the touches from that device")
  func cancelByType() {
    let h = Harness()
    let red = h.addView("red", 0, 0, 100, 100)
    red.isMultipleTouchEnabled = true
    h.down(0, 10, 10, at: 0)
    h.down(TouchInput.pointerID, 20, 20, at: 0.1, type: .indirectPointer)
    h.window.cancelTouches(ofType: .indirectPointer, at: 0.2)
    h.window.cancelTouches(ofType: .indirectPointer, at: 0.3)
    h.up(0, at: 0.4)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesBegan [-1]",
        "view red touchesCancelled [-1]",
        "view red touchesEnded [0]",
      ])
  }

  @Test("an event lists every touch down plus the ones ending, in down order")
  func events() {
    final class Spy: View {
      var seen: [String] = []
      override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
        seen.append("ended \(idList(touches)) of \(idList(event.allTouches)) at \(event.timestamp)")
        seen.append("mine \(idList(event.touches(for: self)))")
      }
    }
    let h = Harness()
    let spy = Spy(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    spy.isMultipleTouchEnabled = true
    h.root.addSubview(spy)
    h.down(3, 10, 10, at: 0)
    h.down(1, 20, 20, at: 0.1)
    h.up(3, at: 0.2)
    #expect(spy.seen == ["ended [3] of [3,1] at 0.2", "mine [3,1]"])
  }

  @Test("input sent from inside an action is delivered after the current frame")
  func reentrantInput() {
    let h = Harness()
    h.addView("red", 0, 0, 100, 100)
    let pan = h.addPan("pan", to: h.root)
    pan.addTarget { [unowned h] r in
      if r.state == .began {
        h.transcript.add("action sends a frame")
        h.window.send(InputFrame(timestamp: 0.15, touches: [.motion(0, to: Point(x: 90, y: 50))]))
        h.transcript.add("action returns")
      }
    }
    h.down(0, 50, 50, at: 0)
    h.move(0, 70, 50, at: 0.1)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "pan began (20,0)",
        "view red touchesCancelled [0]",
        "action sends a frame",
        "action returns",
        "pan changed (40,0)",
      ])
  }
}
