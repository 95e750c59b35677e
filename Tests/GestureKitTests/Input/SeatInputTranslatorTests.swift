import Testing

@testable import GestureKit

/// Fixture: a 400 x 400 window with view "card" at (0,0,100,100) carrying pan "pan", a
/// translator in front of it, and a transcript of what the window does.
private final class SeatHarness {
  let harness = Harness()
  let translator: SeatInputTranslator
  var warnings: [String] = []
  var keys: [String] = []

  init() {
    let card = harness.addView("card", 0, 0, 100, 100)
    harness.addPan("pan", to: card)
    translator = SeatInputTranslator(window: harness.window)
    translator.onWarning = { [unowned self] in warnings.append($0) }
    translator.onKey = { [unowned self] key in
      keys.append("\(key.name) \(key.isPressed ? "down" : "up") \(key.modifiers.rawValue)")
    }
  }

  func send(_ time: Double, _ events: SeatEvent...) {
    harness.clock.advance(to: time)
    for event in events { translator.handle(event, at: time) }
  }

  func take() -> [String] { harness.transcript.take() }
}

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite("Seat input translator")
struct SeatInputTranslatorTests {
  @Test("touch events wait for their frame and arrive as one")
  func touchWaitsForFrame() {
    let h = SeatHarness()
    h.send(0, .touchDown(id: 3, location: p(50, 50)))
    #expect(h.take() == [])
    h.send(0, .touchFrame)
    #expect(h.take() == ["view card touchesBegan [3]"])
  }

  @Test("the last up is a frame by itself, as Weston 10 sends none")
  func lastUpIsAFrame() {
    let h = SeatHarness()
    h.send(0, .touchDown(id: 0, location: p(50, 50)), .touchFrame)
    h.send(0.1, .touchUp(id: 0))
    #expect(h.take() == ["view card touchesBegan [0]", "pan failed", "view card touchesEnded [0]"])
    h.send(0.1, .touchFrame)
    #expect(h.take() == [])
  }

  @Test("moves and ups of ids that are not down, and a second down of one id, are ignored")
  func unknownIdsAreIgnored() {
    let h = SeatHarness()
    h.send(0, .touchMotion(id: 9, location: p(1, 1)), .touchUp(id: 9), .touchFrame)
    h.send(0, .touchDown(id: 0, location: p(50, 50)), .touchFrame)
    h.send(0.1, .touchDown(id: 0, location: p(60, 60)), .touchFrame)
    #expect(h.take() == ["view card touchesBegan [0]"])
  }

