import Testing

@testable import GestureKit

/// Fixture: a 400 x 400 window with view "card" at (0,0,100,100) carrying pan "pan" (any kind
/// of scrolling), pinch "pinch" and rotation "rotation" (which may recognize simultaneously),
/// a translator in front of it, and a transcript of what the window does. The pointer enters
/// at (50,50).
final class ScrollHarness {
  let harness = Harness()
  let card: View
  let translator: SeatInputTranslator
  let pan: PanGestureRecognizer
  let pinch = PinchGestureRecognizer()
  let rotation = RotationGestureRecognizer()
  let delegate = ScriptedDelegate()
  var warnings: [String] = []

  init() {
    card = harness.addView("card", 0, 0, 100, 100)
    pan = harness.addPan("pan", to: card)
    pan.scrollTypes = .all
    pinch.name = "pinch"
    rotation.name = "rotation"
    delegate.simultaneous = true
    pinch.delegate = delegate
    card.addGestureRecognizer(pinch)
    card.addGestureRecognizer(rotation)
    translator = SeatInputTranslator(window: harness.window)
    translator.onWarning = { [unowned self] in warnings.append($0) }
    send(0, .pointerEnter(location: Point(x: 50, y: 50)), .pointerFrame)
  }

  func send(_ time: Double, _ events: SeatEvent...) {
    harness.clock.advance(to: time)
    for event in events { translator.handle(event, at: time) }
  }

  func take() -> [String] { harness.transcript.take() }
}

@Suite("Seat input translator: scrolling and touchpad gestures")
struct SeatInputTranslatorScrollTests {
  @Test("the axis events of one pointer frame combine into one scroll")
  func frameCombinesAxes() {
    let h = ScrollHarness()
    h.send(1, .pointerAxis(axis: .vertical, value: 10, source: .finger, discrete: nil))
    h.send(1, .pointerAxis(axis: .horizontal, value: 4, source: .finger, discrete: nil))
    #expect(h.take() == [], "nothing before the frame")
    h.send(1, .pointerFrame)
    h.send(1.01, .pointerAxis(axis: .vertical, value: 6, source: .finger, discrete: nil), .pointerFrame)
    #expect(h.take() == ["pan began (-4,-10)", "pan changed (-4,-16)"])
    #expect(h.pan.location(in: nil) == Point(x: 50, y: 50))
  }

  @Test("axis_stop ends the touchpad scroll once every axis that scrolled has stopped")
  func stopOnEveryScrolledAxis() {
    let h = ScrollHarness()
    h.send(1, .pointerAxis(axis: .vertical, value: 10, source: .finger, discrete: nil), .pointerFrame)
    h.send(1.01, .pointerAxis(axis: .horizontal, value: 5, source: .finger, discrete: nil), .pointerFrame)
    h.send(1.02, .pointerAxisStop(axis: .vertical), .pointerFrame)
    #expect(h.pan.state == .changed, "the horizontal axis still scrolls")
    h.send(1.03, .pointerAxisStop(axis: .horizontal), .pointerFrame)
    h.send(2, .pointerAxis(axis: .vertical, value: 10, source: .finger, discrete: nil), .pointerFrame)
    h.send(2.01, .pointerAxisStop(axis: .vertical), .pointerAxisStop(axis: .horizontal), .pointerFrame)
    #expect(
      h.take() == [
        "pan began (0,-10)", "pan changed (-5,-10)", "pan ended (-5,-10)",
        "pan began (0,-10)", "pan ended (0,-10)",
      ])
  }

  @Test("wheel steps scroll with their pixel value and end after the idle interval")
  func wheel() {
    let h = ScrollHarness()
    h.send(1, .pointerAxis(axis: .vertical, value: 15, source: .wheel, discrete: 1), .pointerFrame)
    h.send(1.05, .pointerAxis(axis: .vertical, value: 15, source: .wheel, discrete: 1), .pointerFrame)
    h.send(2)
    #expect(h.take() == ["pan began (0,-15)", "pan changed (0,-30)", "pan ended (0,-30)"])
  }

  @Test("without pointer frames (wl_pointer before version 5) flushing sends the scroll")
  func flushWithoutFrames() {
    let h = ScrollHarness()
    h.send(1, .pointerAxis(axis: .vertical, value: 10, source: nil, discrete: nil))
    h.translator.flush(at: 1)
    #expect(h.take() == ["pan began (0,-10)"])
  }

  @Test("leaving the surface ends the scroll; losing the pointer cancels it")
  func leaveAndLoss() {
    let h = ScrollHarness()
    h.send(1, .pointerAxis(axis: .vertical, value: 10, source: .finger, discrete: nil), .pointerFrame)
    h.send(1.01, .pointerLeave, .pointerFrame)
    h.send(2, .pointerEnter(location: Point(x: 50, y: 50)), .pointerFrame)
    h.send(2.01, .pointerAxis(axis: .vertical, value: 10, source: .finger, discrete: nil), .pointerFrame)
    h.send(2.02, .pointerCapabilityLost)
    #expect(
      h.take() == [
        "pan began (0,-10)", "pan ended (0,-10)",
        "pan began (0,-10)", "pan cancelled (0,-10)",
      ])
  }

  @Test("a non-finite axis value is dropped with a warning")
  func sanitising() {
    let h = ScrollHarness()
    h.send(1, .pointerAxis(axis: .vertical, value: .nan, source: .finger, discrete: nil), .pointerFrame)
    h.send(1, .pinchBegin(fingers: 2), .pinchUpdate(delta: .zero, scale: .infinity, rotation: 0))
    #expect(h.take() == [])
    #expect(h.warnings.count == 2)
  }

  @Test("touchpad pinch events drive pinch and rotation at the pointer")
  func touchpadPinch() {
    let h = ScrollHarness()
    h.send(1, .pinchBegin(fingers: 2))
    h.send(1.01, .pinchUpdate(delta: Point(x: 1, y: 0), scale: 1.5, rotation: 90))
    h.send(1.02, .pinchEnd(cancelled: false))
    #expect(h.take() == ["pinch began", "rotation began", "pinch ended", "rotation ended"])
    h.send(2, .pinchBegin(fingers: 2))
    h.send(2.01, .pinchUpdate(delta: .zero, scale: 2, rotation: 0))
    #expect(isClose(h.pinch.scale, 2))
    h.send(2.02, .pinchEnd(cancelled: true))
    h.send(3, .pinchBegin(fingers: 2))
    h.send(3.01, .pinchUpdate(delta: .zero, scale: 2, rotation: 45))
    #expect(isClose(h.rotation.rotation, Double.pi / 4))
    h.send(3.02, .pointerCapabilityLost)
    #expect(
      h.take() == [
        "pinch began", "rotation began", "pinch cancelled", "rotation cancelled",
        "pinch began", "rotation began", "pinch cancelled", "rotation cancelled",
      ])
  }
}
