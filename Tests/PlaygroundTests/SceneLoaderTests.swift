import Foundation
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// A one-view scene document whose view `a` has `extra` keys and `gestures`;
/// `more` is appended to the views array.
func sceneJSON(view extra: String = "", gestures: String = "", more: String = "") -> String {
  """
  {"name": "t", "size": [200, 100], "views": [
    {"id": "a", "frame": [0, 0, 50, 50]\(extra), "gestures": [\(gestures)]}\(more)
  ]}
  """
}

/// Loads `text` as `t.json`.
func load(_ text: String) throws(SceneError) -> Scene {
  try Scene(json: text, fileName: "t.json")
}

@Suite("Scene loader")
struct SceneLoaderTests {
  @Test("a scene with every view and gesture key loads with those values")
  func everyKeyLoads() throws {
    let scene = try load(
      """
      {"name": "all", "title": "Everything", "size": [320, 240], "background": "#102030",
       "views": [
        {"id": "card", "frame": [10, 20, 100, 60], "shape": "roundrect", "corner": 8, "fill": "#ff000080",
         "stroke": "#00ff00", "strokeWidth": 3, "label": "Hi", "labelColor": "#000000", "fontSize": 20,
         "alpha": 0.5, "hidden": true, "interactive": false, "multipleTouch": true, "exclusiveTouch": true,
         "hitTest": "shape", "clips": true,
         "gestures": [
           {"id": "p1", "kind": "pan", "behavior": "drag", "axis": "y", "within": "parent", "enabled": false,
            "cancelsTouchesInView": false, "delaysTouchesBegan": true, "delaysTouchesEnded": false,
            "requireToFail": ["p2"], "simultaneousWith": ["p2"], "minTouches": 2, "maxTouches": 3}
         ],
         "children": [
           {"id": "dot", "frame": [5, 5, 10, 10], "shape": "circle",
            "gestures": [{"id": "p2", "kind": "pan", "behavior": "bringToFront"}]}
         ]}
       ]}
      """)
    #expect(scene.name == "all")
    #expect(scene.title == "Everything")
    #expect(scene.size == Size(width: 320, height: 240))
    #expect(scene.background == Color(hex: "#102030"))
    #expect(scene.source == "t.json")
    let card = try #require(scene.views.first)
    #expect(card.id == "card")
    #expect(card.frame == Rect(x: 10, y: 20, width: 100, height: 60))
    #expect(card.style.shape == .roundRect(cornerRadius: 8))
    #expect(card.style.fill == Color(hex: "#ff000080"))
    #expect(card.style.stroke == Color(hex: "#00ff00"))
    #expect(card.style.strokeWidth == 3)
    #expect(card.style.label == "Hi")
    #expect(card.style.labelColor == Color(hex: "#000000"))
    #expect(card.style.fontSize == 20)
    #expect(card.alpha == 0.5)
    #expect(
      card.isHidden && !card.isUserInteractionEnabled && card.isMultipleTouchEnabled && card.isExclusiveTouch)
    #expect(card.hitTest == .shape)
    #expect(card.clipsToBounds)
    var pan = GestureSpec(
      id: "p1", kind: .pan(minimumNumberOfTouches: 2, maximumNumberOfTouches: 3),
      behavior: .drag(DragConstraints(axis: .y, staysWithinParent: true)))
    pan.isEnabled = false
    pan.cancelsTouchesInView = false
    pan.delaysTouchesBegan = true
    pan.delaysTouchesEnded = false
    pan.requireToFail = ["p2"]
    pan.simultaneousWith = ["p2"]
    #expect(card.gestures == [pan])
    #expect(card.children.map(\.id) == ["dot"])
    #expect(card.children[0].style.shape == .circle)
    #expect(
      card.children[0].gestures == [
        GestureSpec(
          id: "p2", kind: .pan(minimumNumberOfTouches: 1, maximumNumberOfTouches: .max),
          behavior: .bringToFront)
      ])
    #expect(scene.allViews.map(\.id) == ["card", "dot"])
  }

  @Test("omitted keys take the documented defaults")
  func defaults() throws {
    let scene = try load(
      #"{"name": "d", "size": [10, 10], "views": [{"id": "v", "frame": [0, 0, 1, 1], "shape": "roundrect", "gestures": [{"id": "g", "kind": "pan"}]}]}"#
    )
    #expect(scene.title == "d")
    #expect(scene.background == Color(red: 0, green: 0, blue: 0))
    let view = scene.views[0]
    #expect(view.style.shape == .roundRect(cornerRadius: 12))
    #expect(view.style.fill == nil && view.style.stroke == nil && view.style.label == nil)
    #expect(view.alpha == 1 && !view.isHidden && view.isUserInteractionEnabled)
    #expect(!view.isMultipleTouchEnabled && !view.isExclusiveTouch && !view.clipsToBounds)
    #expect(view.hitTest == .bounds && view.children.isEmpty)
    #expect(
      view.gestures == [
        GestureSpec(id: "g", kind: .pan(minimumNumberOfTouches: 1, maximumNumberOfTouches: .max))
      ])
    let gesture = view.gestures[0]
    #expect(gesture.behavior == .none && gesture.isEnabled && gesture.cancelsTouchesInView)
    #expect(!gesture.delaysTouchesBegan && gesture.delaysTouchesEnded)
  }

  @Test("references to gestures defined later in the file are fine")
  func forwardReferences() throws {
    let scene = try load(
      sceneJSON(
        gestures: #"{"id": "g1", "kind": "pan", "requireToFail": ["g2"]}"#,
        more: #", {"id": "b", "frame": [0, 0, 1, 1], "gestures": [{"id": "g2", "kind": "pan"}]}"#))
    #expect(scene.allGestures.map(\.id) == ["g1", "g2"])
  }

  static let pannMessage =
    #"t.json: views[0].gestures[0].kind: unknown kind "pann" (expected one of tap, longPress, pan, screenEdgePan, swipe, pinch, rotation, hover, circle)"#
  /// The keys a view takes, as messages list them (the list grows as the format gains keys).
  static let viewKeys = SceneDecoder.viewKeys.joined(separator: ", ")

  /// A scene text, what is wrong with it, and the exact one-line message it must give.
  struct Rejection: Sendable, CustomTestStringConvertible {
    var problem: String
    var text: String
    var message: String
    init(_ problem: String, _ text: String, _ message: String) {
      (self.problem, self.text, self.message) = (problem, text, message)
    }
    var testDescription: String { problem }
  }

  static let rejections: [Rejection] = [
    Rejection("unknown kind", sceneJSON(gestures: #"{"id": "g", "kind": "pann"}"#), pannMessage),
    Rejection(
      "unknown view key with a suggestion", sceneJSON(view: ##", "fil": "#ffffff""##),
      #"t.json: views[0].fil: unknown key, did you mean "fill"? (a view takes "# + viewKeys + ")"),
    Rejection(
      "unknown view key", sceneJSON(view: ##", "colour": "#ffffff""##),
      "t.json: views[0].colour: unknown key (a view takes " + viewKeys + ")"),
    Rejection(
      "unknown scene key", #"{"name": "t", "size": [1, 1], "vews": []}"#,
      #"t.json: vews: unknown key, did you mean "views"? (a scene takes "#
        + SceneDecoder.sceneKeys.joined(separator: ", ") + ")"
    ),
    Rejection(
      "unknown gesture key", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "behaviour": "drag"}"#),
      #"t.json: views[0].gestures[0].behaviour: unknown key, did you mean "behavior"? (a gesture takes id, kind, behavior, enabled, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, requireToFail, simultaneousWith, allowedTouchTypes, taps, touches, minTouches, maxTouches, minimumPressDuration, allowableMovement, direction, edges, scrollTypes, axis, within, target, flag)"#
    ),
    Rejection(
      "duplicate view id", sceneJSON(more: #", {"id": "a", "frame": [0, 0, 1, 1]}"#),
      #"t.json: views[1].id: duplicate view id "a" (first used at views[0].id)"#),
    Rejection(
      "duplicate id among children",
      sceneJSON(
        view: #", "children": [{"id": "c", "frame": [0, 0, 1, 1]}, {"id": "c", "frame": [0, 0, 1, 1]}]"#),
      #"t.json: views[0].children[1].id: duplicate view id "c" (first used at views[0].children[0].id)"#),
    Rejection(
      "duplicate gesture id", sceneJSON(gestures: #"{"id": "g", "kind": "pan"}, {"id": "g", "kind": "pan"}"#),
      #"t.json: views[0].gestures[1].id: duplicate gesture id "g" (first used at views[0].gestures[0].id)"#),
    Rejection(
      "unknown id in requireToFail",
      sceneJSON(gestures: #"{"id": "g", "kind": "pan", "requireToFail": ["h"]}"#),
      #"t.json: views[0].gestures[0].requireToFail[0]: unknown gesture id "h" (gestures in this scene: g)"#),
    Rejection(
      "unknown id in simultaneousWith",
      sceneJSON(
        gestures: #"{"id": "g", "kind": "pan"}, {"id": "g2", "kind": "pan", "simultaneousWith": ["g", "x"]}"#),
      #"t.json: views[0].gestures[1].simultaneousWith[1]: unknown gesture id "x" (gestures in this scene: g, g2)"#
    ),
    Rejection(
      "a gesture naming itself", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "requireToFail": ["g"]}"#),
      #"t.json: views[0].gestures[0].requireToFail[0]: a gesture cannot refer to itself ("g")"#),
    Rejection(
      "a failure requirement cycle",
      sceneJSON(
        gestures:
          #"{"id": "g", "kind": "pan", "requireToFail": ["h"]}, {"id": "h", "kind": "pan", "requireToFail": ["g"]}"#
      ),
      #"t.json: views[0].gestures[0].requireToFail[0]: requireToFail cycle g -> h -> g: these gestures would wait for each other forever"#
    ),
    Rejection(
      "wrong type", sceneJSON(view: #", "alpha": "1""#),
      #"t.json: views[0].alpha: expected a number, got a string"#),
    Rejection(
      "wrong type for a flag", sceneJSON(view: #", "hidden": 1"#),
      #"t.json: views[0].hidden: expected true or false, got a number"#),
    Rejection(
      "wrong type for a list", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "requireToFail": "g"}"#),
      #"t.json: views[0].gestures[0].requireToFail: expected an array, got a string"#),
    Rejection(
      "a view that is not an object", #"{"name": "t", "size": [1, 1], "views": [3]}"#,
      #"t.json: views[0]: expected a view (a JSON object), got a number"#),
    Rejection(
      "a document that is not an object", "[]", #"t.json: expected a scene (a JSON object), got an array"#),
    Rejection(
      "missing frame", #"{"name": "t", "size": [1, 1], "views": [{"id": "v"}]}"#,
      #"t.json: views[0]: missing required key "frame""#),
    Rejection(
      "missing gesture kind", sceneJSON(gestures: #"{"id": "g"}"#),
      #"t.json: views[0].gestures[0]: missing required key "kind""#),
    Rejection("missing scene name", #"{"size": [1, 1]}"#, #"t.json: missing required key "name""#),
    Rejection(
      "empty id", #"{"name": "t", "size": [1, 1], "views": [{"id": "", "frame": [0, 0, 1, 1]}]}"#,
      #"t.json: views[0].id: expected a non-empty string"#),
    Rejection(
      "negative width", #"{"name": "t", "size": [1, 1], "views": [{"id": "v", "frame": [0, 0, -5, 10]}]}"#,
      #"t.json: views[0].frame: width and height must not be negative, got [0, 0, -5, 10]"#),
    Rejection(
      "frame of three numbers", #"{"name": "t", "size": [1, 1], "views": [{"id": "v", "frame": [0, 0, 5]}]}"#,
      #"t.json: views[0].frame: expected [x, y, width, height], got an array of 3 elements"#),
    Rejection(
      "frame with a string",
      #"{"name": "t", "size": [1, 1], "views": [{"id": "v", "frame": [0, "0", 5, 5]}]}"#,
      #"t.json: views[0].frame[1]: expected a number, got a string"#),
    Rejection(
      "empty scene size", #"{"name": "t", "size": [0, 10]}"#,
      #"t.json: size: width and height must be positive, got [0, 10]"#),
    Rejection(
      "bad colour", sceneJSON(view: ##", "fill": "#12345""##),
      ##"t.json: views[0].fill: expected a colour "#rrggbb" or "#rrggbbaa", got "#12345""##),
    Rejection(
      "colour by name", #"{"name": "t", "size": [1, 1], "background": "red"}"#,
      ##"t.json: background: expected a colour "#rrggbb" or "#rrggbbaa", got "red""##),
    Rejection(
      "alpha out of range", sceneJSON(view: #", "alpha": 1.5"#),
      #"t.json: views[0].alpha: expected a number between 0 and 1, got 1.5"#),
    Rejection(
      "unknown shape", sceneJSON(view: #", "shape": "square""#),
      #"t.json: views[0].shape: unknown value "square" (expected one of rect, roundrect, circle, image)"#),
    Rejection(
      "corner on a circle", sceneJSON(view: #", "shape": "circle", "corner": 4"#),
      #"t.json: views[0].corner: only a "roundrect" has a corner radius (this view's shape is "circle")"#),
    Rejection(
      "negative corner", sceneJSON(view: #", "shape": "roundrect", "corner": -4"#),
      #"t.json: views[0].corner: expected a number of at least 0, got -4"#),
    Rejection(
      "image shape without image", sceneJSON(view: #", "shape": "image""#),
      #"t.json: views[0]: missing required key "image" (a view with shape "image" needs a PNG path)"#),
    Rejection(
      "image on a circle", sceneJSON(view: #", "shape": "circle", "image": "x.png""#),
      #"t.json: views[0].image: only a view with shape "image" shows an image (this view's shape is "circle")"#
    ),
    Rejection(
      "missing image file", sceneJSON(view: #", "image": "missing.png""#),
      #"t.json: views[0].image: cannot load the PNG image "/nonexistent/missing.png": No such file or directory"#
    ),
    Rejection(
      "alpha hit testing without an image", sceneJSON(view: #", "hitTest": "alpha""#),
      #"t.json: views[0].hitTest: "alpha" hit testing needs an image view (shape "image")"#),
    Rejection(
      "setting of another kind", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "taps": 2}"#),
      #"t.json: views[0].gestures[0].taps: not a setting of pan (pan takes minTouches, maxTouches, scrollTypes)"#
    ),
    Rejection(
      "unknown scroll type", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "scrollTypes": ["wheel"]}"#),
      #"t.json: views[0].gestures[0].scrollTypes[0]: unknown value "wheel" (expected one of discrete, continuous)"#
    ),
    Rejection(
      "fractional touch count", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "minTouches": 1.5}"#),
      #"t.json: views[0].gestures[0].minTouches: expected a whole number of at least 1, got 1.5"#),
    Rejection(
      "maxTouches below minTouches",
      sceneJSON(gestures: #"{"id": "g", "kind": "pan", "minTouches": 3, "maxTouches": 2}"#),
      #"t.json: views[0].gestures[0].maxTouches: must be at least minTouches (3), got 2"#),
    Rejection(
      "unknown behaviour", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "behavior": "dragg"}"#),
      #"t.json: views[0].gestures[0].behavior: unknown behavior "dragg" (expected one of "#
        + Behavior.knownNames.joined(separator: ", ") + ")"
    ),
    Rejection(
      "behaviour not built yet",
      sceneJSON(gestures: #"{"id": "g", "kind": "pan", "behavior": "paint"}"#),
      #"t.json: views[0].gestures[0].behavior: behavior "paint" is not supported yet (this version supports: \#(Behavior.supportedNames.joined(separator: ", ")))"#
    ),
    Rejection(
      "axis without drag", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "axis": "x"}"#),
      #"t.json: views[0].gestures[0].axis: only the "drag" behavior takes "axis" (this gesture's behavior is "none")"#
    ),
    Rejection(
      "bad axis", sceneJSON(gestures: #"{"id": "g", "kind": "pan", "behavior": "drag", "axis": "z"}"#),
      #"t.json: views[0].gestures[0].axis: unknown value "z" (expected one of x, y)"#),
    Rejection(
      "JSON syntax error", "{\n  \"name\": \"t\",\n  \"size\": [1, 1]\n  \"views\": []\n}",
      #"t.json:4:3: expected ',' or '}' after an object member, found '"'"#),
    Rejection(
      "a number that is not finite", "{\"name\": \"t\",\n \"size\": [1e999, 1]}",
      "t.json:2:11: number 1e999 is out of range (not a finite Double)"),
  ]

  @Test(
    "every rejected file gets one line naming the file, the key path and what was expected",
    arguments: rejections)
  func rejection(_ rejection: Rejection) {
    do {
      _ = try Scene(json: rejection.text, fileName: "t.json", baseDirectory: "/nonexistent")
      Issue.record("\(rejection.problem): the scene was accepted")
    } catch {
      #expect(error.description == rejection.message)
      // Only an image that cannot be loaded is another file to watch (`run --watch`).
      let image = rejection.problem == "missing image file" ? "/nonexistent/missing.png" : nil
      #expect(error.otherFile == image)
    }
  }

  @Test("a missing file is reported with the reason")
  func missingFile() {
    #expect(
      throws: SceneError(
        file: "/nonexistent/x.json", location: .file,
        message: "cannot read the file: No such file or directory")
    ) {
      try Scene(contentsOfFile: "/nonexistent/x.json")
    }
  }

  @Test("a file over 16 MiB is refused at the limit; one exactly at it is read")
  func sizeLimit() throws {
    let scene = #"{"name": "s", "size": [10, 10], "views": []}"#
    let path = temporaryDirectory() + "/padded.json"
    // Padded with spaces (valid JSON) to the limit, then one byte more.
    let atLimit = scene + String(repeating: " ", count: Scene.maximumFileSize - scene.utf8.count)
    try atLimit.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try Scene(contentsOfFile: path).name == "s")
    try (atLimit + " ").write(toFile: path, atomically: false, encoding: .utf8)
    #expect(
      throws: SceneError(
        file: path, location: .file,
        message: "cannot read the file: the file is larger than 16 MiB (the limit)")
    ) {
      try Scene(contentsOfFile: path)
    }
    try? FileManager.default.removeItem(atPath: path)
  }
}
