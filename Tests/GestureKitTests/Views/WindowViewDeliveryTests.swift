import Testing

@testable import GestureKit

/// Fixture: "red" (100,100,100,100) with multiple touch enabled, carrying a pan "pan".
@Suite("Window delivery to views")
struct WindowViewDeliveryTests {
  let h = Harness()
  let red: View
  let pan: PanGestureRecognizer

  init() {
    red = h.addView("red", 100, 100, 100, 100)
    red.isMultipleTouchEnabled = true
    pan = h.addPan("pan", to: red)
  }

  @Test(
    "delaysTouchesEnded withholds a lifted touch while the pan is possible, then ends it when the pan fails")
  func delayedEndThenFailure() {
    pan.minimumNumberOfTouches = 2
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 120)), .down(1, at: Point(x: 160, y: 120)))
    h.up(0, at: 0.1)
    h.up(1, at: 0.2)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "pan failed",
        "view red touchesEnded [0,1]",
      ])
  }

  @Test(
    "a touch down with the id of one whose end is withheld gets its own id; the device's id still moves it")
  func reusedIDWhileWithheld() {
    pan.minimumNumberOfTouches = 2
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 120)), .down(1, at: Point(x: 160, y: 120)))
    h.up(0, at: 0.05)
    // The first touch's end is withheld while the pan may still begin: id 0 is taken.
    h.down(0, 130, 120, at: 0.1)
    h.frame(at: 0.2, .motion(0, to: Point(x: 150, y: 120)), .motion(1, to: Point(x: 180, y: 120)))
    h.frame(at: 0.3, .up(0), .up(1))
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "view red touchesBegan [1000]",
        "pan began (20,0)",
        "view red touchesCancelled [0,1,1000]",
        "pan ended (20,0)",
      ])
    #expect(h.window.activeTouches.isEmpty, "the reused id's motion and up reached the new touch")
  }

  @Test("a withheld ended touch is cancelled when the pan then begins")
  func delayedEndThenRecognition() {
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 120)), .down(1, at: Point(x: 160, y: 120)))
    h.up(0, at: 0.1)
    h.move(1, 180, 120, at: 0.2)
    h.up(1, at: 0.3)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "pan began (20,0)",
        "view red touchesCancelled [0,1]",
        "pan ended (20,0)",
      ])
  }

  @Test("cancelAllTouches also cancels a lifted touch whose end was being withheld")
  func cancellingWithheldEnd() {
    pan.minimumNumberOfTouches = 2
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 120)), .down(1, at: Point(x: 160, y: 120)))
    h.up(0, at: 0.1)
    h.window.cancelAllTouches(at: 0.2)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "pan failed",
        "view red touchesCancelled [0,1]",
      ])
    #expect(h.window.viewPendingTouches.isEmpty && pan.state == .possible)
  }

  @Test("without delaysTouchesEnded the view gets the lift at once")
  func undelayedEnd() {
    pan.delaysTouchesEnded = false
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 120)), .down(1, at: Point(x: 160, y: 120)))
    h.up(0, at: 0.1)
    h.move(1, 180, 120, at: 0.2)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "view red touchesEnded [0]",
        "pan began (20,0)",
        "view red touchesCancelled [1]",
      ])
  }

  @Test("delaysTouchesBegan withholds touches until the pan fails, then replays began, moved and ended")
  func delayedBeganThenFailure() {
    pan.delaysTouchesBegan = true
    h.down(0, 120, 120, at: 0)
    h.move(0, 125, 120, at: 0.1)
    #expect(h.transcript.lines.isEmpty)
    h.up(0, at: 0.2)
    #expect(
      h.transcript.take() == [
        "pan failed",
        "view red touchesBegan [0]",
        "view red touchesMoved [0]",
        "view red touchesEnded [0]",
      ])
  }

  @Test("touches withheld by delaysTouchesBegan are dropped when the pan begins")
  func delayedBeganThenRecognition() {
    pan.delaysTouchesBegan = true
    h.down(0, 120, 120, at: 0)
    h.move(0, 140, 120, at: 0.1)
    h.up(0, at: 0.2)
    #expect(h.transcript.take() == ["pan began (20,0)", "pan ended (20,0)"])
  }

  @Test("a view without multiple touch gets only the first of concurrent touches")
  func multipleTouch() {
    red.isMultipleTouchEnabled = false
    pan.isEnabled = false
    h.down(0, 120, 120, at: 0)
    h.down(1, 150, 150, at: 0.1)
    h.move(1, 155, 150, at: 0.2)
    h.up(0, at: 0.3)
    h.up(1, at: 0.4)
    h.down(2, 150, 150, at: 0.5)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesEnded [0]",
        "view red touchesBegan [2]",
      ])
  }

  @Test("an exclusive-touch view keeps other views from getting touches, and waits for theirs to end")
  func exclusiveTouch() {
    pan.isEnabled = false
    h.addView("blue", 250, 100, 100, 100)
    red.isExclusiveTouch = true
    h.down(0, 120, 120, at: 0)
    h.down(1, 300, 150, at: 0.1)
    h.up(0, at: 0.2)
    h.up(1, at: 0.3)
    h.down(2, 300, 150, at: 0.4)
    h.down(3, 120, 120, at: 0.5)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesEnded [0]",
        "view blue touchesBegan [2]",
      ])
  }
}
