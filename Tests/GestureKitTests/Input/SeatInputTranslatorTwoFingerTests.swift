import Testing

@testable import GestureKit

/// Fixture: a 400 x 400 window (centre 200,200) with view "card" at (100,100,200,200)
/// (multiple touch) carrying pinch "pinch", rotation "rotation" and pan "pan" (all simultaneous), a
/// translator in front of it, and a transcript. The pointer enters at (250,200), so with Alt
/// the second point is at (150,200).
private final class TwoFingerHarness {
  let harness = Harness()
  let translator: SeatInputTranslator
  let card: View
  let pan: PanGestureRecognizer
  let pinch = PinchGestureRecognizer()
  let rotation = RotationGestureRecognizer()
  let delegate = ScriptedDelegate()

  init() {
    card = harness.addView("card", 100, 100, 200, 200)
    card.isMultipleTouchEnabled = true
    pan = harness.addPan("pan", to: card)
    pinch.name = "pinch"
    rotation.name = "rotation"
    delegate.simultaneous = true
    for recognizer in [pan, pinch, rotation] as [GestureRecognizer] { recognizer.delegate = delegate }
    card.addGestureRecognizer(pinch)
    card.addGestureRecognizer(rotation)
    translator = SeatInputTranslator(window: harness.window)
    send(0, .pointerEnter(location: Point(x: 250, y: 200)), .pointerFrame)
  }

  func send(_ time: Double, _ events: SeatEvent...) {
    harness.clock.advance(to: time)
    for event in events { translator.handle(event, at: time) }
  }

  func move(_ time: Double, _ x: Double, _ y: Double) {
    send(time, .pointerMotion(location: Point(x: x, y: y)), .pointerFrame)
  }

  func press(_ time: Double) {
    send(time, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
  }
  func release(_ time: Double) {
    send(time, .pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame)
  }
  func key(_ time: Double, _ name: String, _ pressed: Bool) { send(time, .key(name: name, pressed: pressed)) }

  /// "id@(x,y) type" for each active touch.
  var touches: [String] {
    harness.window.activeTouches.map { "\($0.id)@\($0.locationInWindow) \($0.type)" }
  }

  func take() -> [String] { harness.transcript.take() }
}

@Suite("Seat input translator: two fingers from one mouse")
struct SeatInputTranslatorTwoFingerTests {
  @Test("the mirror is the point reflected through the centre")
  func mirrorMath() {
    let c = Point(x: 200, y: 200)
    #expect(MouseTwoFingerEmulation.mirror(Point(x: 250, y: 180), about: c) == Point(x: 150, y: 220))
    #expect(MouseTwoFingerEmulation.mirror(c, about: c) == c)
    var e = MouseTwoFingerEmulation()
    e.activate(center: c, pointer: Point(x: 260, y: 200), parallel: false)
    #expect(e.isActive && e.mode == .mirrored)
    #expect(e.secondPoint(for: Point(x: 260, y: 200)) == Point(x: 140, y: 200))
    #expect(e.secondPoint(for: Point(x: 200, y: 300)) == Point(x: 200, y: 100))
    // Parallel keeps the offset the second point had; mirroring again takes the midpoint.
    e.setParallel(true, pointer: Point(x: 260, y: 200))
    #expect(e.offset == Point(x: -120, y: 0))
    #expect(e.secondPoint(for: Point(x: 300, y: 250)) == Point(x: 180, y: 250))
    e.setParallel(false, pointer: Point(x: 300, y: 250))
    #expect(e.center == Point(x: 240, y: 250))
    #expect(e.secondPoint(for: Point(x: 300, y: 250)) == Point(x: 180, y: 250), "no jump")
    // Alt+Shift from the start: parallel at the mirrored point's offset.
    var p = MouseTwoFingerEmulation()
    p.activate(center: c, pointer: Point(x: 250, y: 200), parallel: true)
    #expect(p.mode == .parallel && p.secondPoint(for: Point(x: 260, y: 210)) == Point(x: 160, y: 210))
    p.deactivate()
    #expect(!p.isActive)
  }

