import Testing

@testable import GestureKit

/// Fixture: a 400x400 window with "photo" at (100,100,200,200) holding "sticker" at
/// (10,10,40,40) (window (110,110)-(150,150)), and "other" at (320,320,50,50). "pinch" and
/// "rotation" are on photo; their actions write "action pinch STATE scale S" and
/// "action rotation STATE degrees D" (the rotation in degrees, for legibility). The pointer
/// is at (200,200) unless a test says otherwise.
@Suite("Window+TouchpadGesture")
struct WindowTouchpadGestureTests {
  let h = Harness()
  let photo: View
  let sticker: View
  let pinch = PinchGestureRecognizer()
  let rotation = RotationGestureRecognizer()
  /// Kept here: recognizers hold their delegates weakly.
  let delegate = ScriptedDelegate()

  init() {
    photo = h.addView("photo", 100, 100, 200, 200)
    sticker = h.addView("sticker", 10, 10, 40, 40, to: photo)
    h.addView("other", 320, 320, 50, 50)
    pinch.name = "pinch"
    rotation.name = "rotation"
    photo.addGestureRecognizer(pinch)
    photo.addGestureRecognizer(rotation)
    logScale(of: pinch)
    logDegrees(of: rotation)
  }

  private func logScale(of pinch: PinchGestureRecognizer) {
    pinch.addTarget { [transcript = h.transcript] r in
      let pinch = r as! PinchGestureRecognizer
      transcript.add("action \(r.name ?? "?") \(r.state) scale \(formatCoordinate(pinch.scale))")
    }
  }

  private func logDegrees(of rotation: RotationGestureRecognizer) {
    rotation.addTarget { [transcript = h.transcript] r in
      let rotation = r as! RotationGestureRecognizer
      transcript.add(
        "action \(r.name ?? "?") \(r.state) degrees \(formatCoordinate(rotation.rotation * 180 / .pi))")
    }
  }

  private func begin(at time: Double, x: Double = 200, y: Double = 200) {
    h.clock.advance(to: time)
    h.window.sendTouchpadPinchBegin(at: Point(x: x, y: y), time: time)
  }

  private func update(_ scale: Double, _ degrees: Double, at time: Double) {
    h.clock.advance(to: time)
    h.window.sendTouchpadPinchUpdate(scale: scale, rotationDegrees: degrees, time: time)
  }

  private func end(at time: Double, cancelled: Bool = false) {
    h.clock.advance(to: time)
    h.window.sendTouchpadPinchEnd(cancelled: cancelled, time: time)
  }

  /// Lets pinch and rotation on photo follow the touchpad together.
  private func simultaneous() {
    delegate.simultaneous = true
    pinch.delegate = delegate
  }

