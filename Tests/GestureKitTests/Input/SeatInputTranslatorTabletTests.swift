import Testing

@testable import GestureKit

/// Tablet tools through the translator (SeatInputTranslator+Tablet.swift): a 400 x 400 window
/// with "card" at (0,0,100,100) carrying pan "pan" and hover "hover".
private final class TabletHarness {
  let harness = Harness()
  let translator: SeatInputTranslator
  let hover = HoverGestureRecognizer()
  var warnings: [String] = []

  init() {
    let card = harness.addView("card", 0, 0, 100, 100)
    harness.addPan("pan", to: card)
    hover.name = "hover"
    card.addGestureRecognizer(hover)
    translator = SeatInputTranslator(window: harness.window)
    translator.onWarning = { [unowned self] in warnings.append($0) }
  }

  func send(_ time: Double, _ events: SeatEvent...) {
    harness.clock.advance(to: time)
    for event in events { translator.handle(event, at: time) }
  }

  func take() -> [String] { harness.transcript.take() }
}

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

@Suite("Seat input translator: tablet tools")
struct SeatInputTranslatorTabletTests {
  private let pen = TouchInput.pencilID(tool: 7)

  @Test(
    "a pen near the card hovers; its tip down is a pencil touch with its pressure and tilt; it lifts and leaves"
  )
  func penStroke() {
    let h = TabletHarness()
    h.send(0, .tabletProximityIn(tool: 7, kind: .pen), .tabletMotion(tool: 7, location: p(50, 50)))
    #expect(h.take() == [], "nothing before the tool's frame")
    h.send(0, .tabletDistance(tool: 7, distance: 0.3), .tabletFrame(tool: 7))
    #expect(h.take() == ["hover began"] && h.hover.state == .began)
    #expect(h.hover.zOffset == 0.3 && h.hover.pen?.distance == 0.3, "a pen's hover has its distance")
    // Closer, the same place: the hover changes with the new distance.
    h.send(0.005, .tabletDistance(tool: 7, distance: 0.1), .tabletFrame(tool: 7))
    #expect(h.take() == ["hover changed"] && h.hover.zOffset == 0.1)
    h.send(0.01, .tabletDown(tool: 7), .tabletPressure(tool: 7, pressure: 0.25), .tabletFrame(tool: 7))
    let touch = h.harness.window.activeTouches.first
    #expect(touch?.type == .pencil && touch?.id == pen && touch?.force == 1 && touch?.hoverDistance == 0)
    #expect(h.take() == ["view card touchesBegan [\(pen)]"])
    h.send(
      0.02, .tabletMotion(tool: 7, location: p(70, 50)), .tabletPressure(tool: 7, pressure: 0.5),
      .tabletTilt(tool: 7, x: 45, y: 0), .tabletFrame(tool: 7))
    #expect(abs((touch?.altitudeAngle ?? 0) - .pi / 4) < 1e-9 && touch?.force == 2)
    #expect(h.take() == ["pan began (20,0)", "view card touchesCancelled [\(pen)]"])
    // A change of pressure alone is a move, as UIKit reports a change of force.
    h.send(0.03, .tabletPressure(tool: 7, pressure: 0.75), .tabletFrame(tool: 7))
    #expect(touch?.force == 3 && h.take() == ["pan changed (20,0)"])
    h.send(0.04, .tabletUp(tool: 7), .tabletFrame(tool: 7))
    #expect(h.take() == ["pan ended (20,0)"] && !h.translator.hasActiveInput)
    h.send(0.05, .tabletProximityOut(tool: 7), .tabletFrame(tool: 7))
    #expect(h.hover.state == .possible, "the hover ended when the pen left: \(h.take())")
    #expect(h.warnings.isEmpty, "\(h.warnings)")
  }

  @Test("an eraser's touches are erasers")
  func eraser() {
    let h = TabletHarness()
    h.send(0, .tabletProximityIn(tool: 2, kind: .eraser), .tabletMotion(tool: 2, location: p(40, 40)))
    h.send(0, .tabletDown(tool: 2), .tabletFrame(tool: 2))
    #expect(h.harness.window.activeTouches.first?.isEraser == true)
  }

  @Test("a tip down from a tool that never came near, or that has no place yet, is dropped with one line")
  func downWithoutProximity() {
    let h = TabletHarness()
    h.send(0, .tabletDown(tool: 3), .tabletMotion(tool: 3, location: p(10, 10)), .tabletFrame(tool: 3))
    #expect(h.harness.window.activeTouches.isEmpty)
    h.send(0.1, .tabletProximityIn(tool: 4, kind: .pen), .tabletDown(tool: 4), .tabletFrame(tool: 4))
    #expect(h.harness.window.activeTouches.isEmpty)
    #expect(h.warnings.count == 2 && h.warnings.allSatisfy { !$0.contains("\n") }, "\(h.warnings)")
    #expect(h.warnings[0].contains("never came near") && h.warnings[1].contains("not moved onto"))
  }

  @Test("a tool that leaves or is taken away with its tip down has its touch cancelled")
  func leavingMidStroke() {
    for removed in [false, true] {
      let h = TabletHarness()
      h.send(0, .tabletProximityIn(tool: 1, kind: .pen), .tabletMotion(tool: 1, location: p(50, 50)))
      h.send(0, .tabletDown(tool: 1), .tabletFrame(tool: 1))
      h.send(0.01, .tabletMotion(tool: 1, location: p(80, 50)), .tabletFrame(tool: 1))
      _ = h.take()
      if removed {
        h.send(0.02, .tabletToolRemoved(tool: 1))
      } else {
        h.send(0.02, .tabletProximityOut(tool: 1), .tabletFrame(tool: 1))
      }
      #expect(h.take() == ["pan cancelled (30,0)"], "removed \(removed)")
      #expect(h.harness.window.activeTouches.isEmpty && !h.translator.hasActiveInput)
      #expect(h.warnings.count == 1 && !h.warnings[0].contains("\n"), "\(h.warnings)")
    }
  }

  @Test("pressure, distance and tilt out of range or not finite are clamped with one line each")
  func hostileValues() {
    let h = TabletHarness()
    h.send(0, .tabletProximityIn(tool: 1, kind: .pen), .tabletMotion(tool: 1, location: p(50, 50)))
    h.send(
      0, .tabletDown(tool: 1), .tabletPressure(tool: 1, pressure: 7), .tabletTilt(tool: 1, x: .nan, y: 300),
      .tabletDistance(tool: 1, distance: -.infinity), .tabletFrame(tool: 1))
    let touch = h.harness.window.activeTouches.first
    #expect(touch?.pen == PenState(pressure: 1, tiltX: 0, tiltY: 90, distance: 0))
    #expect(h.warnings.count == 4 && h.warnings.allSatisfy { $0.hasPrefix("clamped ") && !$0.contains("\n") })
    h.send(0.01, .tabletMotion(tool: 1, location: p(.infinity, 3)), .tabletFrame(tool: 1))
    #expect(touch?.locationInWindow == p(50, 50) && h.warnings.count == 5)
  }
}
