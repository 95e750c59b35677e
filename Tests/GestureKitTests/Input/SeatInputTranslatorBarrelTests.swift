import Testing

@testable import GestureKit

/// A pen's first barrel button through the translator: the secondary button, as GTK maps
/// `BTN_STYLUS`. A 400 x 400 window with "card" at (0,0,100,100) carrying pan "pan", a long
/// press "click" of the secondary button for the pointer and pens (`minimumPressDuration` 0,
/// as a context menu's press) and a tap "tap" of the primary button.
private final class BarrelHarness {
  let harness = Harness()
  let translator: SeatInputTranslator
  let click = LongPressGestureRecognizer()
  let tap = TapGestureRecognizer()

  init() {
    let card = harness.addView("card", 0, 0, 100, 100)
    harness.addPan("pan", to: card)
    click.name = "click"
    click.minimumPressDuration = 0
    click.buttonMaskRequired = .secondary
    click.allowedTouchTypes = [.indirectPointer, .pencil]
    card.addGestureRecognizer(click)
    tap.name = "tap"
    card.addGestureRecognizer(tap)
    translator = SeatInputTranslator(window: harness.window)
  }

  func send(_ time: Double, _ events: SeatEvent...) {
    harness.clock.advance(to: time)
    for event in events { translator.handle(event, at: time) }
  }

  /// The barrel button of tool 7 pressed or released, in a frame of its own.
  func barrel(_ time: Double, _ pressed: Bool) {
    send(
      time, .tabletButton(tool: 7, button: SeatEvent.stylusButton, pressed: pressed), .tabletFrame(tool: 7))
  }

  func take() -> [String] { harness.transcript.take() }
}

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite("Seat input translator: a pen's barrel button")
struct SeatInputTranslatorBarrelTests {
  private let pen = TouchInput.pencilID(tool: 7)

  @Test("pressed while the pen hovers, it is a secondary touch that moves with the pen and lifts at release")
  func click() {
    let h = BarrelHarness()
    h.send(0, .tabletProximityIn(tool: 7, kind: .pen), .tabletMotion(tool: 7, location: p(50, 50)))
    h.send(0, .tabletFrame(tool: 7))
    h.barrel(0.01, true)
    let touch = h.harness.window.activeTouches.first
    #expect(touch?.type == .pencil && touch?.id == pen && touch?.buttonMask == .secondary)
    // Only the press of the secondary button takes it: no view, no pan, no tap.
    #expect(h.take() == ["click began"])
    h.send(0.02, .tabletMotion(tool: 7, location: p(60, 55)), .tabletFrame(tool: 7))
    #expect(h.click.location(in: nil) == p(60, 55) && h.take() == ["click changed"])
    // Moved and released in one group (one input frame): the touch lifts where the pen is.
    var location: Point?
    h.click.addTarget { recognizer in
      if recognizer.state == .ended { location = recognizer.location(in: nil) }
    }
    h.send(
      0.03, .tabletMotion(tool: 7, location: p(70, 60)),
      .tabletButton(tool: 7, button: SeatEvent.stylusButton, pressed: false), .tabletFrame(tool: 7))
    #expect(h.take() == ["click ended"] && location == p(70, 60) && h.harness.window.activeTouches.isEmpty)
    // The tip after it is the primary button's touch, as before.
    h.send(0.04, .tabletDown(tool: 7), .tabletFrame(tool: 7))
    #expect(h.harness.window.activeTouches.first?.buttonMask == .primary)
    h.send(0.05, .tabletUp(tool: 7), .tabletFrame(tool: 7))
    #expect(
      h.take() == [
        "view card touchesBegan [\(pen)]", "pan failed", "tap ended", "view card touchesCancelled [\(pen)]",
      ])
  }

  @Test("with the tip down it does nothing, nor the tip with it down: one button at a time, as the mouse's")
  func oneAtATime() {
    let h = BarrelHarness()
    h.send(0, .tabletProximityIn(tool: 7, kind: .pen), .tabletMotion(tool: 7, location: p(50, 50)))
    h.send(0, .tabletDown(tool: 7), .tabletFrame(tool: 7))
    _ = h.take()
    h.barrel(0.01, true)
    #expect(h.take() == [] && h.harness.window.activeTouches.count == 1)
    // Lifted with the button still held, then released: nothing either.
    h.send(0.02, .tabletUp(tool: 7), .tabletFrame(tool: 7))
    h.barrel(0.03, false)
    #expect(h.take() == ["pan failed", "tap ended", "view card touchesCancelled [\(pen)]"])
    h.barrel(0.04, true)
    #expect(h.take() == ["click began"])
    // The tip tapped with the barrel held (Qt's right click): the barrel's touch goes on.
    h.send(0.05, .tabletDown(tool: 7), .tabletFrame(tool: 7))
    h.send(0.06, .tabletMotion(tool: 7, location: p(55, 50)), .tabletFrame(tool: 7))
    #expect(h.take() == ["click changed"])
    #expect(h.harness.window.activeTouches.map(\.buttonMask) == [.secondary])
    h.send(0.07, .tabletUp(tool: 7), .tabletFrame(tool: 7))
    h.barrel(0.08, false)
    #expect(h.take() == ["click ended"] && h.harness.window.activeTouches.isEmpty)
  }

  @Test("the pen leaving or taken away with it held cancels its touch; other buttons do nothing")
  func leavingAndOtherButtons() {
    let h = BarrelHarness()
    h.send(0, .tabletProximityIn(tool: 7, kind: .pen), .tabletMotion(tool: 7, location: p(50, 50)))
    h.send(0, .tabletButton(tool: 7, button: 0x14c, pressed: true), .tabletFrame(tool: 7))
    #expect(h.take() == [] && h.harness.window.activeTouches.isEmpty, "BTN_STYLUS2 made a touch")
    h.barrel(0.01, true)
    h.send(0.02, .tabletProximityOut(tool: 7), .tabletFrame(tool: 7))
    #expect(h.take() == ["click began", "click cancelled"] && !h.translator.hasActiveInput)
    h.send(0.03, .tabletProximityIn(tool: 7, kind: .pen), .tabletMotion(tool: 7, location: p(50, 50)))
    h.barrel(0.03, true)
    h.send(0.04, .tabletToolRemoved(tool: 7))
    #expect(h.take() == ["click began", "click cancelled"] && h.harness.window.activeTouches.isEmpty)
    // A press before the pen has a place makes nothing.
    h.send(0.05, .tabletProximityIn(tool: 8, kind: .pen))
    h.send(0.05, .tabletButton(tool: 8, button: SeatEvent.stylusButton, pressed: true), .tabletFrame(tool: 8))
    #expect(h.take() == [] && h.harness.window.activeTouches.isEmpty)
  }
}