  @Test("a pinch begins at the first update and its scale is the touchpad's, absolute since the begin")
  func absoluteScale() {
    photo.removeGestureRecognizer(rotation)
    begin(at: 0)
    #expect(h.transcript.take() == [])
    #expect(pinch.state == .possible)
    update(1.2, 0, at: 0.01)
    update(1.5, 0, at: 0.02)
    update(0.8, 0, at: 0.03)
    end(at: 0.04)
    #expect(
      h.transcript.take() == [
        "pinch began", "action pinch began scale 1.2",
        "pinch changed", "action pinch changed scale 1.5",
        "pinch changed", "action pinch changed scale 0.8",
        "pinch ended", "action pinch ended scale 0.8",
      ])
    #expect(pinch.state == .possible)
    #expect(pinch.scale == 1, "reset after the end")
  }

  @Test("rotation accumulates the clockwise degree deltas, in radians")
  func rotationAccumulates() {
    photo.removeGestureRecognizer(pinch)
    begin(at: 0)
    update(1, 10, at: 0.01)
    update(1, 20, at: 0.02)
    #expect(isClose(rotation.rotation, 30 * Double.pi / 180))
    update(1, -5, at: 0.03)
    end(at: 0.04)
    #expect(
      h.transcript.take() == [
        "rotation began", "action rotation began degrees 10",
        "rotation changed", "action rotation changed degrees 30",
        "rotation changed", "action rotation changed degrees 25",
        "rotation ended", "action rotation ended degrees 25",
      ])
  }

  @Test("velocities come from the tracker: scale per second and radians per second")
  func velocities() {
    simultaneous()
    begin(at: 0)
    for step in 1...4 { update(1 + 0.01 * Double(step), 1, at: 0.01 * Double(step)) }
    #expect(isClose(pinch.velocity, 1, tolerance: 1e-6))
    #expect(isClose(rotation.velocity, 100 * Double.pi / 180, tolerance: 1e-6))
    h.clock.advance(to: 0.2)
    h.window.sendHover(nil, at: 0.2)  // moves the window's time on
    #expect(pinch.velocity == 0, "stopped for longer than 40 ms")
  }

  @Test("a cancelled end cancels the recognizers in progress")
  func cancel() {
    simultaneous()
    begin(at: 0)
    update(1.1, 5, at: 0.01)
    end(at: 0.02, cancelled: true)
    #expect(
      h.transcript.take() == [
        "pinch began", "action pinch began scale 1.1",
        "rotation began", "action rotation began degrees 5",
        "pinch cancelled", "action pinch cancelled scale 1.1",
        "rotation cancelled", "action rotation cancelled degrees 5",
      ])
    #expect(pinch.state == .possible && rotation.state == .possible)
  }

  @Test("pinch and rotation on one view: the first to begin wins unless they may recognize simultaneously")
  func arbitration() {
    begin(at: 0)
    update(1.1, 5, at: 0.01)
    update(1.2, 5, at: 0.02)
    end(at: 0.03)
    #expect(
      h.transcript.take() == [
        "pinch began", "action pinch began scale 1.1",
        "rotation failed",
        "pinch changed", "action pinch changed scale 1.2",
        "pinch ended", "action pinch ended scale 1.2",
      ])
  }

  @Test("the pinch goes to the recognizers under the pointer at the begin and their ancestors' only")
  func hitTesting() {
    simultaneous()
    let stickerPinch = PinchGestureRecognizer()
    stickerPinch.name = "stickerPinch"
    stickerPinch.delegate = pinch.delegate
    sticker.addGestureRecognizer(stickerPinch)
    begin(at: 0, x: 350, y: 350)  // over other: nothing
    update(1.5, 0, at: 0.01)
    end(at: 0.02)
    #expect(h.transcript.take() == [])
    begin(at: 1, x: 120, y: 120)  // over sticker: sticker first, then photo
    update(1.5, 0, at: 1.01)
    end(at: 1.02)
    #expect(
      h.transcript.take() == [
        "stickerPinch began",
        "pinch began", "action pinch began scale 1.5",
        "rotation began", "action rotation began degrees 0",
        "stickerPinch ended",
        "pinch ended", "action pinch ended scale 1.5",
        "rotation ended", "action rotation ended degrees 0",
      ])
    #expect(pinch.location(in: nil) == Point(x: 120, y: 120), "the location is the pointer's")
  }

  @Test("updates and ends without a begin are ignored; a begin and end without updates fail quietly")
  func withoutUpdates() {
    update(1.5, 10, at: 0)
    end(at: 0.01)
    #expect(h.transcript.take() == [])
    begin(at: 1)
    end(at: 1.01)
    #expect(h.transcript.take() == ["pinch failed", "rotation failed"])
    #expect(pinch.state == .possible)
  }

  @Test("a touchpad-driven pinch ignores touches, and a pinch following touches ignores the touchpad")
  func touchesStayApart() {
    photo.removeGestureRecognizer(rotation)
    begin(at: 0)
    update(1.2, 0, at: 0.01)
    h.down(0, 200, 200, at: 0.02)
    h.down(1, 250, 250, at: 0.03)
    h.move(1, 290, 290, at: 0.04)
    update(1.3, 0, at: 0.05)
    end(at: 0.06)
    h.up(0, at: 0.07)
    h.up(1, at: 0.08)
    #expect(
      h.transcript.take() == [
        "pinch began", "action pinch began scale 1.2",
        "view photo touchesBegan [0]",
        "pinch changed", "action pinch changed scale 1.3",
        "pinch ended", "action pinch ended scale 1.3",
        "view photo touchesEnded [0]",
      ])
    h.down(0, 200, 200, at: 1)
    begin(at: 1.01)
    update(2, 0, at: 1.02)
    end(at: 1.03)
    h.up(0, at: 1.04)
    #expect(
      h.transcript.take() == ["view photo touchesBegan [0]", "pinch failed", "view photo touchesEnded [0]"])
  }
}
