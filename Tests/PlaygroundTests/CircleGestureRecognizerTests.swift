import GestureKit
import Testing

@testable import Playground

/// A 400x400 drawing pad `pad` filling the window, with the circle gesture `circle` doing
/// `behavior`.
private func pad(_ behavior: String = "none") -> String {
  """
  {"name": "pad", "size": [400, 400], "views": [
    {"id": "pad", "frame": [0, 0, 400, 400], "gestures": [{"id": "circle", "kind": "circle", "behavior": "\(behavior)"}]}
  ]}
  """
}

/// Draws `points` with finger 0, one frame every 16 ms, lifting at the last point.
private func draw(_ points: [Point]) throws -> (SceneHarness, GestureTranscript) {
  let h = try SceneHarness(pad())
  let transcript = GestureTranscript(h)
  var t = 0.0
  h.send(at: t, .down(0, at: points[0]))
  for point in points.dropFirst() {
    t += 0.016
    h.send(at: t, .motion(0, to: point))
  }
  h.send(at: t + 0.016, .up(0))
  return (h, transcript)
}

/// `count + 1` points around a circle of `radius` about (200, 200) from angle 0 to
/// `turn` (radians; negative is counter-clockwise on screen), the radius wobbling by up to
/// 6 px (a fixed, irregular pattern of hand tremor).
private func arc(radius: Double = 100, turn: Double = 2 * Double.pi, count: Int = 48) -> [Point] {
  (0...count).map { index in
    let angle = turn * Double(index) / Double(count)
    let wobble = 4 * Trigonometry.sin(7 * angle) + 2 * Trigonometry.cos(13 * angle + 1)
    return pt(
      200 + (radius + wobble) * Trigonometry.cos(angle), 200 + (radius + wobble) * Trigonometry.sin(angle))
  }
}

@Suite("Circle gesture recognizer")
struct CircleGestureRecognizerTests {
  @Test("a circle drawn clockwise with a shaky finger is recognized when the finger lifts")
  func clockwiseCircle() throws {
    let (h, transcript) = try draw(arc())
    #expect(transcript.lines == ["circle recognized"])
    #expect(h.installed.recognizers["circle"]!.isDiscrete)
  }

  @Test("the action sees the circle's center and radius")
  func centerAndRadius() throws {
    let h = try SceneHarness(pad())
    let circle = try #require(h.installed.recognizers["circle"] as? CircleGestureRecognizer)
    var seen: [(Point, Double)] = []
    circle.addTarget { recognizer in
      let circle = recognizer as! CircleGestureRecognizer
      seen.append((circle.location(in: nil), circle.radius))
    }
    let points = arc(radius: 80)
    h.send(at: 0, .down(0, at: points[0]))
    for (index, point) in points.enumerated().dropFirst() {
      h.send(at: 0.016 * Double(index), .motion(0, to: point))
    }
    h.send(at: 1, .up(0))
    #expect(seen.count == 1)
    #expect(near(seen[0].0, pt(200, 200), 3) && near(seen[0].1, 80, 3))
  }

  @Test("a circle drawn counter-clockwise, starting a little off where it ends, is recognized too")
  func counterClockwiseCircle() throws {
    #expect(try draw(Array(arc(turn: -1.9 * Double.pi))).1.lines == ["circle recognized"])
  }

  @Test("a straight line fails")
  func line() throws {
    let points = (0...30).map { pt(50 + 10 * Double($0), 200) }
    #expect(try draw(points).1.lines == ["circle failed"])
  }

  @Test("a zigzag fails")
  func zigzag() throws {
    let points = (0...30).map { pt(50 + 10 * Double($0), $0 % 2 == 0 ? 170 : 230) }
    #expect(try draw(points).1.lines == ["circle failed"])
  }

  @Test("a closed zigzag around a square's corners fails: not round")
  func closedZigzag() throws {
    let corners = [pt(100, 100), pt(300, 300), pt(300, 100), pt(100, 300)]
    let points = (0...24).map { corners[$0 % 4] }
    #expect(try draw(points).1.lines == ["circle failed"])
  }

  @Test("a half circle fails: it does not close")
  func halfCircle() throws {
    #expect(try draw(arc(turn: Double.pi, count: 24)).1.lines == ["circle failed"])
  }

  @Test("going around twice fails")
  func twoTurns() throws {
    #expect(try draw(arc(turn: 4 * Double.pi, count: 96)).1.lines == ["circle failed"])
  }

  @Test("a stroke longer than the most points a circle may have fails as it passes them")
  func endlessStroke() throws {
    // A slow circle of 2,400 points still counts; one of 2,401 fails before the finger lifts.
    #expect(try draw(arc(count: 2399)).1.lines == ["circle recognized"])
    let h = try SceneHarness(pad())
    let transcript = GestureTranscript(h)
    let points = arc(count: 2400)
    h.send(at: 0, .down(0, at: points[0]))
    for (index, point) in points.enumerated().dropFirst() {
      h.send(at: 0.008 * Double(index), .motion(0, to: point))
    }
    #expect(transcript.lines == ["circle failed"])
  }

  @Test("a tiny circle fails")
  func tinyCircle() throws {
    #expect(try draw(arc(radius: 10)).1.lines == ["circle failed"])
  }

  @Test("a second finger fails the circle")
  func secondFinger() throws {
    let h = try SceneHarness(pad())
    let transcript = GestureTranscript(h)
    let points = arc()
    h.send(at: 0, .down(0, at: points[0]))
    h.send(at: 0.016, .motion(0, to: points[1]))
    h.send(at: 0.032, .down(1, at: pt(200, 200)))
    #expect(transcript.lines == ["circle failed"])
  }

  @Test("a drawn circle toggles the pad's highlight")
  func toggles() throws {
    let h = try SceneHarness(pad("toggle"))
    let points = arc()
    h.send(at: 0, .down(0, at: points[0]))
    for (index, point) in points.enumerated().dropFirst() {
      h.send(at: 0.016 * Double(index), .motion(0, to: point))
    }
    h.send(at: 1, .up(0))
    #expect(h.installed.views["pad"]!.isHighlighted)
  }
}