  @Test("Alt shows the mirrored point while the pointer is on the surface, and reports each change")
  func markerFollowsAlt() {
    let h = TwoFingerHarness()
    // What a marker would see at each report; the window itself is not damaged.
    var seen: [Point?] = []
    h.translator.onEmulatedFingersChange = { [unowned h] in seen.append(h.translator.emulatedSecondFinger) }
    #expect(h.translator.emulatedSecondFinger == nil)
    h.harness.window.needsDisplay = false
    h.key(1, "Alt_L", true)
    #expect(h.translator.emulatedSecondFinger == Point(x: 150, y: 200))
    h.move(1.1, 300, 150)
    #expect(h.translator.emulatedSecondFinger == Point(x: 100, y: 250))
    #expect(!h.harness.window.needsDisplay, "no whole-window repaint")
    h.send(1.2, .pointerLeave, .pointerFrame)
    #expect(h.translator.emulatedSecondFinger == nil)
    h.move(1.25, 310, 150)
    h.send(1.3, .pointerEnter(location: Point(x: 250, y: 200)), .pointerFrame)
    #expect(h.translator.emulatedSecondFinger == Point(x: 150, y: 200))
    h.press(1.35)
    h.release(1.36)
    h.key(1.4, "Alt_L", false)
    #expect(h.translator.emulatedSecondFinger == nil)
    h.move(1.5, 320, 150)
    #expect(
      seen == [
        Point(x: 150, y: 200), Point(x: 100, y: 250), nil, Point(x: 150, y: 200), Point(x: 150, y: 200),
        Point(x: 150, y: 200), nil,
      ])
    _ = h.take()
  }

