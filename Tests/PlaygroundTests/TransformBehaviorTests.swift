import GestureKit
import Testing

@testable import Playground

/// A 100x100 "photo" at (100, 100) (center 150, 150) in a 400x400 window, carrying
/// `gestures`.
private func photo(_ gestures: String) -> String {
  """
  {"name": "photo", "size": [400, 400], "views": [
    {"id": "photo", "frame": [100, 100, 100, 100], "gestures": [\(gestures)]}
  ]}
  """
}

private let pinch = #"{"id": "pinch", "kind": "pinch", "behavior": "scale", "simultaneousWith": ["turn"]}"#
private let turn = #"{"id": "turn", "kind": "rotation", "behavior": "rotate"}"#

/// Where window points `a` and `b` fall in the photo's own coordinates.
private func underFingers(_ h: SceneHarness, _ a: Point, _ b: Point) -> [Point] {
  let view = h.installed.views["photo"]!
  return [view.convert(a, from: nil), view.convert(b, from: nil)]
}

/// Two fingers go down 60 px apart, level with the photo's center: over the photo's own
/// points (20, 50) and (80, 50).
private func fingersDown(_ h: SceneHarness) {
  h.send(at: 0.0, .down(0, at: pt(120, 150)), .down(1, at: pt(180, 150)))
}

