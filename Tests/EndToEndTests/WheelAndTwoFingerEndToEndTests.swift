import CairoRenderer
import Foundation
import Testing

/// evdev key codes (linux/input-event-codes.h) of the two-finger emulation's modifiers.
private enum ModifierKey {
  static let leftAlt = 56
}

/// A bundled scene (`scroll-drag`, `photos`: 960x640) in a 960x728 output. Under kiosk-shell
/// the window takes the whole output whatever strip it asks for, so window coordinates are
/// global coordinates, the scene is at the top left and the window's centre, about which the
/// Alt two-finger emulation mirrors, is (480, 364).
private enum BundledScene {
  static let width = 960
  static let height = 728

  /// Runs `body` with the app showing the bundled scene `name`, once `ready` holds for a
  /// screenshot. The pointer is parked in the bottom-right corner.
  static func withApp<T>(
    _ name: String, ready: @escaping (Image) -> Bool, _ body: (WestonSession) throws -> T
  ) throws -> T {
    let app = try RepositoryLayout.appExecutable()
    return try WestonSession.with(width: width, height: height) { session in
      let client = try session.launchClient(
        app, arguments: ["run", "--scene", name], name: "gesture-playground")
      let window = try session.waitForWindow(of: client)
      guard window == PixelBox(frameX: 0, y: 0, width: width, height: height) else {
        throw HarnessError("the window is at \(window), not over the whole \(width)x\(height) output")
      }
      try session.parkPointer()
      let first = try session.capture(ready)
      guard ready(first) else { throw HarnessError("the \(name) scene is not drawn as expected") }
      return try body(session)
    }
  }

  /// The bounding box of the pixels of `color` (each channel within `tolerance`) inside
  /// `region` of `image`.
  static func bounding(_ color: RGBA8, tolerance: Int = 12, in region: PixelBox, of image: Image) -> PixelBox?
  {
    PixelBox.bounding(color, tolerance: tolerance, in: region, of: image)
  }
}

extension EndToEnd {
  /// Wheel scrolling, the Alt two-finger emulation and the right button through Weston's
  /// seat, read back from screenshots. (Weston headless has no touchpad: touchpad pinch and scrolling are covered
  /// by the replay and unit tests.)
  @Suite("Wheel and two fingers from one mouse")
  struct WheelAndTwoFingerEndToEndTests {
    @Test("Wheel clicks through the test module scroll the scroll-drag strip sideways, GTK's step a click")
    func wheelScrollsTheStrip() throws {
      // item-1 (#e06c75) is at x 20...139 of the strip (y 20...180) before scrolling, item-3
      // (#98c379) at x 320...439.
      let strip = PixelBox(minX: 0, minY: 20, maxX: 959, maxY: 179)
      func right(_ color: RGBA8, _ image: Image) -> Int? {
        BundledScene.bounding(color, in: strip, of: image)?.maxX
      }
      let first = RGBA8(r: 0xe0, g: 0x6c, b: 0x75)
      let third = RGBA8(r: 0x98, g: 0xc3, b: 0x79)
      func unscrolled(_ image: Image) -> Bool { right(first, image).map { abs($0 - 139) <= 1 } ?? false }
      try BundledScene.withApp("scroll-drag", ready: unscrolled) { session in
        var commands = ["time now", "pointer-motion 480 100", "pointer-frame"]
        for _ in 0..<4 {
          commands += [
            "time +8", "pointer-axis-source wheel", "pointer-axis vertical 15 1", "pointer-frame",
          ]
        }
        try session.injector.run(commands + ["time live"])
        try session.parkPointer()
        // Four clicks down show what lies to the right: a click scrolls the 960 px strip by
        // 960^(2/3) = 97.3 px (GTK's step), not by the compositor's 15 px, so the content
        // moves 389.3 px left and item-3's right edge comes to x 50.
        let image = try session.capture { right(third, $0).map { abs($0 - 50) <= 1 } ?? false }
        let edge = right(third, image)
        #expect(edge.map { abs($0 - 50) <= 1 } == true, "item-3 ends at x \(String(describing: edge))")
      }
    }

    @Test("Alt and a left drag pinch a photo with two emulated fingers: the photo grows")
    func altTwoFingersPinchAPhoto() throws {
      // The waves photo: frame 400,200 240x180 with a 6 px white stroke; the other photos end
      // at x 330 and begin at x 690.
      let white = RGBA8(r: 0xff, g: 0xff, b: 0xff)
      let region = PixelBox(minX: 340, minY: 100, maxX: 684, maxY: 470)
      func waves(_ image: Image) -> PixelBox? {
        BundledScene.bounding(white, tolerance: 8, in: region, of: image)
      }
      func unpinched(_ image: Image) -> Bool {
        waves(image).map { $0.matches(PixelBox(minX: 397, minY: 197, maxX: 642, maxY: 382), tolerance: 3) }
          ?? false
      }
      try BundledScene.withApp("photos", ready: unpinched) { session in
        let before = try #require(waves(try session.capture()))
        // The pointer at (550, 364) puts the second finger at (410, 364), both on the photo;
        // dragging out to (571, 364) spreads them from 140 px to 182 px apart: a 1.3 pinch.
        var commands = [
          "key \(ModifierKey.leftAlt) pressed", "time now", "pointer-motion 550 364", "pointer-frame",
          "time +8", "pointer-button left pressed", "pointer-frame",
        ]
        for step in 1...21 {
          commands += ["time +8", "pointer-motion \(550 + step) 364", "pointer-frame"]
        }
        commands += [
          "time +8", "pointer-button left released", "pointer-frame", "time live",
          "key \(ModifierKey.leftAlt) released",
        ]
        try session.injector.run(commands)
        try session.parkPointer()
        func grown(_ image: Image) -> Bool {
          guard let box = waves(image) else { return false }
          let width = Double(box.maxX - box.minX)
          return width > 1.2 * Double(before.maxX - before.minX)
        }
        // Scaled about its centre (520, 290) by about 1.3: 312 x 234 plus the stroke. Waited
        // for (a frame of the pinch under way has grown, but not yet as far).
        func pinched(_ image: Image) -> Bool {
          guard let box = waves(image) else { return false }
          return abs(box.minX - 361) <= 6 && abs(box.maxX - 679) <= 6
        }
        let image = try session.capture { pinched($0) }
        let after = waves(image)
        #expect(grown(image), "the photo spans \(String(describing: after)), before \(before)")
        if let after {
          #expect(abs(after.minX - 361) <= 6 && abs(after.maxX - 679) <= 6, "\(after)")
          #expect(abs((after.minY + after.maxY) / 2 - 290) <= 3, "\(after)")
        }
      }
    }

