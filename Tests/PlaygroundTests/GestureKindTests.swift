import GestureKit
import Testing

@testable import Playground

/// The recognizer built for the only gesture `g` of a one-view scene, given the gesture's
/// keys after `"id": "g"`.
private func built(_ keys: String) throws -> (GestureRecognizer, InstalledScene) {
  let h = try SceneHarness(oneView(#"{"id": "g", "# + keys + "}"))
  return (h.installed.recognizers["g"]!, h.installed)
}

@Suite("Gesture kinds")
struct GestureKindTests {
  @Test("a tap gets its taps and touches, and the defaults 1 and 1")
  func tap() throws {
    let (configured, scene) = try built(#""kind": "tap", "taps": 2, "touches": 3"#)
    let tap = try #require(configured as? TapGestureRecognizer)
    #expect([tap.numberOfTapsRequired, tap.numberOfTouchesRequired] == [2, 3])
    #expect(scene.kindName(of: tap) == "tap")
    let plain = try #require(try built(#""kind": "tap""#).0 as? TapGestureRecognizer)
    #expect([plain.numberOfTapsRequired, plain.numberOfTouchesRequired] == [1, 1])
  }

  @Test("a long press gets its duration, movement, taps and touches, and UIKit's defaults")
  func longPress() throws {
    let (configured, scene) = try built(
      #""kind": "longPress", "minimumPressDuration": 1.25, "allowableMovement": 30, "taps": 1, "touches": 2"#)
    let press = try #require(configured as? LongPressGestureRecognizer)
    #expect(press.minimumPressDuration == 1.25 && press.allowableMovement == 30)
    #expect([press.numberOfTapsRequired, press.numberOfTouchesRequired] == [1, 2])
    #expect(scene.kindName(of: press) == "longPress")
    let plain = try #require(try built(#""kind": "longPress""#).0 as? LongPressGestureRecognizer)
    #expect(plain.minimumPressDuration == 0.5 && plain.allowableMovement == 10)
    #expect([plain.numberOfTapsRequired, plain.numberOfTouchesRequired] == [0, 1])
  }

  @Test("a pan gets its scroll types; none by default")
  func panScrollTypes() throws {
    let (configured, scene) = try built(#""kind": "pan", "scrollTypes": ["continuous", "discrete"]"#)
    let pan = try #require(configured as? PanGestureRecognizer)
    #expect(pan.scrollTypes == [.discrete, .continuous] && scene.kindName(of: pan) == "pan")
    let wheel = try #require(
      try built(#""kind": "pan", "scrollTypes": ["discrete"]"#).0 as? PanGestureRecognizer)
    #expect(wheel.scrollTypes == .discrete)
    #expect(try #require(try built(#""kind": "pan""#).0 as? PanGestureRecognizer).scrollTypes == [])
    let spec = try load(sceneJSON(gestures: #"{"id": "g", "kind": "pan", "scrollTypes": ["discrete"]}"#))
    #expect(
      spec.views[0].gestures[0].kind
        == .pan(minimumNumberOfTouches: 1, maximumNumberOfTouches: .max, scrollTypes: ["discrete"]))
  }

  @Test("a screen-edge pan gets its edges, from a list or from \"all\"")
  func screenEdgePan() throws {
    let (listed, scene) = try built(#""kind": "screenEdgePan", "edges": ["left", "bottom"]"#)
    let pan = try #require(listed as? ScreenEdgePanGestureRecognizer)
    #expect(pan.edges == [.left, .bottom])
    #expect(scene.kindName(of: pan) == "screenEdgePan")
    let all = try #require(
      try built(#""kind": "screenEdgePan", "edges": "all""#).0 as? ScreenEdgePanGestureRecognizer)
    #expect(all.edges == .all)
  }

  @Test("a swipe gets one direction or a list of them, and its touches; right and 1 by default")
  func swipe() throws {
    let (configured, scene) = try built(#""kind": "swipe", "direction": "up", "touches": 2"#)
    let swipe = try #require(configured as? SwipeGestureRecognizer)
    #expect(swipe.direction == .up && swipe.numberOfTouchesRequired == 2)
    #expect(scene.kindName(of: swipe) == "swipe")
    let both = try #require(
      try built(#""kind": "swipe", "direction": ["left", "right"]"#).0 as? SwipeGestureRecognizer)
    #expect(both.direction == [.left, .right] && both.numberOfTouchesRequired == 1)
    let plain = try #require(try built(#""kind": "swipe""#).0 as? SwipeGestureRecognizer)
    #expect(plain.direction == .right)
  }

  @Test("pinch, rotation, hover and circle build their recognizers and log their kind")
  func settingless() throws {
    var names: [String?] = []
    for kind in ["pinch", "rotation", "hover", "circle"] {
      let (recognizer, scene) = try built(#""kind": ""# + kind + #"""#)
      names.append(scene.kindName(of: recognizer))
    }
    #expect(names == ["pinch", "rotation", "hover", "circle"])
    #expect(try built(#""kind": "pinch""#).0 is PinchGestureRecognizer)
    #expect(try built(#""kind": "rotation""#).0 is RotationGestureRecognizer)
    #expect(try built(#""kind": "hover""#).0 is HoverGestureRecognizer)
    #expect(try built(#""kind": "circle""#).0 is CircleGestureRecognizer)
  }

  @Test("the loaded description keeps the kind's settings")
  func loadedKinds() throws {
    let scene = try load(
      sceneJSON(
        gestures: #"""
          {"id": "t", "kind": "tap", "taps": 2}, {"id": "s", "kind": "swipe", "direction": ["up", "down"]},
          {"id": "e", "kind": "screenEdgePan", "edges": "right"}, {"id": "c", "kind": "circle"}
          """#))
    #expect(
      scene.views[0].gestures.map(\.kind) == [
        .tap(taps: 2, touches: 1), .swipe(direction: [.up, .down], touches: 1), .screenEdgePan(edges: .right),
        .circle,
      ])
  }

  static let rejections: [SceneLoaderTests.Rejection] = [
    .init(
      "tap with a pan setting", sceneJSON(gestures: #"{"id": "g", "kind": "tap", "minTouches": 2}"#),
      #"t.json: views[0].gestures[0].minTouches: not a setting of tap (tap takes taps, touches)"#),
    .init(
      "pan with a tap setting", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "touches": 2}"#),
      #"t.json: views[0].gestures[0].touches: not a setting of pan (pan takes minTouches, maxTouches, scrollTypes)"#
    ),
    .init(
      "swipe with edges", sceneJSON(gestures: #"{"id": "g", "kind": "swipe", "edges": "all"}"#),
      #"t.json: views[0].gestures[0].edges: not a setting of swipe (swipe takes direction, touches)"#),
    .init(
      "long press with a direction",
      sceneJSON(gestures: #"{"id": "g", "kind": "longPress", "direction": "up"}"#),
      #"t.json: views[0].gestures[0].direction: not a setting of longPress (longPress takes minimumPressDuration, allowableMovement, taps, touches)"#
    ),
    .init(
      "pinch with touches", sceneJSON(gestures: #"{"id": "g", "kind": "pinch", "touches": 2}"#),
      #"t.json: views[0].gestures[0].touches: not a setting of pinch (pinch takes no settings)"#),
    .init(
      "circle with scroll types", sceneJSON(gestures: #"{"id": "g", "kind": "circle", "scrollTypes": []}"#),
      #"t.json: views[0].gestures[0].scrollTypes: not a setting of circle (circle takes no settings)"#),
    .init(
      "screen-edge pan without edges", sceneJSON(gestures: #"{"id": "g", "kind": "screenEdgePan"}"#),
      #"t.json: views[0].gestures[0]: missing required key "edges" (a screenEdgePan starts from top, left, bottom, right or all)"#
    ),
    .init(
      "unknown edge",
      sceneJSON(gestures: #"{"id": "g", "kind": "screenEdgePan", "edges": ["left", "middle"]}"#),
      #"t.json: views[0].gestures[0].edges[1]: unknown value "middle" (expected one of top, left, bottom, right, all)"#
    ),
    .init(
      "no edges", sceneJSON(gestures: #"{"id": "g", "kind": "screenEdgePan", "edges": []}"#),
      #"t.json: views[0].gestures[0].edges: expected at least one edge (one of top, left, bottom, right, all)"#
    ),
    .init(
      "unknown direction", sceneJSON(gestures: #"{"id": "g", "kind": "swipe", "direction": "sideways"}"#),
      #"t.json: views[0].gestures[0].direction: unknown value "sideways" (expected one of right, left, up, down)"#
    ),
    .init(
      "a direction that is a number", sceneJSON(gestures: #"{"id": "g", "kind": "swipe", "direction": 1}"#),
      #"t.json: views[0].gestures[0].direction: expected a direction (right, left, up, down) or a list of them, got a number"#
    ),
    .init(
      "no taps for a tap", sceneJSON(gestures: #"{"id": "g", "kind": "tap", "taps": 0}"#),
      #"t.json: views[0].gestures[0].taps: expected a whole number of at least 1, got 0"#),
    .init(
      "negative press duration",
      sceneJSON(gestures: #"{"id": "g", "kind": "longPress", "minimumPressDuration": -1}"#),
      #"t.json: views[0].gestures[0].minimumPressDuration: expected a number between 0 and 1000000, got -1"#),
    .init(
      "scale on a pan", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "behavior": "scale"}"#),
      #"t.json: views[0].gestures[0].behavior: behavior "scale" needs a pinch gesture (this gesture's kind is "pan")"#
    ),
    .init(
      "rotate on a pinch", sceneJSON(gestures: #"{"id": "g", "kind": "pinch", "behavior": "rotate"}"#),
      #"t.json: views[0].gestures[0].behavior: behavior "rotate" needs a rotation gesture (this gesture's kind is "pinch")"#
    ),
    .init(
      "dismiss on a tap", sceneJSON(gestures: #"{"id": "g", "kind": "tap", "behavior": "dismiss"}"#),
      #"t.json: views[0].gestures[0].behavior: behavior "dismiss" needs a swipe gesture (this gesture's kind is "tap")"#
    ),
    .init(
      "toggle on a swipe", sceneJSON(gestures: #"{"id": "g", "kind": "swipe", "behavior": "toggle"}"#),
      #"t.json: views[0].gestures[0].behavior: behavior "toggle" needs a tap, longPress or circle gesture (this gesture's kind is "swipe")"#
    ),
    .init(
      "drag on a rotation", sceneJSON(gestures: #"{"id": "g", "kind": "rotation", "behavior": "drag"}"#),
      #"t.json: views[0].gestures[0].behavior: behavior "drag" needs a pan or screenEdgePan gesture (this gesture's kind is "rotation")"#
    ),
    .init(
      "paint not built yet", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "behavior": "paint"}"#),
      #"t.json: views[0].gestures[0].behavior: behavior "paint" is not supported yet (this version supports: "#
        + Behavior.supportedNames.joined(separator: ", ") + ")"
    ),
  ]

  @Test(
    "settings of another kind and behaviours of another kind are rejected in one line", arguments: rejections)
  func rejection(_ rejection: SceneLoaderTests.Rejection) {
    do {
      _ = try Scene(json: rejection.text, fileName: "t.json", baseDirectory: "/nonexistent")
      Issue.record("\(rejection.problem): the scene was accepted")
    } catch {
      #expect(error.description == rejection.message)
    }
  }

  @Test("bringToFront and none go with every kind")
  func generalBehaviours() throws {
    for kind in GestureKind.knownNames {
      let edges = kind == "screenEdgePan" ? #", "edges": "all""# : ""
      for behavior in ["bringToFront", "none"] {
        _ = try load(
          sceneJSON(
            gestures: #"{"id": "g", "kind": ""# + kind + #"", "behavior": ""# + behavior + #"""# + edges + "}"
          ))
      }
    }
  }
}