@Suite("Scale and rotate behaviours")
struct TransformBehaviorTests {
  @Test("a pinch scales the photo about its center and keeps it under the fingers")
  func scaleKeepsThePhotoUnderTheFingers() throws {
    let h = try SceneHarness(photo(#"{"id": "pinch", "kind": "pinch", "behavior": "scale"}"#))
    fingersDown(h)
    h.send(at: 0.05, .motion(0, to: pt(100, 150)), .motion(1, to: pt(200, 150)))  // 100 px apart
    let view = h.installed.views["photo"]!
    #expect(near(view.transform.scale, 100.0 / 60.0) && near(view.transform.rotation, 0))
    #expect(
      zip(underFingers(h, pt(100, 150), pt(200, 150)), [pt(20, 50), pt(80, 50)]).allSatisfy { near($0, $1) })
    h.send(at: 0.1, .up(0), .up(1))
    #expect(near(view.transform.scale, 100.0 / 60.0) && view.center == pt(150, 150))
  }

  @Test("a second pinch multiplies the scale the first one left")
  func pinchesCompose() throws {
    let h = try SceneHarness(photo(#"{"id": "pinch", "kind": "pinch", "behavior": "scale"}"#))
    fingersDown(h)
    h.send(at: 0.05, .motion(0, to: pt(90, 150)), .motion(1, to: pt(210, 150)))  // x2
    h.send(at: 0.1, .up(0), .up(1))
    h.send(at: 1.0, .down(0, at: pt(140, 150)), .down(1, at: pt(160, 150)))
    h.send(at: 1.05, .motion(0, to: pt(120, 150)), .motion(1, to: pt(180, 150)))  // x3
    #expect(near(h.installed.views["photo"]!.transform.scale, 6))
  }

  @Test("a pinch stops where the photo's side is 44 points, and where it spans its superview twice")
  func pinchIsBounded() throws {
    let h = try SceneHarness(photo(#"{"id": "pinch", "kind": "pinch", "behavior": "scale"}"#))
    let view = h.installed.views["photo"]!
    fingersDown(h)
    // 60 px apart down to 3: a twentieth, held at 44 / 100.
    h.send(at: 0.05, .motion(0, to: pt(148.5, 150)), .motion(1, to: pt(151.5, 150)))
    #expect(near(view.transform.scale, 0.44), "\(view.transform.scale)")
    // Back out to 30 apart: the scale follows the fingers again at once (a half).
    h.send(at: 0.1, .motion(0, to: pt(135, 150)), .motion(1, to: pt(165, 150)))
    #expect(near(view.transform.scale, 0.5))
    h.send(at: 0.15, .up(0), .up(1))
    // From a half, 10 px apart to 390: x39 would be 19.5; held at 2 x 400 / 100.
    h.send(at: 1.0, .down(0, at: pt(145, 150)), .down(1, at: pt(155, 150)))
    h.send(at: 1.05, .motion(0, to: pt(0, 150)), .motion(1, to: pt(390, 150)))
    #expect(near(view.transform.scale, 8), "\(view.transform.scale)")
    #expect(ScaleBehavior.scaleRange(of: view, from: 1) == 0.44...8)
    // A view smaller than 44 points is never made smaller; one a scene made bigger than the
    // range allows does not jump.
    let small = View(frame: Rect(x: 0, y: 0, width: 30, height: 200))
    #expect(ScaleBehavior.scaleRange(of: small, from: 1).lowerBound == 1)
    #expect(ScaleBehavior.scaleRange(of: view, from: 20) == 0.44...20)
    #expect(ScaleBehavior.scaleRange(of: View(frame: .zero), from: 1) == 1...1)
    // In a scene shown at a third (a phone), 44 window points are 132 of the scene's: a
    // 100-point photo is not made smaller.
    h.installed.views["photo"]!.superview!.transform = AffineTransform(scaleX: 1.0 / 3, y: 1.0 / 3)
    #expect(ScaleBehavior.scaleRange(of: view, from: 1).lowerBound == 1)
    h.installed.views["photo"]!.superview!.transform = AffineTransform(scaleX: 2, y: 2)
    #expect(near(ScaleBehavior.scaleRange(of: view, from: 1).lowerBound, 0.22))
  }

  @Test("a cancelled pinch puts the scale back to the one at began")
  func cancelledPinch() throws {
    let h = try SceneHarness(photo(#"{"id": "pinch", "kind": "pinch", "behavior": "scale"}"#))
    fingersDown(h)
    h.send(at: 0.05, .motion(0, to: pt(100, 150)), .motion(1, to: pt(200, 150)))
    h.window.cancelAllTouches(at: 0.06)
    #expect(h.installed.views["photo"]!.transform == .identity)
  }

  @Test("a rotation turns the photo about its center and keeps it under the fingers")
  func rotateKeepsThePhotoUnderTheFingers() throws {
    let h = try SceneHarness(photo(turn))
    fingersDown(h)
    h.send(at: 0.05, .motion(0, to: pt(150, 120)), .motion(1, to: pt(150, 180)))  // a quarter turn clockwise
    let view = h.installed.views["photo"]!
    #expect(near(view.transform.rotation, Double.pi / 2) && near(view.transform.scale, 1))
    #expect(
      zip(underFingers(h, pt(150, 120), pt(150, 180)), [pt(20, 50), pt(80, 50)]).allSatisfy { near($0, $1) })
    h.window.cancelAllTouches(at: 0.06)
    #expect(near(view.transform.rotation, 0))
  }

  @Test("pinch and rotation together scale and turn the photo, which stays under the fingers")
  func simultaneousPinchAndRotation() throws {
    let h = try SceneHarness(photo(pinch + ", " + turn))
    let transcript = GestureTranscript(h)
    fingersDown(h)
    h.send(at: 0.05, .motion(0, to: pt(150, 100)), .motion(1, to: pt(150, 200)))  // x5/3, a quarter turn
    let view = h.installed.views["photo"]!
    let first = (view.transform.scale, view.transform.rotation, underFingers(h, pt(150, 100), pt(150, 200)))
    h.send(at: 0.1, .motion(0, to: pt(90, 150)), .motion(1, to: pt(210, 150)))  // x2, back level
    let second = (view.transform.scale, view.transform.rotation, underFingers(h, pt(90, 150), pt(210, 150)))
    h.send(at: 0.15, .up(0), .up(1))
    #expect(transcript.lines.prefix(2).sorted() == ["pinch began", "turn began"])
    #expect(near(first.0, 100.0 / 60.0) && near(first.1, Double.pi / 2))
    #expect(zip(first.2, [pt(20, 50), pt(80, 50)]).allSatisfy { near($0, $1) })
    #expect(near(second.0, 2) && near(second.1, 0))
    #expect(zip(second.2, [pt(20, 50), pt(80, 50)]).allSatisfy { near($0, $1) })
  }
}
