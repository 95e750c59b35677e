import Testing

@testable import GestureKit

/// Fixture: "box" (0,0,300,300) with a pan "outer", containing "red" (100,100,100,100) with
/// a pan "inner".
@Suite("Window arbitration and state changes")
struct WindowTransitionsTests {
  let h = Harness()
  let box: View
  let red: View
  let outer: PanGestureRecognizer
  let inner: PanGestureRecognizer

  init() {
    box = h.addView("box", 0, 0, 300, 300)
    red = h.addView("red", 100, 100, 100, 100, to: box)
    outer = h.addPan("outer", to: box)
    inner = h.addPan("inner", to: red)
  }

  @Test("a pan that begins fails the other recognizers still possible on its touches")
  func prevention() {
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.01)
    h.move(0, 180, 150, at: 0.02)
    h.up(0, at: 0.03)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "inner began (20,0)",
        "outer failed",
        "view red touchesCancelled [0]",
        "inner changed (30,0)",
        "inner ended (30,0)",
      ])
    #expect(outer.state == .possible && inner.state == .possible)
  }

  @Test("recognizers on other touches are not prevented")
  func otherTouches() {
    let blue = h.addView("blue", 220, 220, 50, 50, to: box)
    let probe = h.addProbe("probe", to: blue)
    probe.logsHooks = false
    h.down(0, 150, 150, at: 0)
    h.down(1, 240, 240, at: 0.01)
    h.move(0, 170, 150, at: 0.02)
    #expect(probe.state == .possible)
    #expect(outer.state == .failed)
    h.up(0, at: 0.03)
    #expect(outer.state == .failed, "outer still tracks touch 1, so it is not reset yet")
    h.up(1, at: 0.04)
    #expect(outer.state == .possible)
  }

  @Test("a yes from either delegate lets two recognizers proceed simultaneously")
  func simultaneous() {
    for side in ["inner", "outer"] {
      let h = Harness()
      let box = h.addView("box", 0, 0, 300, 300)
      let red = h.addView("red", 100, 100, 100, 100, to: box)
      let outer = h.addPan("outer", to: box)
      let inner = h.addPan("inner", to: red)
      let delegate = ScriptedDelegate()
      delegate.simultaneous = true
      (side == "inner" ? inner : outer).delegate = delegate
      h.down(0, 150, 150, at: 0)
      h.move(0, 170, 150, at: 0.01)
      h.move(0, 171, 150, at: 0.02)
      #expect(
        h.transcript.take() == [
          "view red touchesBegan [0]",
          "inner began (20,0)",
          "view red touchesCancelled [0]",
          "outer began (20,0)",
          "inner changed (21,0)",
          "outer changed (21,0)",
        ], "delegate on \(side)")
    }
  }

  @Test("a recognizer disabled by another's action before its own start is applied fails instead")
  func disabledBeforeStart() {
    let delegate = ScriptedDelegate()
    delegate.simultaneous = true
    inner.delegate = delegate
    inner.addTarget { [outer] r in if r.state == .began { outer.isEnabled = false } }
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.01)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "inner began (20,0)",
        "view red touchesCancelled [0]",
        "outer failed",
      ])
    #expect(outer.state == .possible)
  }

  @Test("no prevention when the winner cannot prevent or the loser cannot be prevented")
  func preventionHooks() {
    final class Meek: PanGestureRecognizer {
      override func canPrevent(_ other: GestureRecognizer) -> Bool { false }
    }
    final class Stubborn: PanGestureRecognizer {
      override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
    }
    for (innerPan, outerPan) in [(Meek(), PanGestureRecognizer()), (PanGestureRecognizer(), Stubborn())] {
      let h = Harness()
      let box = h.addView("box", 0, 0, 300, 300)
      let red = h.addView("red", 100, 100, 100, 100, to: box)
      innerPan.name = "inner"
      outerPan.name = "outer"
      red.addGestureRecognizer(innerPan)
      box.addGestureRecognizer(outerPan)
      h.down(0, 150, 150, at: 0)
      h.move(0, 170, 150, at: 0.01)
      #expect(
        h.transcript.take() == [
          "view red touchesBegan [0]",
          "inner began (20,0)",
          "view red touchesCancelled [0]",
          "outer began (20,0)",
        ])
    }
  }

  @Test("a recognizer cannot begin while one that may prevent it is in progress on its touches")
  func exclusionByActive() {
    h.down(0, 50, 50, at: 0)
    h.move(0, 70, 50, at: 0.01)
    h.down(1, 150, 150, at: 0.02)
    h.move(1, 170, 150, at: 0.03)
    #expect(
      h.transcript.take() == [
        "view box touchesBegan [0]",
        "outer began (20,0)",
        "view box touchesCancelled [0]",
        "inner failed",
        "outer changed (30,0)",
      ])
  }

  @Test("a no from the delegate's shouldBegin fails the recognizer and the view keeps its touches")
  func delegateShouldBegin() {
    let delegate = ScriptedDelegate()
    delegate.shouldBegin = false
    inner.delegate = delegate
    outer.isEnabled = false
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.01)
    h.move(0, 180, 150, at: 0.02)
    h.up(0, at: 0.03)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "inner failed",
        "view red touchesMoved [0]",
        "view red touchesMoved [0]",
        "view red touchesEnded [0]",
      ])
  }

  @Test("the recognizer's view and the touches' hit views can veto with gestureRecognizerShouldBegin")
  func viewShouldBegin() {
    final class Veto: View {
      override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.name != "outer"
      }
    }
    let h = Harness()
    let box = h.addView("box", 0, 0, 300, 300)
    let slider = Veto(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    slider.identifier = "slider"
    box.addSubview(slider)
    h.addPan("outer", to: box)
    h.down(0, 50, 50, at: 0)
    h.move(0, 70, 50, at: 0.01)
    h.down(1, 250, 250, at: 0.02)
    h.move(1, 270, 250, at: 0.03)
    #expect(
      h.transcript.take() == [
        "view slider touchesBegan [0]",
        "outer failed",
        "view slider touchesMoved [0]",
        "view box touchesBegan [1]",
        "view box touchesMoved [1]",
      ], "touch 1 joins a failed outer and is not delivered to it")
  }

  @Test("the view gets touchesCancelled after the recognizer begins and before its action runs")
  func cancelBeforeAction() {
    h.logActions(of: inner)
    h.down(0, 150, 150, at: 0)
    h.move(0, 160, 150, at: 0.01)
    h.up(0, at: 0.02)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "inner began (10,0)",
        "outer failed",
        "view red touchesCancelled [0]",
        "action inner began",
        "inner ended (10,0)",
        "action inner ended",
      ])
  }

  @Test("without cancelsTouchesInView the view keeps getting the touches")
  func noCancel() {
    inner.cancelsTouchesInView = false
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.01)
    h.up(0, at: 0.02)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "inner began (20,0)",
        "outer failed",
        "view red touchesMoved [0]",
        "inner ended (20,0)",
        "view red touchesEnded [0]",
      ])
  }

  @Test("a touch the delegate refuses never reaches that recognizer")
  func shouldReceive() {
    let delegate = ScriptedDelegate()
    delegate.shouldReceive = { $0.id != 0 }
    inner.delegate = delegate
    outer.isEnabled = false
    h.down(0, 150, 150, at: 0)
    h.move(0, 170, 150, at: 0.01)
    h.up(0, at: 0.02)
    h.down(1, 150, 150, at: 0.1)
    h.move(1, 170, 150, at: 0.11)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesMoved [0]",
        "view red touchesEnded [0]",
        "view red touchesBegan [1]",
        "inner began (20,0)",
        "view red touchesCancelled [1]",
      ])
  }

  @Test("a recognizer refuses touch types it does not allow")
  func allowedTypes() {
    inner.allowedTouchTypes = [.direct]
    outer.allowedTouchTypes = [.indirectPointer]
    h.down(0, 150, 150, at: 0, type: .indirectPointer)
    h.move(0, 170, 150, at: 0.01, type: .indirectPointer)
    #expect(inner.numberOfTouches == 0)
    #expect(h.transcript.take().filter { !$0.hasPrefix("view") } == ["outer began (20,0)"])
  }
}
