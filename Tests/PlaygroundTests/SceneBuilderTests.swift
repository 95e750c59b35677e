import CairoRenderer
import GestureKit
import Testing

@testable import Playground

/// One 100x100 view `v` at (0, 0) in a 300x300 window carrying `gestures`.
func oneView(_ gestures: String, extra: String = "") -> String {
  """
  {"name": "b", "size": [300, 300], "views": [
    {"id": "v", "frame": [0, 0, 100, 100]\(extra), "gestures": [\(gestures)]}
  ]}
  """
}

@Suite("Scene builder")
struct SceneBuilderTests {
  @Test("views get the scene's ids, geometry, style and flags")
  func viewsAreConfigured() throws {
    let h = try SceneHarness(
      oneView(
        "",
        extra:
          #", "shape": "circle", "label": "L", "alpha": 0.5, "interactive": false, "multipleTouch": true, "exclusiveTouch": true, "clips": true, "hitTest": "shape", "children": [{"id": "c", "frame": [10, 20, 30, 40], "hidden": true}]"#
      ))
    let v = h.installed.views["v"]!
    let c = h.installed.views["c"]!
    #expect(v.identifier == "v" && c.identifier == "c")
    #expect(v.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(c.frame == Rect(x: 10, y: 20, width: 30, height: 40))
    #expect(c.superview === v && v.superview === h.window.rootView)
    #expect(v.style.shape == .circle && v.style.label == "L")
    #expect(v.alpha == 0.5 && !v.isUserInteractionEnabled && v.isMultipleTouchEnabled && v.isExclusiveTouch)
    #expect(v.clipsToBounds && v.hitTestMode == .shape && c.isHidden)
  }

  @Test("recognizers get the gesture's id as name, its kind settings and its flags")
  func recognizersAreConfigured() throws {
    let h = try SceneHarness(
      oneView(
        #"{"id": "p", "kind": "pan", "minTouches": 2, "maxTouches": 4, "enabled": false, "cancelsTouchesInView": false, "delaysTouchesBegan": true, "delaysTouchesEnded": false}"#
      ))
    let pan = try #require(h.installed.recognizers["p"] as? PanGestureRecognizer)
    #expect(pan.name == "p" && pan.view === h.installed.views["v"])
    #expect(pan.minimumNumberOfTouches == 2 && pan.maximumNumberOfTouches == 4)
    #expect(!pan.isEnabled && !pan.cancelsTouchesInView && pan.delaysTouchesBegan && !pan.delaysTouchesEnded)
    #expect(h.installed.kindName(of: pan) == "pan")
    #expect(h.installed.kindName(of: PanGestureRecognizer()) == nil)
  }

  @Test("requireToFail makes a gesture wait for the other, which then wins")
  func requireToFail() throws {
    let h = try SceneHarness(
      oneView(#"{"id": "a", "kind": "pan", "requireToFail": ["b"]}, {"id": "b", "kind": "pan"}"#))
    h.send(at: 0.0, .down(0, at: pt(50, 50)))
    h.send(at: 0.1, .motion(0, to: pt(80, 50)))
    #expect([h.installed.recognizers["a"]!.state, h.installed.recognizers["b"]!.state] == [.failed, .began])
  }

  @Test("simultaneousWith lets both gestures recognize at once")
  func simultaneous() throws {
    let h = try SceneHarness(
      oneView(#"{"id": "a", "kind": "pan"}, {"id": "b", "kind": "pan", "simultaneousWith": ["a"]}"#))
    h.send(at: 0.0, .down(0, at: pt(50, 50)))
    h.send(at: 0.1, .motion(0, to: pt(80, 50)))
    #expect([h.installed.recognizers["a"]!.state, h.installed.recognizers["b"]!.state] == [.began, .began])
  }

  @Test("without simultaneousWith the first pan to begin makes the other fail")
  func exclusiveByDefault() throws {
    let h = try SceneHarness(oneView(#"{"id": "a", "kind": "pan"}, {"id": "b", "kind": "pan"}"#))
    h.send(at: 0.0, .down(0, at: pt(50, 50)))
    h.send(at: 0.1, .motion(0, to: pt(80, 50)))
    #expect([h.installed.recognizers["a"]!.state, h.installed.recognizers["b"]!.state] == [.began, .failed])
  }

  @Test("shape hit testing ignores the corners of a circle's bounds")
  func shapeHitTesting() throws {
    let h = try SceneHarness(oneView("", extra: #", "shape": "circle", "hitTest": "shape""#))
    #expect(h.window.hitTest(pt(50, 50)) === h.installed.views["v"])
    #expect(h.window.hitTest(pt(5, 5)) === h.window.rootView)
  }

  @Test("bounds hit testing includes the corners of a circle's bounds")
  func boundsHitTesting() throws {
    let h = try SceneHarness(oneView("", extra: #", "shape": "circle""#))
    #expect(h.window.hitTest(pt(5, 5)) === h.installed.views["v"])
  }

  @Test("alpha hit testing follows the image's opaque pixels")
  func alphaHitTesting() throws {
    let h = try SceneHarness(oneView(""))
    let view = h.installed.views["v"]!
    let bitmap = Image(width: 2, height: 1)
    // The right pixel is opaque, the left one transparent.
    bitmap.buffer.data.storeBytes(of: UInt32(0xFF00_0000), toByteOffset: 4, as: UInt32.self)
    view.image = bitmap
    view.hitTestMode = .alpha
    #expect(h.window.hitTest(pt(75, 50)) === view)
    #expect(h.window.hitTest(pt(25, 50)) === h.window.rootView)
  }
}
