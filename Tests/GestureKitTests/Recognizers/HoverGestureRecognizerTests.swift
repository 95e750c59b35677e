import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "card" at (100,100,100,100) carrying a hover named "hover"
/// whose actions write "action hover STATE LOCATION-IN-CARD" to the transcript.
@Suite("HoverGestureRecognizer")
struct HoverGestureRecognizerTests {
  let h = Harness()
  let card: View
  let hover = HoverGestureRecognizer()

  init() {
    card = h.addView("card", 100, 100, 100, 100)
    hover.name = "hover"
    card.addGestureRecognizer(hover)
    hover.addTarget { [transcript = h.transcript, unowned card = card] r in
      transcript.add("action hover \(r.state) \(r.location(in: card))")
    }
  }

  private func hoverAt(_ x: Double, _ y: Double, at time: Double) {
    h.window.sendHover(Point(x: x, y: y), at: time)
  }

  @Test("defaults: continuous, accepting no touch type")
  func defaults() {
    #expect(!hover.isDiscrete)
    #expect(hover.allowedTouchTypes.isEmpty)
    #expect(HoverGestureRecognizer(action: { _ in }).allowedTouchTypes.isEmpty)
  }

  @Test("entering the view begins, moving over it changes, leaving it ends")
  func enterMoveLeave() {
    hoverAt(50, 50, at: 0)
    hoverAt(110, 120, at: 0.01)
    hoverAt(150, 150, at: 0.02)
    hoverAt(250, 150, at: 0.03)
    #expect(hover.state == .possible, "reset once the hover ended")
    #expect(
      h.transcript.take() == [
        "hover began",
        "action hover began (10,20)",
        "hover changed",
        "action hover changed (50,50)",
        "hover ended",
        "action hover ended (50,50)",
      ])
  }

  @Test("the pointer leaving the window ends the hover")
  func leavingTheWindow() {
    hoverAt(150, 150, at: 0)
    h.window.sendHover(nil, at: 0.01)
    #expect(
      h.transcript.take() == [
        "hover began",
        "action hover began (50,50)",
        "hover ended",
        "action hover ended (50,50)",
      ])
  }

  @Test("only the pointer hovers: touches, direct or emulated by the pointer, never drive it")
  func pointerOnly() {
    h.down(0, 150, 150, at: 0)
    h.move(0, 160, 160, at: 0.01)
    h.up(0, at: 0.02)
    h.down(TouchInput.pointerID, 150, 150, at: 0.03, type: .indirectPointer)
    h.move(TouchInput.pointerID, 170, 150, at: 0.04, type: .indirectPointer)
    #expect(hover.numberOfTouches == 0)
    h.up(TouchInput.pointerID, at: 0.05)
    #expect(h.transcript.take().allSatisfy { $0.hasPrefix("view card") })
  }

  @Test("disabling a hover in progress cancels it, and a disabled hover does not begin")
  func disabling() {
    hoverAt(150, 150, at: 0)
    hover.isEnabled = false
    hoverAt(160, 150, at: 0.01)
    hover.isEnabled = true
    hoverAt(170, 150, at: 0.02)
    #expect(
      h.transcript.take() == [
        "hover began",
        "action hover began (50,50)",
        "hover cancelled",
        "action hover cancelled (50,50)",
        "hover began",
        "action hover began (70,50)",
      ])
  }

  @Test("a delegate saying no fails the hover, which tries again on the next motion")
  func shouldBegin() {
    let delegate = ScriptedDelegate()
    delegate.shouldBegin = false
    hover.delegate = delegate
    hoverAt(150, 150, at: 0)
    #expect(hover.state == .possible)
    delegate.shouldBegin = true
    hoverAt(160, 150, at: 0.01)
    #expect(
      h.transcript.take() == [
        "hover failed",
        "hover began",
        "action hover began (60,50)",
      ])
  }

  @Test("refreshHover: a view that appears under a still pointer begins its hover; the one under it ends")
  func refreshUnderStillPointer() {
    h.window.refreshHover(at: 0)
    #expect(h.transcript.take() == [], "nothing hovered yet")
    hoverAt(150, 150, at: 0)
    _ = h.transcript.take()
    h.window.refreshHover(at: 0.01)
    #expect(h.transcript.take() == [], "the same view is under the pointer: nothing to send")
    let cover = h.addView("cover", 120, 120, 60, 60)
    let coverHover = HoverGestureRecognizer()
    coverHover.name = "cover-hover"
    cover.addGestureRecognizer(coverHover)
    h.window.refreshHover(at: 0.02)
    #expect(
      h.transcript.take() == ["hover ended", "action hover ended (50,50)", "cover-hover began"])
    cover.removeFromSuperview()
    h.window.refreshHover(at: 0.03)
    // The cover's hover ends too (unobserved: its view has left the window).
    #expect(h.transcript.take() == ["hover began", "action hover began (50,50)"])
    #expect(!coverHover.state.isActive)
    h.window.sendHover(nil, at: 0.04)
    _ = h.transcript.take()
    h.window.refreshHover(at: 0.05)
    #expect(h.transcript.take() == [], "the pointer left: nothing hovers")
  }
}
