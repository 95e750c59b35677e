import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "red" at (100,100,100,100) (centre (150,150)) carrying a
/// pan named "pan".
@Suite("PanGestureRecognizer")
struct PanGestureRecognizerTests {
  let h = Harness()
  let red: View
  let pan: PanGestureRecognizer

  init() {
    red = h.addView("red", 100, 100, 100, 100)
    pan = h.addPan("pan", to: red)
  }

  @Test("defaults: one touch minimum, no maximum, UIKit's delivery flags")
  func defaults() {
    #expect(pan.minimumNumberOfTouches == 1)
    #expect(pan.maximumNumberOfTouches == Int.max)
    #expect(pan.cancelsTouchesInView && !pan.delaysTouchesBegan && pan.delaysTouchesEnded)
    #expect(!pan.isDiscrete)
    #expect(pan.state == .possible)
  }

  @Test("a pan begins once the centroid has moved 10 px from touch-down, and translation counts from there")
  func hysteresis() {
    h.down(0, 120, 120, at: 0)
    h.move(0, 125, 120, at: 0.01)
    h.move(0, 126, 127.9, at: 0.02)
    h.move(0, 130, 120, at: 0.03)
    h.move(0, 140, 125, at: 0.04)
    h.up(0, at: 0.05)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesMoved [0]",
        "view red touchesMoved [0]",
        "pan began (10,0)",
        "view red touchesCancelled [0]",
        "pan changed (20,5)",
        "pan ended (20,5)",
      ])
    #expect(pan.state == .possible, "reset once the touch is gone")
    #expect(pan.translation(in: nil) == .zero)
  }

  @Test("lifting before 10 px fails the pan, and the view gets its touches")
  func failure() {
    h.down(0, 120, 120, at: 0)
    h.move(0, 129, 120, at: 0.01)
    h.up(0, at: 0.02)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesMoved [0]",
        "pan failed",
        "view red touchesEnded [0]",
      ])
  }

  @Test("actions run once for began, each changed, and ended, never for failed")
  func actions() {
    h.logActions(of: pan)
    h.down(0, 120, 120, at: 0)
    h.move(0, 140, 120, at: 0.01)
    h.move(0, 150, 120, at: 0.02)
    h.move(0, 150, 130, at: 0.03)
    h.up(0, at: 0.04)
    h.down(1, 120, 120, at: 1)
    h.up(1, at: 1.1)
    #expect(
      h.transcript.take().filter { $0.hasPrefix("action") } == [
        "action pan began", "action pan changed", "action pan changed", "action pan ended",
      ])
  }

  @Test("a second finger joining and the first leaving never make the translation jump")
  func joiningAndLeaving() {
    h.down(0, 120, 120, at: 0)
    h.move(0, 140, 120, at: 0.01)
    h.down(1, 180, 180, at: 0.02)
    #expect(pan.numberOfTouches == 2)
    #expect(pan.location(in: nil) == Point(x: 160, y: 150))
    h.frame(at: 0.03, .motion(0, to: Point(x: 150, y: 120)), .motion(1, to: Point(x: 190, y: 180)))
    h.up(0, at: 0.04)
    #expect(pan.numberOfTouches == 1)
    h.move(1, 200, 190, at: 0.05)
    h.up(1, at: 0.06)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "pan began (20,0)",
        "view red touchesCancelled [0]",
        "pan changed (30,0)",
        "pan changed (40,10)",
        "pan ended (40,10)",
      ])
  }

  @Test("only one of two fingers moving moves the centroid, so translation is half its movement")
  func centroid() {
    red.isMultipleTouchEnabled = true
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 120)), .down(1, at: Point(x: 160, y: 120)))
    h.move(1, 190, 120, at: 0.01)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "pan began (15,0)",
        "view red touchesCancelled [0,1]",
      ])
    #expect(pan.location(in: red) == Point(x: 55, y: 20))
    #expect(pan.location(ofTouch: 1, in: nil) == Point(x: 190, y: 120))
  }

  @Test("with a minimum of two touches, a single finger's movement does not count")
  func minimumTouches() {
    pan.minimumNumberOfTouches = 2
    h.down(0, 120, 120, at: 0)
    h.move(0, 150, 120, at: 0.01)
    h.down(1, 180, 180, at: 0.02)
    h.move(0, 160, 120, at: 0.03)
    h.move(1, 195, 180, at: 0.04)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "view red touchesMoved [0]",
        "view red touchesMoved [0]",
        "pan began (12.5,0)",
        "view red touchesCancelled [0]",
      ])
  }

  @Test("below the minimum after it began, the pan neither changes nor moves, and ends with the last lift")
  func belowMinimumAfterBegan() {
    pan.minimumNumberOfTouches = 2
    red.isMultipleTouchEnabled = true
    h.frame(at: 0, .down(0, at: Point(x: 120, y: 120)), .down(1, at: Point(x: 160, y: 120)))
    h.frame(at: 0.01, .motion(0, to: Point(x: 130, y: 120)), .motion(1, to: Point(x: 170, y: 120)))
    h.up(0, at: 0.02)
    h.move(1, 190, 120, at: 0.03)
    h.down(2, 150, 150, at: 0.04)
    h.move(2, 160, 150, at: 0.05)
    h.up(1, at: 0.06)
    h.up(2, at: 0.07)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0,1]",
        "pan began (10,0)",
        "view red touchesCancelled [0,1]",
        "pan changed (15,0)",
        "pan ended (15,0)",
      ])
  }

  @Test("velocity is asked at the window's current time, so it fades once the finger rests")
  func velocityAtCurrentTime() {
    h.addView("blue", 300, 300, 50, 50)
    h.down(0, 120, 120, at: 0)
    for i in 1...5 { h.move(0, 120 + 10 * Double(i), 120, at: 0.01 * Double(i)) }
    #expect(isClose(pan.velocity(in: nil), Point(x: 1000, y: 0), tolerance: 1e-6))
    h.down(1, 320, 320, at: 0.2)
    #expect(pan.velocity(in: nil) == .zero)
  }

  @Test("touches beyond the maximum are ignored by the pan, which neither counts them nor fails")
  func maximumTouches() {
    pan.maximumNumberOfTouches = 1
    h.down(0, 120, 120, at: 0)
    h.down(1, 180, 180, at: 0.01)
    #expect(pan.numberOfTouches == 1)
    h.move(1, 190, 190, at: 0.02)
    h.move(1, 199, 199, at: 0.03)
    #expect(pan.state == .possible)
    h.move(0, 132, 120, at: 0.04)
    h.up(1, at: 0.05)
    h.up(0, at: 0.06)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "pan began (12,0)",
        "view red touchesCancelled [0]",
        "pan ended (12,0)",
      ])
  }

  @Test("translation and velocity in a view ignore its position but follow its scale and rotation")
  func coordinateSpaces() {
    let container = h.addView("container", 0, 0, 400, 400)
    red.removeFromSuperview()
    container.addSubview(red)
    container.transform = AffineTransform(scaleX: 2, y: 2)
    red.transform = AffineTransform(rotationAngle: Double.pi / 2)
    var seen: [String] = []
    pan.addTarget { [unowned red, unowned container] r in
      let pan = r as! PanGestureRecognizer
      seen.append(
        "\(r.state) in red \(pan.translation(in: red)), in container \(pan.translation(in: container))")
    }
    // red's centre (150,150) in the container is at (100,100) in the window.
    h.down(0, 100, 100, at: 0)
    h.move(0, 120, 100, at: 0.01)
    #expect(seen == ["began in red (0,-10), in container (10,0)"])
    pan.setTranslation(Point(x: 1, y: 2), in: container)
    #expect(pan.translation(in: nil) == Point(x: 2, y: 4))
    #expect(isClose(pan.translation(in: red), Point(x: 2, y: -1)))
  }

  @Test("setTranslation re-bases later movement and resets the velocity")
  func settingTranslation() {
    var velocities: [Point] = []
    pan.addTarget { r in
      let pan = r as! PanGestureRecognizer
      if pan.state == .began {
        pan.setTranslation(.zero, in: nil)
        velocities.append(pan.velocity(in: nil))
      }
    }
    h.down(0, 120, 120, at: 0)
    h.move(0, 135, 120, at: 0.01)
    h.move(0, 140, 120, at: 0.02)
    #expect(velocities == [.zero])
    #expect(h.transcript.take().suffix(1) == ["pan changed (5,0)"])
    #expect(isClose(pan.velocity(in: nil), Point(x: 500, y: 0), tolerance: 1e-6))
  }

  @Test("a constant 1000 px/s drag at 120 Hz reads 1000 px/s at lift-off, in any view's units")
  func flingVelocity() {
    let container = h.addView("container", 0, 0, 400, 400)
    container.transform = AffineTransform(scaleX: 2, y: 2)
    h.root.sendSubviewToBack(container)
    var ended: [Point] = []
    pan.addTarget { [unowned container] r in
      let pan = r as! PanGestureRecognizer
      if pan.state == .ended { ended += [pan.velocity(in: nil), pan.velocity(in: container)] }
    }
    let step = 1.0 / 120
    h.down(0, 110, 150, at: 0)
    for i in 1...20 { h.move(0, 110 + 1000 * step * Double(i), 150, at: step * Double(i)) }
    h.up(0, at: step * 20 + 0.004)
    #expect(ended.count == 2)
    #expect(abs(ended[0].x - 1000) <= 50 && abs(ended[0].y) < 1e-6)
    #expect(abs(ended[1].x - 500) <= 25)
  }

  @Test("a finger that stops before lifting does not fling")
  func stoppedBeforeLift() {
    var ended: [Point] = []
    pan.addTarget { r in
      if r.state == .ended { ended.append((r as! PanGestureRecognizer).velocity(in: nil)) }
    }
    h.down(0, 110, 150, at: 0)
    for i in 1...10 { h.move(0, 110 + 10 * Double(i), 150, at: 0.01 * Double(i)) }
    h.up(0, at: 0.2)
    #expect(ended == [.zero])
  }

  @Test("a cancelled touch cancels a pan in progress")
  func cancellation() {
    h.down(0, 120, 120, at: 0)
    h.move(0, 140, 120, at: 0.01)
    h.window.cancelAllTouches(at: 0.02)
    #expect(
      h.transcript.take() == [
        "view red touchesBegan [0]",
        "pan began (20,0)",
        "view red touchesCancelled [0]",
        "pan cancelled (20,0)",
      ])
  }

  @Test("the pointer's emulated touch pans like a finger")
  func pointer() {
    let id = TouchInput.pointerID
    h.down(id, 120, 120, at: 0, type: .indirectPointer)
    h.move(id, 120, 140, at: 0.01, type: .indirectPointer)
    h.up(id, at: 0.02)
    #expect(h.transcript.take().filter { $0.hasPrefix("pan") } == ["pan began (0,20)", "pan ended (0,20)"])
  }
}
