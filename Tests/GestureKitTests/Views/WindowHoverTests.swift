import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "card" at (100,100,100,100) holding "badge" at (10,10,20,20)
/// (window (110,110)-(130,130)), and "other" at (250,250,100,100); "cardHover" is on card,
/// "otherHover" on other.
@Suite("Window+Hover")
struct WindowHoverTests {
  let h = Harness()
  let card: View
  let badge: View
  let other: View
  let cardHover = HoverGestureRecognizer()
  let otherHover = HoverGestureRecognizer()

  init() {
    card = h.addView("card", 100, 100, 100, 100)
    badge = h.addView("badge", 10, 10, 20, 20, to: card)
    other = h.addView("other", 250, 250, 100, 100)
    cardHover.name = "cardHover"
    otherHover.name = "otherHover"
    card.addGestureRecognizer(cardHover)
    other.addGestureRecognizer(otherHover)
  }

  private func hoverAt(_ x: Double, _ y: Double, at time: Double) {
    h.window.sendHover(Point(x: x, y: y), at: time)
  }

  @Test("moving from one view to another ends the first hover before the second begins")
  func fromViewToView() {
    hoverAt(150, 150, at: 0)
    hoverAt(300, 300, at: 0.01)
    h.window.sendHover(nil, at: 0.02)
    #expect(
      h.transcript.take() == [
        "cardHover began",
        "cardHover ended",
        "otherHover began",
        "otherHover ended",
      ])
    #expect(h.window.currentTime == 0.02)
  }

  @Test("over a subview the pointer still hovers its ancestors, hit view first")
  func ancestors() {
    let badgeHover = HoverGestureRecognizer()
    badgeHover.name = "badgeHover"
    badge.addGestureRecognizer(badgeHover)
    hoverAt(150, 150, at: 0)
    hoverAt(120, 120, at: 0.01)
    hoverAt(121, 120, at: 0.02)
    hoverAt(150, 150, at: 0.03)
    #expect(
      h.transcript.take() == [
        "cardHover began",
        "badgeHover began",
        "cardHover changed",
        "badgeHover changed",
        "cardHover changed",
        "badgeHover ended",
        "cardHover changed",
      ])
  }

  @Test("hit testing rules apply: a hidden view is not hovered, and hiding it ends its hover")
  func hitTesting() {
    hoverAt(300, 300, at: 0)
    other.isHidden = true
    hoverAt(301, 300, at: 0.01)
    hoverAt(302, 300, at: 0.02)
    #expect(h.transcript.take() == ["otherHover began", "otherHover ended"])
  }

  @Test("hovering neither prevents nor is prevented by a pan on the same view")
  func coexistsWithPan() {
    let pan = h.addPan("pan", to: card)
    hoverAt(150, 150, at: 0)
    h.down(TouchInput.pointerID, 150, 150, at: 0.01, type: .indirectPointer)
    h.move(TouchInput.pointerID, 170, 150, at: 0.02, type: .indirectPointer)
    hoverAt(170, 150, at: 0.02)
    h.up(TouchInput.pointerID, at: 0.03)
    #expect(pan.state == .possible)
    #expect(
      h.transcript.take() == [
        "cardHover began",
        "view card touchesBegan [-1]",
        "pan began (20,0)",
        "view card touchesCancelled [-1]",
        "cardHover changed",
        "pan ended (20,0)",
      ])
  }

  @Test("a hovered recognizer removed from its view is cancelled, and a removed view's hover ends")
  func removal() {
    h.logActions(of: otherHover)
    hoverAt(150, 150, at: 0)
    card.removeGestureRecognizer(cardHover)
    hoverAt(300, 300, at: 0.01)
    other.removeFromSuperview()
    hoverAt(301, 300, at: 0.02)
    #expect(otherHover.state == .possible)
    // Out of the window, otherHover ends on its own: its action runs, the observer hears nothing.
    #expect(
      h.transcript.take() == [
        "cardHover began",
        "cardHover cancelled",
        "otherHover began",
        "action otherHover began",
        "action otherHover ended",
      ])
  }
}
