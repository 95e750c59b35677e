import CairoRenderer
import GestureKit
import Testing

@testable import Playground

/// Three small scenes for the picker, in tab order:
/// - `one`: 300x100, a red 40x40 card `a` at (10, 10) with a drag pan;
/// - `two`: 300x100, a green 50x50 card `b` at (100, 20), hint "Second";
/// - `three`: 300x150, a blue card `c` at (20, 20).
///
/// The strip below a 300 px wide scene has tabs of the smallest width, 96 px (an eighth of
/// 300 would be too narrow to read): tab `i` spans x `96i...96(i+1)`, y `128...158` (scene
/// height 100 + hint bar 28); the overlay button spans x `180...296`, y `103...125`.
private enum Picker {
  static let one = """
    {"name": "one", "title": "Scene one", "size": [300, 100], "views": [
      {"id": "a", "frame": [10, 10, 40, 40], "fill": "#ff0000",
       "gestures": [{"id": "a-pan", "kind": "pan", "behavior": "drag"}]}]}
    """
  static let two = """
    {"name": "two", "title": "Scene two", "hint": "Second", "size": [300, 100], "views": [
      {"id": "b", "frame": [100, 20, 50, 50], "fill": "#00ff00",
       "gestures": [{"id": "b-pan", "kind": "pan", "behavior": "drag"}]}]}
    """
  static let three = """
    {"name": "three", "title": "Scene three", "size": [300, 150], "views": [
      {"id": "c", "frame": [20, 20, 60, 60], "fill": "#0000ff"}]}
    """

  static func scenes() throws -> [Scene] {
    try [one, two, three].map { try Scene(json: $0, fileName: "t.json") }
  }

  /// Centre of tab `index` in window coordinates (scene height 100).
  static func tab(_ index: Int) -> (x: Double, y: Double) {
    (Double(index) * 96 + 48, 143)
  }
}

/// A replay of `trace` (JSON Lines) on scene `one` with the three scenes in the picker; its
/// whole log, and the replay itself for further checks.
private func replayPicker(_ trace: String) throws -> (log: [String], replay: Replay, titles: [String]) {
  let scenes = try Picker.scenes()
  var lines: [String] = []
  var titles: [String] = []
  let replay = Replay(
    scene: scenes[0], log: EventLog { lines.append($0) }, catalog: SceneCatalog(scenes: scenes))
  replay.session.onSceneChange = { titles.append($0.title) }
  replay.play(try Trace(jsonLines: trace, fileName: "t.jsonl"))
  replay.finish()
  return (lines, replay, titles)
}

/// A key press and release at `t`.
private func key(_ name: String, at t: Double) -> String {
  """
  {"t": \(t), "type": "key", "key": "\(name)", "state": "pressed"}
  {"t": \(t), "type": "key", "key": "\(name)", "state": "released"}
  """
}

private let finalOne =
  #"{"id":"a","center":[30.0,30.0],"scale":1.0,"rotation":0.0,"z":0}"#
private let finalTwo =
  #"{"id":"b","center":[125.0,45.0],"scale":1.0,"rotation":0.0,"z":0}"#
private let finalThree =
  #"{"id":"c","center":[50.0,50.0],"scale":1.0,"rotation":0.0,"z":0}"#

