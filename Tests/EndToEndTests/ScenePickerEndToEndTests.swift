import CairoRenderer
import Foundation
import Testing

/// evdev key codes (linux/input-event-codes.h) the picker and the overlay use.
private enum PickerKey {
  static let one = 2
  static let two = 3
  static let tab = 15
  static let d = 32
  static let leftShift = 42
}

/// The picker's scenes under Weston: `$GESTURE_PLAYGROUND_DATA/scenes` holds a `cards`
/// (a red card) and a `direct` (a green card), which take the picker's first two tabs in
/// place of the bundled scenes of those names; the other bundled scenes follow.
///
/// Both scenes are 640x480, so the window is 640x598: the scene, then the strip (a 28 px hint
/// bar with the overlay button at x 520...636, then three rows of 30 px tabs, 6 a row, each
/// about 107 px wide).
/// The output has that size, so kiosk-shell gives the window exactly what it asks for and
/// global coordinates are window coordinates.
private enum PickerScene {
  static let width = 640
  static let height = 598
  static let red = RGBA8(r: 0xff, g: 0, b: 0)
  static let green = RGBA8(r: 0, g: 0xff, b: 0)
  /// The overlay's touch rings (DebugOverlayView.touchColor).
  static let touchRing = RGBA8(r: 0x56, g: 0xb6, b: 0xc2)
  /// The overlay's outline of a hit view (DebugOverlayView.hitColor).
  static let hitOutline = RGBA8(r: 0xff, g: 0xd8, b: 0x66)
  static let redBox = PixelBox(frameX: 40, y: 40, width: 120, height: 120)
  static let greenBox = PixelBox(frameX: 300, y: 200, width: 120, height: 120)
  /// Centres of the first two tabs and of the overlay button.
  static let cardsTab = ScreenPoint(40, 523)
  static let directTab = ScreenPoint(120, 523)
  static let overlayButton = ScreenPoint(578, 494)

  static func scene(name: String, fill: String, frame: String) -> String {
    """
    {"name": "\(name)", "title": "Picker \(name)", "hint": "The \(name) test scene",
     "size": [640, 480], "background": "#202020",
     "views": [{"id": "card", "frame": \(frame), "fill": "\(fill)",
                "gestures": [{"id": "card-pan", "kind": "pan", "behavior": "drag"}]}]}
    """
  }

  /// The bounding box of the pixels of `color` (each channel within 30) in the scene's part
  /// of `image` (above the strip, whose antialiased tab labels come close to the ring's colour).
  static func inScene(_ color: RGBA8, _ image: Image) -> PixelBox? {
    var box: PixelBox?
    for y in 0..<min(480, image.height) {
      for x in 0..<image.width {
        let p = image.pixel(x: x, y: y)
        guard abs(Int(p.r) - Int(color.r)) <= 30, abs(Int(p.g) - Int(color.g)) <= 30,
          abs(Int(p.b) - Int(color.b)) <= 30
        else { continue }
        let old = box ?? PixelBox(minX: x, minY: y, maxX: x, maxY: y)
        box = PixelBox(
          minX: min(old.minX, x), minY: min(old.minY, y), maxX: max(old.maxX, x), maxY: max(old.maxY, y))
      }
    }
    return box
  }

  /// True when the red scene is shown (and not the green one).
  static func showsCards(_ image: Image) -> Bool {
    PixelBox.bounding(red, in: image) == redBox && PixelBox.bounding(green, in: image) == nil
  }

  /// True when the green scene is shown (and not the red one).
  static func showsDirect(_ image: Image) -> Bool {
    PixelBox.bounding(green, in: image) == greenBox && PixelBox.bounding(red, in: image) == nil
  }

  /// Runs `body` with the app showing `cards` in a fresh session, once the window fills the
  /// output and the red card is drawn. The pointer is parked in the bottom-right corner.
  static func withApp<T>(_ body: (WestonSession) throws -> T) throws -> T {
    let app = try RepositoryLayout.appExecutable()
    return try WestonSession.with(width: width, height: height) { session in
      let data = session.runtimeDirectory.appendingPathComponent("data")
      let scenes = data.appendingPathComponent("scenes")
      try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
      try scene(name: "cards", fill: "#ff0000", frame: "[40, 40, 120, 120]").write(
        to: scenes.appendingPathComponent("cards.json"), atomically: true, encoding: .utf8)
      try scene(name: "direct", fill: "#00ff00", frame: "[300, 200, 120, 120]").write(
        to: scenes.appendingPathComponent("direct.json"), atomically: true, encoding: .utf8)
      let client = try session.launchClient(
        app, arguments: ["run", "--scene", "cards"], environment: ["GESTURE_PLAYGROUND_DATA": data.path],
        name: "gesture-playground")
      let window = try session.waitForWindow(of: client)
      guard window == PixelBox(frameX: 0, y: 0, width: width, height: height) else {
        throw HarnessError("the window is at \(window), not over the whole \(width)x\(height) output")
      }
      try session.parkPointer()
      let first = try session.capture { showsCards($0) }
      guard showsCards(first) else {
        throw HarnessError(
          "the cards test scene is not drawn: red at \(String(describing: PixelBox.bounding(red, in: first)))"
        )
      }
      return try body(session)
    }
  }

