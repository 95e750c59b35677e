import Testing

@testable import GestureKit

/// Pencil touches (TouchType.pencil, PenState, Touch+Pencil.swift): UIKit's definitions worked
/// through by hand, and a pencil recognized like a finger with `allowedTouchTypes` filtering.
@Suite("Pencil touches")
struct PencilTouchTests {
  private func pencil(_ pen: PenState, in view: View? = nil) -> Touch {
    Touch(
      id: 0, type: .pencil, location: Point(x: 0, y: 0), timestamp: 0, view: view, gestureRecognizers: [],
      serial: 0, pen: pen)
  }

  private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

  @Test("altitude and azimuth from the protocol's tilts, as UIKit defines them")
  func workedExamples() {
    // Upright: altitude π/2, no azimuth.
    var touch = pencil(PenState(pressure: 0.5))
    #expect(close(touch.altitudeAngle, .pi / 2) && touch.azimuthAngle(in: nil) == 0)
    #expect(close(touch.force, 2) && touch.maximumPossibleForce == 4)
    // Leaning 45 degrees towards +x: altitude π/4, the cap's end towards +x (azimuth 0).
    touch = pencil(PenState(tiltX: 45))
    #expect(close(touch.altitudeAngle, .pi / 4) && close(touch.azimuthAngle(in: nil), 0))
    // 30 degrees towards +y (down the screen): altitude π/3 (60 degrees), azimuth π/2.
    touch = pencil(PenState(tiltY: 30))
    #expect(close(touch.altitudeAngle, .pi / 3) && close(touch.azimuthAngle(in: nil), .pi / 2))
    // 45 degrees on both axes: the pen's direction (1, 1, 1), altitude asin(1/√3) = 35.26
    // degrees, azimuth π/4; towards -x and -y, azimuth -3π/4.
    touch = pencil(PenState(tiltX: 45, tiltY: 45))
    #expect(
      close(touch.altitudeAngle, 0.615_479_708_670_387_3) && close(touch.azimuthAngle(in: nil), .pi / 4))
    touch = pencil(PenState(tiltX: -45, tiltY: -45))
    #expect(close(touch.azimuthAngle(in: nil), -3 * .pi / 4))
    let unit = touch.azimuthUnitVector(in: nil)
    #expect(close(unit.x, -(0.5).squareRoot()) && close(unit.y, -(0.5).squareRoot()))
  }

  @Test("the azimuth in a turned view is measured along that view's axes")
  func azimuthInAView() {
    let window = Window(size: Size(width: 400, height: 400), clock: VirtualClock())
    let card = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
    window.rootView.addSubview(card)
    // Turned a quarter clockwise on screen: its +x axis points down the window.
    card.transform = AffineTransform(rotationAngle: .pi / 2)
    let touch = pencil(PenState(tiltY: 30), in: card)
    // Leaning down the window is along the card's +x: azimuth 0 in the card, π/2 in the window.
    #expect(close(touch.azimuthAngle(in: nil), .pi / 2))
    #expect(abs(touch.azimuthAngle(in: card)) < 1e-9)
  }

  @Test("fingers and the pointer have no force, stand upright, no azimuth, no eraser")
  func fingers() {
    let finger = Touch(
      id: 0, type: .direct, location: Point(x: 0, y: 0), timestamp: 0, view: nil, gestureRecognizers: [],
      serial: 0)
    #expect(finger.force == 0 && finger.maximumPossibleForce == 0)
    #expect(finger.altitudeAngle == .pi / 2 && finger.azimuthAngle(in: nil) == 0)
    #expect(!finger.isEraser && finger.hoverDistance == 0)
  }

  @Test("pressure, tilt and distance out of range or not finite are clamped or taken as resting")
  func hostileValues() {
    let pen = PenState(pressure: 1.5, tiltX: .nan, tiltY: -200, distance: -.infinity, isEraser: true)
    #expect(pen == PenState(pressure: 1, tiltX: 0, tiltY: -90, distance: 0, isEraser: true))
    var moved = pen
    moved.pressure = .infinity
    #expect(moved.pressure == 0)
    // Lying flat: a lean as long as a double allows, altitude 0, azimuth along -y.
    let flat = pencil(PenState(tiltY: -90))
    #expect(abs(flat.altitudeAngle) < 1e-9 && close(flat.azimuthAngle(in: nil), -.pi / 2))
    #expect(pencil(pen).isEraser && !PenState.isValid(.nan, in: 0...1) && PenState.isValid(1, in: 0...1))
  }

  @Test("a pencil drags like a finger; a pencil-only pan ignores a finger and a finger-only pan the pencil")
  func recognition() {
    let h = Harness()
    let card = h.addView("card", 0, 0, 300, 300)
    let pen = h.addPan("pen-pan", to: card)
    pen.allowedTouchTypes = [.pencil]
    let finger = h.addPan("finger-pan", to: card)
    finger.allowedTouchTypes = [.direct]
    // A finger: only the finger pan.
    h.down(0, 100, 100, at: 0)
    h.move(0, 130, 100, at: 0.01)
    h.up(0, at: 0.02)
    #expect(
      h.transcript.take().filter { !$0.hasPrefix("view") } == [
        "finger-pan began (30,0)", "finger-pan ended (30,0)",
      ])
    // A pencil, its pressure rising: only the pencil pan; the touch carries its pen.
    let id = TouchInput.pencilID(tool: 0)
    h.frame(
      at: 0.1,
      TouchInput(
        kind: .down, id: id, location: Point(x: 100, y: 100), type: .pencil, pen: PenState(pressure: 0.2)))
    h.frame(
      at: 0.11,
      TouchInput(
        kind: .motion, id: id, location: Point(x: 100, y: 140), type: .pencil, pen: PenState(pressure: 0.6)))
    #expect(
      pen.state == .began && pen.trackedTouches.first?.force == 2.4
        && pen.trackedTouches.first?.type == .pencil)
    h.frame(at: 0.12, .up(id, type: .pencil))
    #expect(
      h.transcript.take().filter { !$0.hasPrefix("view") } == [
        "pen-pan began (0,40)", "pen-pan ended (0,40)",
      ])
  }
}