  @Test("Alt and a left drag put two pointer touches down and pinch with them")
  func mirroredPinch() {
    let h = TwoFingerHarness()
    h.key(1, "Alt_L", true)
    h.press(1.1)
    #expect(h.touches == ["-1@(250,200) indirectPointer", "-2@(150,200) indirectPointer"])
    #expect(h.take() == ["view card touchesBegan [-1,-2]"])
    #expect(h.translator.isSecondFingerDown)
    for step in 1...10 {
      h.move(1.1 + Double(step) * 0.01, 250 + Double(step) * 5, 200)
    }
    #expect(h.touches == ["-1@(300,200) indirectPointer", "-2@(100,200) indirectPointer"])
    #expect(h.pinch.state == .changed)
    #expect(isClose(h.pinch.scale, 2))
    #expect(isClose(h.rotation.rotation, 0))
    #expect(h.pan.translation(in: nil) == .zero, "the centroid stays at the centre")
    h.release(1.3)
    #expect(h.harness.window.activeTouches.isEmpty)
    #expect(h.pinch.state == .possible, "ended and reset")
    #expect(!h.translator.isSecondFingerDown)
    let changes = Array(repeating: "pinch changed", count: 9)
    #expect(
      h.take()
        == ["pinch began", "view card touchesCancelled [-1,-2]"] + changes + [
          "pan failed", "pinch ended", "rotation failed",
        ])
  }

  @Test("circling the centre with Alt rotates")
  func mirroredRotation() {
    let h = TwoFingerHarness()
    h.key(1, "Alt_L", true)
    h.press(1.1)
    // A quarter turn clockwise (y down), radius 50, in small steps.
    for step in 1...18 {
      let angle = Double(step) * 5 * .pi / 180
      h.move(
        1.1 + Double(step) * 0.01, 200 + 50 * Trigonometry.cos(angle), 200 + 50 * Trigonometry.sin(angle))
    }
    #expect(h.rotation.state == .changed)
    #expect(isClose(h.rotation.rotation, .pi / 2, tolerance: 1e-6))
    #expect(isClose(h.pinch.scale, 1, tolerance: 1e-9))
    #expect(h.touches == ["-1@(200,250) indirectPointer", "-2@(200,150) indirectPointer"])
  }

  @Test("Alt+Shift moves both points in parallel: a two-finger pan, no pinch")
  func parallelDrag() {
    let h = TwoFingerHarness()
    h.key(1, "Shift_L", true)
    h.key(1.01, "Alt_L", true)
    #expect(h.translator.twoFingerEmulation.mode == .parallel)
    h.press(1.1)
    for step in 1...10 {
      h.move(1.1 + Double(step) * 0.01, 250 + Double(step) * 3, 200 + Double(step) * 2)
    }
    #expect(h.touches == ["-1@(280,220) indirectPointer", "-2@(180,220) indirectPointer"])
    #expect(h.pan.state == .changed)
    #expect(h.pan.translation(in: nil) == Point(x: 30, y: 20))
    #expect(h.pinch.state == .possible, "the distance never changed")
  }

  @Test("Shift mid-drag switches mode without moving the second finger")
  func shiftMidDrag() {
    let h = TwoFingerHarness()
    h.key(1, "Alt_L", true)
    h.press(1.1)
    h.move(1.12, 270, 200)
    #expect(h.touches == ["-1@(270,200) indirectPointer", "-2@(130,200) indirectPointer"])
    h.key(1.13, "Shift_R", true)
    h.move(1.14, 270, 240)
    #expect(h.touches == ["-1@(270,240) indirectPointer", "-2@(130,240) indirectPointer"])
    h.key(1.15, "Shift_R", false)
    #expect(h.translator.twoFingerEmulation.center == Point(x: 200, y: 240))
    h.move(1.16, 280, 240)
    #expect(h.touches == ["-1@(280,240) indirectPointer", "-2@(120,240) indirectPointer"])
  }

  @Test("releasing Alt mid-drag lifts the second finger; the drag goes on with one")
  func altReleasedMidDrag() {
    let h = TwoFingerHarness()
    h.key(1, "Alt_L", true)
    h.press(1.1)
    for step in 1...5 { h.move(1.1 + Double(step) * 0.01, 250 + Double(step) * 6, 200) }
    #expect(h.pinch.state == .changed)
    _ = h.take()
    h.key(1.2, "Alt_L", false)
    #expect(h.touches == ["-1@(280,200) indirectPointer"])
    #expect(!h.translator.isSecondFingerDown)
    #expect(h.translator.emulatedSecondFinger == nil)
    #expect(h.take().contains("pinch ended"))
    h.move(1.21, 290, 210)
    #expect(h.touches == ["-1@(290,210) indirectPointer"])
    h.release(1.3)
    #expect(h.harness.window.activeTouches.isEmpty)
    #expect(!h.translator.hasActiveInput)
    // Alt again: the next press has two fingers again.
    h.key(1.4, "Alt_L", true)
    h.press(1.5)
    #expect(h.touches.count == 2)
  }

  @Test("Alt pressed mid-drag shows the point; the second finger lands with the next press")
  func altPressedMidDrag() {
    let h = TwoFingerHarness()
    h.press(1)
    h.key(1.1, "Alt_L", true)
    #expect(h.translator.emulatedSecondFinger == Point(x: 150, y: 200))
    h.move(1.2, 260, 200)
    #expect(h.touches == ["-1@(260,200) indirectPointer"])
    h.release(1.3)
    h.press(1.4)
    #expect(h.touches == ["-1@(260,200) indirectPointer", "-2@(140,200) indirectPointer"])
  }

  @Test("leaving the surface or losing the pointer cancels both fingers")
  func cancelBoth() {
    let h = TwoFingerHarness()
    h.key(1, "Alt_L", true)
    h.press(1.1)
    for step in 1...5 { h.move(1.1 + Double(step) * 0.01, 250 + Double(step) * 6, 200) }
    _ = h.take()
    h.send(1.2, .pointerLeave, .pointerFrame)
    #expect(h.harness.window.activeTouches.isEmpty)
    #expect(!h.translator.isSecondFingerDown)
    #expect(h.take().contains("pinch cancelled"))
    h.key(1.3, "Alt_L", false)
    #expect(h.take() == [], "Alt up after the cancel sends nothing")

    let g = TwoFingerHarness()
    g.key(1, "Alt_L", true)
    g.press(1.1)
    g.send(1.2, .pointerCapabilityLost)
    #expect(g.harness.window.activeTouches.isEmpty)
    #expect(g.translator.emulatedSecondFinger == nil)
  }

  @Test("touchpad swipes and holds change nothing, even in the middle of other input")
  func swipeAndHoldIgnored() {
    let h = TwoFingerHarness()
    h.press(1)
    h.send(1.01, .swipeBegin(fingers: 3), .swipeUpdate(delta: Point(x: 40, y: 0)), .holdBegin(fingers: 2))
    h.move(1.02, 270, 200)
    h.send(1.03, .swipeEnd(cancelled: false), .holdEnd(cancelled: true), .swipeEnd(cancelled: true))
    h.send(1.04, .holdEnd(cancelled: false), .swipeUpdate(delta: Point(x: 1, y: 1)))
    h.release(1.05)
    #expect(
      h.take() == [
        "view card touchesBegan [-1]", "pan began (20,0)", "view card touchesCancelled [-1]",
        "pan ended (20,0)",
        "pinch failed", "rotation failed",
      ])
    #expect(!h.translator.hasActiveInput)
  }
}