@Suite("Scene picker")
struct ScenePickerTests {
  @Test("Tab, Shift+Tab, 1 ... 9, 0 and D are picker and overlay keys")
  func keys() {
    func command(_ name: String, _ modifiers: KeyModifiers = []) -> KeyCommand? {
      KeyCommand(KeyPress(name: name, isPressed: true, modifiers: modifiers, time: 0))
    }
    #expect(command("Tab") == .nextScene)
    #expect(command("Tab", .shift) == .previousScene)
    #expect(command("ISO_Left_Tab", .shift) == .previousScene)
    #expect(command("1") == .selectScene(0))
    #expect(command("9") == .selectScene(8))
    #expect(command("0") == .selectScene(9))
    #expect(command("d") == .toggleOverlay)
    #expect(command("D", .shift) == .toggleOverlay)
    #expect(command("F11") == .toggleFullscreen)
    #expect(command("F11", .shift) == nil)
    #expect(command("Tab", .control) == nil)
    #expect(command("1", .control) == nil)
    // The keypad's digits (Num Lock on), and a key whose Shift level has the digit: a French
    // keyboard's digit row (ampersand, eacute, ... with 1, 2, ... on Shift).
    #expect(command("KP_3") == .selectScene(2))
    #expect(command("KP_End") == nil)
    func shifted(_ name: String, _ shiftedName: String?, _ modifiers: KeyModifiers = []) -> KeyCommand? {
      KeyCommand(
        KeyPress(name: name, isPressed: true, modifiers: modifiers, time: 0, shiftedName: shiftedName))
    }
    #expect(shifted("ampersand", "1") == .selectScene(0))
    #expect(shifted("agrave", "0") == .selectScene(9))
    #expect(shifted("1", nil, .shift) == nil)
    #expect(shifted("ampersand", "1", .control) == nil)
    #expect(shifted("ampersand", nil) == nil)
    #expect(shifted("exclam", "KP_1") == nil)
    // A letter key with another script's layout active, by its Latin letter (US and Russian).
    func latin(_ name: String, _ latinName: String?, _ modifiers: KeyModifiers = []) -> KeyCommand? {
      KeyCommand(KeyPress(name: name, isPressed: true, modifiers: modifiers, time: 0, latinName: latinName))
    }
    #expect(latin("Cyrillic_ve", "d") == .toggleOverlay)
    #expect(latin("Cyrillic_ie", "t") == .toggleTimeline)
    #expect(latin("Cyrillic_ka", "r", .shift) == .rebuildScene)
    #expect(latin("Cyrillic_shorti", "q", .control) == .quit)
    #expect(latin("Cyrillic_ve", nil) == nil)
    #expect(command("d", .alt) == nil)
    #expect(KeyCommand(KeyPress(name: "Tab", isPressed: false, modifiers: [], time: 0)) == nil)
  }

