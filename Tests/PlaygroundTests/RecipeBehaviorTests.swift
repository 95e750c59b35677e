import CairoRenderer
import GestureKit
import Testing

@testable import Playground

/// One view `id` with `extra` keys (a JSON fragment starting with a comma) in a 400x300 scene.
private func oneView(_ id: String, frame: String, _ extra: String = "") -> String {
  #"{"name": "t", "size": [400, 300], "views": [{"id": "\#(id)", "frame": \#(frame)\#(extra)}]}"#
}

/// Taps once at `point` at time `t` (held 50 ms).
private func tap(_ h: SceneHarness, at t: Double, _ point: Point, id: Int = 0) {
  h.send(at: t, .down(id, at: point))
  h.send(at: t + 0.05, .up(id))
}

@Suite("Scene hint")
struct SceneHintTests {
  @Test("hint is read when present and nil when absent")
  func readsHint() throws {
    let with = try Scene(json: #"{"name": "a", "size": [10, 10], "hint": "Drag it"}"#, fileName: "t.json")
    let without = try Scene(json: #"{"name": "a", "size": [10, 10]}"#, fileName: "t.json")
    #expect(with.hint == "Drag it")
    #expect(without.hint == nil)
  }

  @Test("a hint with a line break or of another type is rejected at its key")
  func rejectsBadHints() {
    for (value, message) in [
      (#""one\ntwo""#, "t.json: hint: a hint is one line: no line breaks"),
      ("3", "t.json: hint: expected a string, got a number"),
    ] {
      #expect(throws: SceneError.self) {
        _ = try Scene(json: #"{"name": "a", "size": [10, 10], "hint": \#(value)}"#, fileName: "t.json")
      }
      do {
        _ = try Scene(json: #"{"name": "a", "size": [10, 10], "hint": \#(value)}"#, fileName: "t.json")
      } catch {
        #expect(error.description == message)
      }
    }
  }
}

@Suite("Direct drag (touchHandler drag)")
struct DirectDragTests {
  /// "a" (center 100, 100) below "b" (center 150, 150), both dragging themselves.
  private let scene = """
    {"name": "t", "size": [400, 300], "views": [
      {"id": "a", "frame": [50, 50, 100, 100], "touchHandler": "drag"},
      {"id": "b", "frame": [100, 100, 100, 100], "touchHandler": "drag"}]}
    """

  @Test("the view keeps the finger's offset and pops to the front on touch down")
  func keepsOffset() throws {
    let h = try SceneHarness(scene)
    h.send(at: 0, .down(0, at: pt(60, 70)))
    #expect(h.order == ["b", "a"])
    h.send(at: 0.016, .motion(0, to: pt(90, 80)))
    #expect(h.center("a") == pt(130, 110))
    h.send(at: 0.032, .motion(0, to: pt(200, 250)))
    h.send(at: 0.048, .up(0))
    #expect(h.center("a") == pt(240, 280))
    #expect(h.installed.recognizers.isEmpty)
  }

  @Test("a cancelled touch puts the view back where the drag started")
  func cancelReturns() throws {
    let h = try SceneHarness(scene)
    h.send(at: 0, .down(0, at: pt(160, 160)))
    h.send(at: 0.016, .motion(0, to: pt(260, 200)))
    #expect(h.center("b") == pt(250, 190))
    h.window.cancelAllTouches(at: 0.03)
    #expect(h.center("b") == pt(150, 150))
  }

  @Test("an unknown touchHandler is rejected with the allowed values")
  func unknownHandler() {
    do {
      _ = try Scene(
        json: oneView("a", frame: "[0, 0, 10, 10]", #", "touchHandler": "dragg""#), fileName: "t.json")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description
          == #"t.json: views[0].touchHandler: unknown value "dragg" (expected one of \#(ViewTouchHandler.allCases.map(\.rawValue).joined(separator: ", ")))"#
      )
    }
  }
}

@Suite("Active touches view (touchHandler showTouches)")
struct ActiveTouchesViewTests {
  @Test("the view is a custom-drawing view that redraws on every touch change")
  func redraws() throws {
    let h = try SceneHarness(
      oneView("pad", frame: "[0, 0, 400, 300]", #", "multipleTouch": true, "touchHandler": "showTouches""#))
    let pad = try #require(h.installed.views["pad"] as? ActiveTouchesView)
    #expect((pad as AnyObject) is CustomDrawing)
    h.window.needsDisplay = false
    h.send(at: 0, .down(0, at: pt(10, 10)), .down(1, at: pt(30, 50)))
    #expect(h.window.needsDisplay)
    #expect(h.window.activeTouches.map(\.id) == [0, 1])
    h.window.needsDisplay = false
    h.send(at: 0.1, .up(0))
    #expect(h.window.needsDisplay)
  }

  @Test("each touch change damages only what changed, and repairing it equals a full repaint")
  func targetedDamage() throws {
    let h = try SceneHarness(
      oneView("pad", frame: "[0, 0, 400, 300]", #", "multipleTouch": true, "touchHandler": "showTouches""#))
    let size = (width: Int(h.window.size.width), height: Int(h.window.size.height))
    let screen = Image(width: size.width, height: size.height)
    let renderer = Renderer()
    renderer.render(h.window, background: .black, into: screen.buffer, scale: 1)
    let tracker = DamageTracker()
    _ = tracker.takeMergedDamage(of: h.window)
    let steps: [[TouchInput]] = [
      [.down(0, at: pt(100, 100))], [.motion(0, to: pt(104, 103))], [.down(1, at: pt(300, 200))],
      [.motion(1, to: pt(290, 190))], [.up(0)], [.up(1)],
    ]
    for (index, touches) in steps.enumerated() {
      h.window.send(InputFrame(timestamp: Double(index + 1) / 10, touches: touches))
      let damage = tracker.takeMergedDamage(of: h.window)
      let area = damage.reduce(0) { $0 + $1.width * $1.height }
      #expect(area < 400 * 300 / 2, "step \(index): damage \(damage)")
      renderer.render(h.window, background: .black, into: screen.buffer, scale: 1, damage: damage)
      let reference = Image(width: size.width, height: size.height)
      Renderer().render(h.window, background: .black, into: reference.buffer, scale: 1)
      let same = (0..<size.height).allSatisfy { y in
        (0..<size.width).allSatisfy { x in screen.pixel(x: x, y: y) == reference.pixel(x: x, y: y) }
      }
      #expect(same, "step \(index)")
      #expect(h.window.changes.isEmpty, "step \(index): changed while drawing")
    }
  }

  @Test("the centroid is the mean of the points, nil for none")
  func centroid() {
    #expect(ActiveTouchesView.centroid(of: []) == nil)
    #expect(ActiveTouchesView.centroid(of: [pt(0, 0), pt(30, 0), pt(0, 60)]) == pt(10, 20))
  }

  @Test("the drawing of many touches renders without trouble")
  func renders() throws {
    let h = try SceneHarness(
      oneView("pad", frame: "[0, 0, 400, 300]", #", "multipleTouch": true, "touchHandler": "showTouches""#))
    h.send(at: 0, .down(0, at: pt(100, 100)), .down(1, at: pt(300, 100)), .down(2, at: pt(200, 250)))
    let image = Image(width: 400, height: 300)
    Renderer().render(h.window, background: .black, into: image.buffer, scale: 1)
    // The centroid (200, 150) gets the yellow cross.
    let pixel = image.pixel(x: 200, y: 150)
    #expect(pixel.r > 200 && pixel.g > 180)
  }
}

@Suite("Counter, reset and resetScene behaviours")
struct CounterAndResetTests {
  private let scene = """
    {"name": "t", "size": [400, 300], "views": [
      {"id": "lamp", "frame": [0, 0, 100, 100], "label": "Lamp", "gestures": [
        {"id": "lamp-tap", "kind": "tap", "behavior": "toggle", "requireToFail": ["lamp-double"]},
        {"id": "lamp-double", "kind": "tap", "taps": 2, "behavior": "reset"}]},
      {"id": "counter", "frame": [200, 0, 100, 100], "label": "Taps: {count}", "gestures": [
        {"id": "counter-tap", "kind": "tap", "behavior": "count"}]},
      {"id": "plain", "frame": [0, 200, 100, 100], "label": "Hits", "gestures": [
        {"id": "plain-tap", "kind": "tap", "behavior": "count"}]},
      {"id": "reset", "frame": [300, 200, 100, 100], "gestures": [
        {"id": "reset-tap", "kind": "tap", "behavior": "resetScene"}]}]}
    """

  @Test("count replaces {count} in the label, or adds a line when there is none")
  func counts() throws {
    let h = try SceneHarness(scene)
    #expect(h.installed.views["counter"]!.style.label == "Taps: 0")
    #expect(h.installed.views["plain"]!.style.label == "Hits\n0")
    tap(h, at: 0, pt(250, 50))
    tap(h, at: 1, pt(250, 50))
    tap(h, at: 2, pt(50, 250))
    #expect(h.installed.views["counter"]!.count == 2)
    #expect(h.installed.views["counter"]!.style.label == "Taps: 2")
    #expect(h.installed.views["plain"]!.style.label == "Hits\n1")
  }

  @Test("a single tap toggles once the double tap failed; a double tap resets")
  func toggleThenReset() throws {
    let h = try SceneHarness(scene)
    let lamp = h.installed.views["lamp"]!
    tap(h, at: 0, pt(50, 50))
    h.clock.advance(to: 0.5)
    #expect(lamp.isHighlighted)
    tap(h, at: 1, pt(50, 50))
    tap(h, at: 1.15, pt(50, 50))
    #expect(!lamp.isHighlighted)
    #expect(lamp.style.label == "Lamp")
  }

  @Test("restore puts back frame, transform, counter, highlight and sibling order")
  func restore() throws {
    let h = try SceneHarness(scene)
    let counter = h.installed.views["counter"]!
    counter.count = 5
    counter.toggleHighlight()
    counter.center = pt(10, 10)
    counter.transform = AffineTransform(scaleX: 2, y: 2)
    h.window.rootView.sendSubviewToBack(counter)
    counter.restore()
    #expect(counter.frame == Rect(x: 200, y: 0, width: 100, height: 100))
    #expect(counter.transform.isIdentity)
    #expect(counter.style.label == "Taps: 0")
    #expect(!counter.isHighlighted)
    #expect(h.order == ["lamp", "counter", "plain", "reset"])
  }

  @Test("resetScene brings every view of the scene back, children included")
  func resetScene() throws {
    let h = try SceneHarness(scene)
    h.installed.views["lamp"]!.center = pt(300, 300)
    h.installed.views["plain"]!.count = 3
    h.window.rootView.bringSubviewToFront(h.installed.views["lamp"]!)
    tap(h, at: 0, pt(350, 250))
    #expect(h.center("lamp") == pt(50, 50))
    #expect(h.installed.views["plain"]!.count == 0)
    #expect(h.order == ["lamp", "counter", "plain", "reset"])
  }

  @Test("count, reset and resetScene are refused on kinds they do not work with")
  func kinds() {
    for behavior in ["count", "reset", "resetScene"] {
      #expect(throws: SceneError.self) {
        _ = try Scene(
          json: oneView(
            "a", frame: "[0, 0, 10, 10]",
            #", "gestures": [{"id": "g", "kind": "pan", "behavior": "\#(behavior)"}]"#),
          fileName: "t.json")
      }
    }
  }
}

@Suite("Verdict behaviour")
struct VerdictBehaviorTests {
  private let scene = oneView(
    "pad", frame: "[0, 0, 400, 300]",
    #", "label": "Draw", "gestures": [{"id": "c", "kind": "circle", "behavior": "verdict"}]"#
  )

  /// Draws a one-finger stroke through `points`, 16 ms apart, from time `t`.
  private func stroke(_ h: SceneHarness, _ points: [Point], at t: Double) {
    h.send(at: t, .down(0, at: points[0]))
    for (i, point) in points.dropFirst().enumerated() {
      h.send(at: t + 0.016 * Double(i + 1), .motion(0, to: point))
    }
    h.send(at: t + 0.016 * Double(points.count), .up(0))
  }

  private var circle: [Point] {
    (0...24).map { i in
      let angle = 2 * Double.pi * Double(i) / 24
      return pt(200 + 100 * Trigonometry.cos(angle), 150 + 100 * Trigonometry.sin(angle))
    }
  }

  @Test("a circle shows the success label in the highlight colour")
  func success() throws {
    let h = try SceneHarness(scene)
    stroke(h, circle, at: 0)
    let pad = h.installed.views["pad"]!
    #expect(pad.style.label == "Circle!\nradius 100")
    #expect(pad.style.stroke == SceneView.highlightStroke)
  }

  @Test("another stroke shows the failure; the next touch down clears it")
  func failureThenClear() throws {
    let h = try SceneHarness(scene)
    let pad = h.installed.views["pad"]!
    stroke(h, (0...10).map { pt(50 + 25 * Double($0), 150) }, at: 0)
    #expect(pad.style.label == VerdictBehavior.failureLabel)
    #expect(pad.style.stroke == VerdictBehavior.failureStroke)
    h.send(at: 1, .down(0, at: pt(20, 20)))
    #expect(pad.style.label == "Draw")
    #expect(pad.style.stroke == nil)
  }

  @Test("a circle after a failure replaces the failure with the success")
  func failureThenSuccess() throws {
    let h = try SceneHarness(scene)
    stroke(h, (0...10).map { pt(50 + 25 * Double($0), 150) }, at: 0)
    stroke(h, circle, at: 1)
    #expect(h.installed.views["pad"]!.style.label == "Circle!\nradius 100")
  }
}