  @Test("a touch cancel cancels the view's touches and the pan")
  func touchCancel() {
    let h = SeatHarness()
    h.send(0, .touchDown(id: 0, location: p(50, 50)), .touchFrame)
    h.send(0.1, .touchMotion(id: 0, location: p(70, 50)), .touchFrame)
    h.send(0.2, .touchCancel)
    #expect(
      h.take() == [
        "view card touchesBegan [0]", "pan began (20,0)", "view card touchesCancelled [0]",
        "pan cancelled (20,0)",
      ])
    #expect(!h.translator.hasActiveInput)
  }

  @Test("a touch cancel after the last lift cancels an end still withheld, as Esc does")
  func touchCancelAfterLift() {
    let h = SeatHarness()
    let pad = h.harness.addView("pad", 200, 200, 100, 100)
    let double = TapGestureRecognizer()
    double.numberOfTapsRequired = 2
    double.name = "double"
    pad.addGestureRecognizer(double)
    h.send(0, .touchDown(id: 0, location: p(250, 250)), .touchFrame)
    h.send(0.05, .touchUp(id: 0), .touchFrame)
    // The double tap waits for its second tap: the view has not heard the lift.
    #expect(h.take() == ["view pad touchesBegan [0]"])
    h.send(0.1, .touchCancel)
    #expect(h.take() == ["double failed", "view pad touchesCancelled [0]"])
    #expect(!h.translator.hasActiveInput && h.harness.window.viewPendingTouches.isEmpty)
  }

  @Test("losing the touch capability cancels like a touch cancel")
  func touchCapabilityLost() {
    let h = SeatHarness()
    h.send(0, .touchDown(id: 0, location: p(50, 50)), .touchFrame)
    h.send(0.1, .touchCapabilityLost)
    #expect(h.take() == ["view card touchesBegan [0]", "pan failed", "view card touchesCancelled [0]"])
  }

  @Test("the left button is one emulated touch of type indirect pointer, sent at the pointer frame")
  func leftButtonIsATouch() {
    let h = SeatHarness()
    h.send(0, .pointerEnter(location: p(50, 50)), .pointerFrame)
    h.send(0.1, .pointerButton(button: SeatEvent.leftButton, pressed: true))
    #expect(h.take() == [])
    h.send(0.1, .pointerFrame)
    h.send(0.2, .pointerMotion(location: p(80, 50)), .pointerFrame)
    h.send(0.3, .pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame)
    #expect(
      h.take() == [
        "view card touchesBegan [-1]", "pan began (30,0)", "view card touchesCancelled [-1]",
        "pan ended (30,0)",
      ])
    #expect(h.harness.window.activeTouches.isEmpty)
  }

  @Test("the pointer keeps dragging outside the window and leave with the button held cancels")
  func pointerOutsideAndLeave() {
    let h = SeatHarness()
    h.send(
      0, .pointerEnter(location: p(50, 50)), .pointerButton(button: SeatEvent.leftButton, pressed: true),
      .pointerFrame)
    h.send(0.1, .pointerMotion(location: p(900, -40)), .pointerFrame)
    h.send(0.2, .pointerLeave, .pointerFrame)
    #expect(
      h.take() == [
        "view card touchesBegan [-1]", "pan began (850,-90)", "view card touchesCancelled [-1]",
        "pan cancelled (850,-90)",
      ])
  }

  @Test("the middle button and presses outside the surface make no touch")
  func otherButtons() {
    let h = SeatHarness()
    let click = TapGestureRecognizer()
    click.buttonMaskRequired = [.primary, .secondary]
    h.harness.window.rootView.subviews[0].addGestureRecognizer(click)
    h.send(0, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
    h.send(0.1, .pointerEnter(location: p(50, 50)))
    h.send(0.1, .pointerButton(button: SeatEvent.middleButton, pressed: true), .pointerFrame)
    h.send(0.2, .pointerButton(button: SeatEvent.middleButton, pressed: false), .pointerFrame)
    #expect(h.take() == [])
    #expect(h.harness.window.activeTouches.isEmpty)
  }

  @Test("the right button is a secondary-button touch: only a tap asking for it gets it, never the view")
  func rightButton() throws {
    let h = SeatHarness()
    let card = h.harness.window.rootView.subviews[0]
    for (name, mask) in [("click", ButtonMask.primary), ("secondary-click", ButtonMask.secondary)] {
      let tap = TapGestureRecognizer()
      tap.name = name
      tap.buttonMaskRequired = mask
      card.addGestureRecognizer(tap)
    }
    h.send(0, .pointerEnter(location: p(50, 50)), .pointerFrame)
    h.send(0.1, .pointerButton(button: SeatEvent.rightButton, pressed: true), .pointerFrame)
    let touch = try #require(h.harness.window.activeTouches.first)
    #expect(touch.type == .indirectPointer && touch.buttonMask == .secondary)
    // The left button does nothing while the right one holds the touch.
    h.send(0.15, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
    h.send(0.16, .pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame)
    #expect(h.harness.window.activeTouches.count == 1)
    h.send(0.2, .pointerButton(button: SeatEvent.rightButton, pressed: false), .pointerFrame)
    #expect(h.take() == ["secondary-click ended"])
    #expect(h.harness.window.activeTouches.isEmpty)

    // A left click is a primary touch, as before: the view, the pan and the primary tap.
    h.send(1, .pointerButton(button: SeatEvent.leftButton, pressed: true), .pointerFrame)
    #expect(h.harness.window.activeTouches.first?.buttonMask == .primary)
    h.send(1.1, .pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame)
    #expect(
      h.take() == [
        "view card touchesBegan [-1]", "pan failed", "click ended", "view card touchesCancelled [-1]",
      ])
  }

  @Test("without pointer frames, another device's event or flush sends the pointer's events")
  func pointerWithoutFrames() {
    let h = SeatHarness()
    h.send(0, .pointerEnter(location: p(50, 50)), .pointerButton(button: SeatEvent.leftButton, pressed: true))
    h.send(0.1, .key(name: "a", pressed: true))
    #expect(h.take() == ["view card touchesBegan [-1]"])
    h.send(0.2, .pointerButton(button: SeatEvent.leftButton, pressed: false))
    h.translator.flush(at: 0.2)
    #expect(h.take() == ["pan failed", "view card touchesEnded [-1]"])
  }

  @Test("non-finite and absurd coordinates are dropped with a warning")
  func sanitising() {
    let h = SeatHarness()
    h.send(0, .touchDown(id: 0, location: p(.nan, 5)), .touchFrame)
    h.send(0, .touchDown(id: 1, location: p(50, .infinity)), .touchFrame)
    h.send(0, .pointerEnter(location: p(2e6, 0)))
    #expect(h.take() == [])
    #expect(h.warnings.count == 3)
    #expect(
      h.warnings == [
        "dropped a touch down of touch 0 at (nan, 5): coordinates must be finite and within ±1000000 px",
        "dropped a touch down of touch 1 at (50, inf): coordinates must be finite and within ±1000000 px",
        "dropped a pointer entry at (2000000, 0): coordinates must be finite and within ±1000000 px",
      ])
  }

  @Test("a time that goes backwards is clamped to the previous one")
  func timeClamp() {
    let h = SeatHarness()
    h.send(1.0, .touchDown(id: 0, location: p(50, 50)), .touchFrame)
    h.translator.handle(.touchUp(id: 0), at: 0.5)
    #expect(h.harness.window.currentTime == 1.0)
  }

  @Test("keys carry the modifiers held, tracked from the key events")
  func keysCarryModifiers() {
    let h = SeatHarness()
    h.send(0, .key(name: "Control_L", pressed: true), .key(name: "q", pressed: true))
    h.send(0.1, .key(name: "Control_L", pressed: false), .key(name: "q", pressed: false))
    #expect(h.keys == ["Control_L down 2", "q down 2", "Control_L up 0", "q up 0"])
  }
}