  @Test("the window is the scene with the strip below it, and the scene keeps its coordinates")
  func layout() throws {
    let (log, replay, _) = try replayPicker(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": 30, "y": 30}
      {"t": 0.1, "type": "touch.up", "id": 0}
      """)
    #expect(replay.window.size == Size(width: 300, height: 188))
    #expect(replay.window.hitTest(Point(x: 30, y: 30))?.identifier == "a")
    #expect(replay.window.hitTest(Point(x: 150, y: 90))?.identifier == "root")
    #expect(replay.window.hitTest(Point(x: 144, y: 143))?.identifier == "chrome.tab.two")
    #expect(
      log == [
        #"{"t":0.0,"type":"touches","view":"a","phase":"began","ids":[0]}"#,
        #"{"t":0.1,"type":"gesture","gesture":"a-pan","kind":"pan","view":"a","state":"failed","location":[30.0,30.0],"touches":0,"translation":[0.0,0.0],"velocity":[0.0,0.0]}"#,
        #"{"t":0.1,"type":"touches","view":"a","phase":"ended","ids":[0]}"#,
        #"{"t":0.1,"type":"final","views":[\#(finalOne)]}"#,
      ])
  }

  @Test("a tap on a tab shows its scene, retitles the window and logs one scene line")
  func tapOnTab() throws {
    let (x, y) = Picker.tab(1)
    let (log, replay, titles) = try replayPicker(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": \(x), "y": \(y)}
      {"t": 0.05, "type": "touch.up", "id": 0}
      """)
    #expect(
      log == [
        #"{"t":0.05,"type":"scene","scene":"two","title":"Scene two"}"#,
        #"{"t":0.05,"type":"final","views":[\#(finalTwo)]}"#,
      ])
    #expect(titles == ["Scene two"])
    #expect(replay.session.scene.name == "two")
    #expect(replay.session.chrome.hint == "Second")
    #expect(replay.session.selectedTab == 1)
  }

  @Test("a click on a tab shows its scene, and the window takes that scene's size")
  func clickOnTab() throws {
    let (x, y) = Picker.tab(2)
    let (log, replay, _) = try replayPicker(
      """
      {"t": 0, "type": "pointer.enter", "x": \(x), "y": \(y)}
      {"t": 0, "type": "pointer.frame"}
      {"t": 0.1, "type": "pointer.button", "button": "left", "state": "pressed"}
      {"t": 0.1, "type": "pointer.frame"}
      {"t": 0.15, "type": "pointer.button", "button": "left", "state": "released"}
      {"t": 0.15, "type": "pointer.frame"}
      """)
    #expect(
      log == [
        #"{"t":0.15,"type":"scene","scene":"three","title":"Scene three"}"#,
        #"{"t":0.15,"type":"final","views":[\#(finalThree)]}"#,
      ])
    #expect(replay.window.size == Size(width: 300, height: 238))
  }

  @Test("Tab goes to the next scene, Shift+Tab to the previous one (both wrap), digits pick a tab")
  func keysSwitch() throws {
    let (log, _, titles) = try replayPicker(
      [
        key("Tab", at: 0.1), key("ISO_Left_Tab", at: 0.2), key("ISO_Left_Tab", at: 0.3), key("Tab", at: 0.4),
        key("2", at: 0.5), key("2", at: 0.6), key("0", at: 0.7), key("3", at: 0.8),
      ].joined(separator: "\n"))
    #expect(
      log == [
        #"{"t":0.1,"type":"scene","scene":"two","title":"Scene two"}"#,
        #"{"t":0.2,"type":"scene","scene":"one","title":"Scene one"}"#,
        #"{"t":0.3,"type":"scene","scene":"three","title":"Scene three"}"#,
        #"{"t":0.4,"type":"scene","scene":"one","title":"Scene one"}"#,
        #"{"t":0.5,"type":"scene","scene":"two","title":"Scene two"}"#,
        // 2 again: already shown; 0 is the tenth tab, which does not exist.
        #"{"t":0.8,"type":"scene","scene":"three","title":"Scene three"}"#,
        // The window's time: no touch input came.
        #"{"t":0.0,"type":"final","views":[\#(finalThree)]}"#,
      ])
    #expect(titles == ["Scene two", "Scene one", "Scene three", "Scene one", "Scene two", "Scene three"])
  }

  @Test("switching cancels the drag in flight first; the finger then moves nothing")
  func switchCancelsGestures() throws {
    let (log, _, _) = try replayPicker(
      """
      {"t": 0, "type": "touch.down", "id": 0, "x": 30, "y": 30}
      {"t": 0.1, "type": "touch.motion", "id": 0, "x": 50, "y": 30}
      \(key("Tab", at: 0.2))
      {"t": 0.3, "type": "touch.motion", "id": 0, "x": 120, "y": 40}
      {"t": 0.4, "type": "touch.up", "id": 0}
      """)
    #expect(
      log == [
        #"{"t":0.0,"type":"touches","view":"a","phase":"began","ids":[0]}"#,
        #"{"t":0.1,"type":"gesture","gesture":"a-pan","kind":"pan","view":"a","state":"began","location":[50.0,30.0],"touches":1,"translation":[20.0,0.0],"velocity":[0.0,0.0]}"#,
        #"{"t":0.1,"type":"touches","view":"a","phase":"cancelled","ids":[0]}"#,
        #"{"t":0.2,"type":"gesture","gesture":"a-pan","kind":"pan","view":"a","state":"cancelled","location":[50.0,30.0],"touches":0,"translation":[20.0,0.0],"velocity":[0.0,0.0]}"#,
        #"{"t":0.2,"type":"scene","scene":"two","title":"Scene two"}"#,
        #"{"t":0.4,"type":"final","views":[\#(finalTwo)]}"#,
      ])
  }

  @Test("R after a switch rebuilds the scene shown now")
  func rebuildAfterSwitch() throws {
    let (log, _, _) = try replayPicker(
      [
        key("Tab", at: 0.1),
        """
        {"t": 0.2, "type": "touch.down", "id": 0, "x": 125, "y": 45}
        {"t": 0.3, "type": "touch.motion", "id": 0, "x": 145, "y": 45}
        {"t": 0.4, "type": "touch.up", "id": 0}
        """,
        key("r", at: 0.5),
      ].joined(separator: "\n"))
    #expect(log.first == #"{"t":0.1,"type":"scene","scene":"two","title":"Scene two"}"#)
    #expect(log.contains { $0.contains(#""gesture":"b-pan""#) && $0.contains(#""state":"ended""#) })
    // R rebuilt b where the file puts it (the final line has the window's time: the last input).
    #expect(log.last == #"{"t":0.4,"type":"final","views":[\#(finalTwo)]}"#)
  }

  @Test("D and the overlay button show and hide the overlay; the strip never reaches the log")
  func overlayToggles() throws {
    let (log, replay, _) = try replayPicker(
      """
      \(key("d", at: 0.1))
      {"t": 0.2, "type": "touch.down", "id": 0, "x": 238, "y": 114}
      {"t": 0.25, "type": "touch.up", "id": 0}
      {"t": 0.3, "type": "touch.down", "id": 0, "x": 238, "y": 114}
      {"t": 0.35, "type": "touch.up", "id": 0}
      """)
    #expect(replay.session.isOverlayVisible)
    #expect(log == [#"{"t":0.35,"type":"final","views":[\#(finalOne)]}"#])
    let (_, hidden, _) = try replayPicker(
      """
      {"t": 0.2, "type": "touch.down", "id": 0, "x": 238, "y": 114}
      {"t": 0.25, "type": "touch.up", "id": 0}
      \(key("D", at: 0.3))
      """)
    #expect(!hidden.session.isOverlayVisible)
  }

  @Test("the overlay draws each touch, outlines its hit view and survives a switch")
  func overlayDraws() throws {
    let (_, replay, _) = try replayPicker(
      """
      \(key("d", at: 0))
      {"t": 0.1, "type": "touch.down", "id": 4, "x": 30, "y": 30}
      {"t": 0.1, "type": "touch.frame"}
      {"t": 0.2, "type": "touch.motion", "id": 4, "x": 60, "y": 40}
      {"t": 0.2, "type": "touch.frame"}
      """)
    let image = Image(width: 300, height: 188)
    Renderer().render(replay.window, background: Color.black, into: image.buffer, scale: 1)
    func near(_ color: Color, x: Int, y: Int) -> Bool {
      let want = RGBA8(
        r: UInt8(color.red * 255), g: UInt8(color.green * 255), b: UInt8(color.blue * 255))
      for dx in -2...2 {
        for dy in -2...2 {
          let p = image.pixel(x: x + dx, y: y + dy)
          if abs(Int(p.r) - Int(want.r)) + abs(Int(p.g) - Int(want.g)) + abs(Int(p.b) - Int(want.b)) < 40 {
            return true
          }
        }
      }
      return false
    }
    // The ring (radius 22) around the finger at (60, 40), and the card dragged by (30, 10) to
    // (40, 20)...(80, 60), outlined.
    #expect(near(DebugOverlayView.touchColor, x: 60, y: 62))
    #expect(near(DebugOverlayView.hitColor, x: 40, y: 35))
    #expect(replay.session.overlay.window === replay.window)
  }

  @Test("the overlay rings a pen in its own colour, labelled with its force")
  func overlayDrawsPens() throws {
    let (_, replay, _) = try replayPicker(
      """
      \(key("d", at: 0))
      {"t": 0.1, "type": "tablet.proximity_in", "tool": 2, "kind": "pen"}
      {"t": 0.1, "type": "tablet.motion", "tool": 2, "x": 60, "y": 40}
      {"t": 0.1, "type": "tablet.down", "tool": 2}
      {"t": 0.1, "type": "tablet.pressure", "tool": 2, "pressure": 0.5}
      {"t": 0.1, "type": "tablet.frame", "tool": 2}
      """)
    let pen = try #require(replay.window.activeTouches.first)
    #expect(DebugOverlayView.typeLabel(of: pen) == "pencil 50%")
    let image = Image(width: 300, height: 188)
    Renderer().render(replay.window, background: Color.black, into: image.buffer, scale: 1)
    let want = DebugOverlayView.pencilColor
    let ring = image.pixel(x: 60, y: 62)
    let distance =
      abs(Int(ring.r) - Int(want.red * 255)) + abs(Int(ring.g) - Int(want.green * 255))
      + abs(Int(ring.b) - Int(want.blue * 255))
    #expect(distance < 40, "the ring is \(ring)")
  }
}