  /// A tap (down, up) at `point`.
  static func tap(_ point: ScreenPoint) -> [String] {
    ["touch-down 0 \(point)", "touch-frame", "touch-up 0", "touch-frame"]
  }

  /// A left click at `point`.
  static func click(_ point: ScreenPoint) -> [String] {
    [
      "pointer-motion \(point)", "pointer-frame", "pointer-button left pressed", "pointer-frame",
      "pointer-button left released", "pointer-frame",
    ]
  }

  /// A press and release of the key `code`.
  static func key(_ code: Int) -> [String] {
    ["key \(code) pressed", "key \(code) released"]
  }
}

extension EndToEnd {
  /// The scene picker and the debug overlay of a live window, read back from screenshots.
  @Suite("Scene picker")
  struct ScenePickerEndToEndTests {
    @Test("A tap on a tab shows that tab's scene, and a tap on the first tab brings the first back")
    func tapOnTab() throws {
      try PickerScene.withApp { session in
        try session.injector.run(PickerScene.tap(PickerScene.directTab))
        let direct = try session.capture { PickerScene.showsDirect($0) }
        #expect(PickerScene.showsDirect(direct))
        try session.injector.run(PickerScene.tap(PickerScene.cardsTab))
        let cards = try session.capture { PickerScene.showsCards($0) }
        #expect(PickerScene.showsCards(cards))
      }
    }

    @Test("A click on a tab shows that tab's scene")
    func clickOnTab() throws {
      try PickerScene.withApp { session in
        try session.injector.run(PickerScene.click(PickerScene.directTab))
        try session.parkPointer()
        let direct = try session.capture { PickerScene.showsDirect($0) }
        #expect(PickerScene.showsDirect(direct))
        try session.injector.run(PickerScene.click(PickerScene.cardsTab))
        try session.parkPointer()
        let cards = try session.capture { PickerScene.showsCards($0) }
        #expect(PickerScene.showsCards(cards))
      }
    }

    @Test("Tab, Shift+Tab and the number keys switch scenes through the compositor's keymap")
    func keysSwitch() throws {
      try PickerScene.withApp { session in
        try session.injector.run(PickerScene.key(PickerKey.tab))
        #expect(PickerScene.showsDirect(try session.capture { PickerScene.showsDirect($0) }), "Tab")
        try session.injector.run(
          ["key \(PickerKey.leftShift) pressed"] + PickerScene.key(PickerKey.tab)
            + ["key \(PickerKey.leftShift) released"])
        #expect(PickerScene.showsCards(try session.capture { PickerScene.showsCards($0) }), "Shift+Tab")
        try session.injector.run(PickerScene.key(PickerKey.two))
        #expect(PickerScene.showsDirect(try session.capture { PickerScene.showsDirect($0) }), "2")
        try session.injector.run(PickerScene.key(PickerKey.one))
        #expect(PickerScene.showsCards(try session.capture { PickerScene.showsCards($0) }), "1")
      }
    }

    @Test("D and the overlay button show the overlay: a ring at the touch and the touched card outlined")
    func overlayToggles() throws {
      try PickerScene.withApp { session in
        // A finger held on the red card, moved by 40 px: the card follows it.
        try session.injector.run(
          InputScript.touchDrag(from: ScreenPoint(100, 100), by: ScreenPoint(40, 0), lift: false))
        let moved = PickerScene.redBox.offsetBy(dx: 40, dy: 0)
        _ = try session.capture { PixelBox.bounding(PickerScene.red, in: $0) == moved }
        func showsOverlay(_ image: Image) -> Bool {
          // The ring (radius 22, 3 px wide) around the finger at (140, 100); its label is to
          // the right of it. The outline is on the card's edge, which now spans x 80...199.
          guard let ring = PickerScene.inScene(PickerScene.touchRing, image),
            let outline = PickerScene.inScene(PickerScene.hitOutline, image)
          else { return false }
          return abs(ring.minX - 117) <= 3 && abs(ring.maxY - 123) <= 3 && abs(outline.minX - 80) <= 2
        }
        try session.injector.run(PickerScene.key(PickerKey.d))
        let shown = try session.capture { showsOverlay($0) }
        #expect(showsOverlay(shown), "D did not show the overlay")
        try session.injector.run(PickerScene.key(PickerKey.d))
        let hidden = try session.capture { PickerScene.inScene(PickerScene.touchRing, $0) == nil }
        #expect(PickerScene.inScene(PickerScene.touchRing, hidden) == nil, "D did not hide it")
        // The button, with a second finger (the first is still down on the card).
        try session.injector.run([
          "touch-down 1 \(PickerScene.overlayButton)", "touch-frame", "touch-up 1", "touch-frame",
        ])
        let again = try session.capture { showsOverlay($0) }
        #expect(showsOverlay(again), "the overlay button did not show the overlay")
        try session.injector.run(["touch-up 0", "touch-frame"])
      }
    }
  }
}
