import GestureKit
import Testing

@testable import Playground

/// A logging pad with a double-tap, and a button flipping each of its delivery flags.
private let labScene = """
  {"name": "d", "size": [800, 400], "views": [
    {"id": "pad", "frame": [0, 0, 400, 400], "touchHandler": "touchLog",
     "gestures": [{"id": "double", "kind": "tap", "taps": 2}]},
    {"id": "cancels", "frame": [500, 0, 200, 50],
     "gestures": [{"id": "c", "kind": "tap", "behavior": "flag", "target": "double", "flag": "cancelsTouchesInView"}]},
    {"id": "began", "frame": [500, 100, 200, 50],
     "gestures": [{"id": "b", "kind": "tap", "behavior": "flag", "target": "double", "flag": "delaysTouchesBegan"}]},
    {"id": "ended", "frame": [500, 200, 200, 50],
     "gestures": [{"id": "e", "kind": "tap", "behavior": "flag", "target": "double", "flag": "delaysTouchesEnded"}]}]}
  """

/// The pad's log lines without their times.
private func entries(_ h: SceneHarness) -> [String] {
  (h.installed.views["pad"] as! TouchLogView).lines.map { line in
    String(line.drop { $0 != " " }.drop { $0 == " " })
  }
}

/// A double tap on the pad starting at `t`.
private func doubleTap(_ h: SceneHarness, at t: Double) {
  h.tap(at: t, 200, 200, id: 0)
  h.tap(at: t + 0.2, 200, 200, id: 1)
}

@Suite("Delivery lab")
struct DeliveryLabTests {
  @Test("each line shows the seconds since the log's first, to the millisecond, not the seat's clock")
  func lineTimes() throws {
    let h = try SceneHarness(labScene)
    h.tap(at: 86_400.25, 200, 200, id: 0)
    h.tap(at: 86_400.402, 200, 200, id: 1)
    let times = (h.installed.views["pad"] as! TouchLogView).lines.map { String($0.prefix { $0 != " " }) }
    #expect(times == ["0.000", "0.152", "0.202", "0.202"])
    #expect(TouchLogView.seconds(61.0005) == "61.001")
    #expect(TouchLogView.seconds(-3) == "0.000")
    #expect(TouchLogView.seconds(.nan) == "0.000")
    #expect(TouchLogView.seconds(.infinity) == "0.000")
    #expect(TouchLogView.seconds(1e300) == "1000000000.000")
  }

  @Test("the buttons show the initial flags: cancels on, delays began off, delays ended on")
  func initialLabels() throws {
    let h = try SceneHarness(labScene)
    #expect(h.installed.views["cancels"]!.style.label == "cancelsTouchesInView: on")
    #expect(h.installed.views["began"]!.style.label == "delaysTouchesBegan: off")
    #expect(h.installed.views["ended"]!.style.label == "delaysTouchesEnded: on")
    #expect(h.installed.views["ended"]!.isHighlighted)
    #expect(!h.installed.views["began"]!.isHighlighted)
  }

  @Test("with delaysTouchesEnded the pad sees began, began, cancelled, cancelled, before the action")
  func delaysEnded() throws {
    let h = try SceneHarness(labScene)
    doubleTap(h, at: 0)
    #expect(
      entries(h) == ["touchesBegan [0]", "touchesBegan [1]", "touchesCancelled [0,1]", "double recognized"])
  }

  @Test("a tap on a button flips its flag, shows it, and changes what the pad sees")
  func toggleEnded() throws {
    let h = try SceneHarness(labScene)
    h.tap(at: 0, 600, 225)
    let recognizer = h.installed.recognizers["double"]!
    #expect(!recognizer.delaysTouchesEnded)
    #expect(h.installed.views["ended"]!.style.label == "delaysTouchesEnded: off")
    #expect(!h.installed.views["ended"]!.isHighlighted)
    doubleTap(h, at: 1)
    #expect(
      entries(h) == [
        "— delaysTouchesEnded off", "touchesBegan [0]", "touchesEnded [0]", "touchesBegan [1]",
        "touchesCancelled [1]", "double recognized",
      ])
  }

  @Test("with delaysTouchesBegan a recognized double tap reaches the pad not at all")
  func toggleBegan() throws {
    let h = try SceneHarness(labScene)
    h.tap(at: 0, 600, 125)
    #expect(h.installed.recognizers["double"]!.delaysTouchesBegan)
    doubleTap(h, at: 1)
    #expect(entries(h) == ["— delaysTouchesBegan on", "double recognized"])
  }

  @Test("with neither cancelling nor delaying, the pad's touches end normally, after the action")
  func toggleCancels() throws {
    let h = try SceneHarness(labScene)
    h.tap(at: 0, 600, 25)
    h.tap(at: 0.5, 600, 225)
    doubleTap(h, at: 1)
    #expect(
      Array(entries(h).suffix(5)) == [
        "touchesBegan [0]", "touchesEnded [0]", "touchesBegan [1]", "double recognized", "touchesEnded [1]",
      ])
  }
}