    @Test("A right press on a shape opens its menu at the pointer; a left click on Delete deletes it")
    func rightClickMenu() throws {
      // The square: frame 120,200 180x180 (#e06c75). Right-clicked at (210, 290), the menu's
      // panel is 128x116 at about (222, 302), its buttons #3e4451; Delete's centre is (286, 396).
      let square = RGBA8(r: 0xe0, g: 0x6c, b: 0x75)
      let shape = PixelBox(minX: 110, minY: 190, maxX: 310, maxY: 390)
      let panel = PixelBox(minX: 215, minY: 295, maxX: 360, maxY: 425)
      // Three buttons of 120x36 less their labels and corners: about 11,400 pixels of the fill
      // (some of the panel's anti-aliased stroke comes near it too, so no bounding box).
      func menuShown(_ image: Image) -> Bool {
        var count = 0
        for y in panel.minY...panel.maxY {
          for x in panel.minX...panel.maxX {
            let p = image.pixel(x: x, y: y)
            if abs(Int(p.r) - 0x3e) <= 4, abs(Int(p.g) - 0x44) <= 4, abs(Int(p.b) - 0x51) <= 4 { count += 1 }
          }
        }
        return count > 9_000
      }
      func squareShown(_ image: Image) -> Bool { BundledScene.bounding(square, in: shape, of: image) != nil }
      try BundledScene.withApp("menus", ready: squareShown) { session in
        #expect(!menuShown(try session.capture()))
        func click(_ button: String, _ x: Int, _ y: Int) throws {
          try session.injector.run([
            "time now", "pointer-motion \(x) \(y)", "pointer-frame", "time +8",
            "pointer-button \(button) pressed",
            "pointer-frame", "time +60", "pointer-button \(button) released", "pointer-frame", "time live",
          ])
        }
        // The menu opens as the right button goes down, as GTK's and Qt's do; released where it
        // went down (beside the menu) the button chooses nothing.
        try session.injector.run([
          "time now", "pointer-motion 210 290", "pointer-frame", "time +8", "pointer-button right pressed",
          "pointer-frame", "time live",
        ])
        let opened = try session.capture { menuShown($0) }
        #expect(menuShown(opened), "no menu at the pointer while the right button is down")
        try session.injector.run(["pointer-button right released", "pointer-frame"])
        #expect(menuShown(try session.capture()), "the menu closed at the right button's release")
        try click("left", 286, 396)
        try session.parkPointer()
        let after = try session.capture { !squareShown($0) && !menuShown($0) }
        #expect(!squareShown(after) && !menuShown(after), "the square is still there, or the menu")
      }
    }

    /// Weston 10 headless offers no `zwp_pointer_gestures_v1` (and `wl_seat` version 7): there
    /// the test checks that nothing is bound; a compositor that offers it (sway) must see the
    /// pinch, swipe and (version 3) hold objects made for the pointer and destroyed on exit.
    @Test("Pointer gesture objects are made only when the global is offered, and destroyed on exit")
    func pointerGestureObjects() throws {
      let app = try RepositoryLayout.appExecutable()
      try WestonSession.with(width: BundledScene.width, height: BundledScene.height) { session in
        let client = try session.launchClient(
          app, arguments: ["run", "--scene", "photos"], environment: ["WAYLAND_DEBUG": "client"],
          name: "gesture-playground")
        _ = try session.waitForWindow(of: client)
        try session.parkPointer()
        try session.injector.run(InputScript.controlQ)
        #expect(
          client.waitForExit(timeout: .seconds(2)),
          "the app did not quit on Ctrl+Q: \(client.processReport())")
        let log = try String(
          contentsOf: session.runtimeDirectory.appendingPathComponent("gesture-playground-0.log"),
          encoding: .utf8)
        let lines = log.split(separator: "\n")
        let offered = lines.first { !$0.contains("->") && $0.contains("\"zwp_pointer_gestures_v1\"") }
        guard let offered else {
          #expect(!log.contains("zwp_pointer_gestures_v1@"), "bound a global that is not offered")
          return
        }
        let advertised = offered.split(separator: ", ").last.flatMap { Int($0.dropLast()) } ?? 0
        let requests = lines.filter { $0.contains("-> zwp_pointer_gesture") }.map { line in
          String(line.split(separator: "-> ")[1].split(separator: "(")[0].split(separator: ".")[1])
        }
        var expected = ["get_pinch_gesture", "get_swipe_gesture"]
        if advertised >= 3 { expected.append("get_hold_gesture") }
        expected += advertised >= 3 ? ["destroy", "destroy", "destroy"] : ["destroy", "destroy"]
        expected.append(advertised >= 2 ? "release" : "destroy")
        #expect(requests == expected, "advertised version \(advertised)")
      }
    }
  }
}
