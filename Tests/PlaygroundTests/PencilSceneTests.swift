import GestureKit
import Testing

@testable import Playground

/// Scenes and logs for pencils: `allowedTouchTypes` on a gesture (docs/FORMATS.md), and the
/// event log's pencil keys on touch deliveries.
@Suite("Pencil scenes and logs")
struct PencilSceneTests {
  /// A card that only a pen drags, and one that only a finger or the pointer drags.
  private static let json = """
    {"name": "pens", "size": [400, 300], "views": [
      {"id": "pen-card", "frame": [0, 0, 100, 100], "gestures": [
        {"id": "pen-pan", "kind": "pan", "behavior": "drag", "allowedTouchTypes": ["pencil"]}]},
      {"id": "finger-card", "frame": [200, 0, 100, 100], "gestures": [
        {"id": "finger-pan", "kind": "pan", "behavior": "drag", "allowedTouchTypes": ["direct", "indirectPointer"]},
        {"id": "none", "kind": "tap", "allowedTouchTypes": []}]}]}
    """

  @Test("allowedTouchTypes: UIKit's names, all three by default, an empty list taking nothing")
  func decoding() throws {
    let scene = try Scene(json: Self.json, fileName: "t.json")
    let gestures = Dictionary(uniqueKeysWithValues: scene.allGestures.map { ($0.id, $0.allowedTouchTypes) })
    #expect(gestures["pen-pan"] == [.pencil])
    #expect(gestures["finger-pan"] == [.direct, .indirectPointer])
    #expect(gestures["none"] == [])
    let plain = try Scene(
      json:
        #"{"name": "p", "size": [10, 10], "views": [{"id": "v", "frame": [0, 0, 5, 5], "gestures": [{"id": "g", "kind": "pan"}]}]}"#,
      fileName: "p.json")
    #expect(plain.allGestures.first?.allowedTouchTypes == [.direct, .indirectPointer, .pencil])
  }

  @Test("an unknown touch type or a string instead of a list is refused in one line, naming the choices")
  func refused() {
    for (value, expected) in [
      (#"["stylus"]"#, "direct"), (#""pencil""#, "array"), (#"[3]"#, "string"),
    ] {
      let json = Self.json.replacingOccurrences(of: #"["pencil"]"#, with: value)
      do {
        _ = try Scene(json: json, fileName: "t.json")
        Issue.record("\(value) was accepted")
      } catch {
        let message = "\(error)"
        #expect(message.contains("allowedTouchTypes") && !message.contains("\n"), "\(message)")
        #expect(message.contains(expected), "\(value): \(message)")
      }
    }
  }

  @Test(
    "a pen drags only the pen card and a finger only the finger card; the log names the pencil and its force")
  func dragging() throws {
    let h = try SceneHarness(Self.json)
    var lines: [String] = []
    let log = EventLog { lines.append($0) }
    log.scene = h.installed
    h.window.observer = log
    let pen = TouchInput.pencilID(tool: 1)
    // A finger on the pen card: nothing moves.
    h.send(at: 0, .down(0, at: pt(50, 50)))
    h.send(at: 0.02, .motion(0, to: pt(80, 50)))
    h.send(at: 0.04, .up(0))
    #expect(h.center("pen-card") == pt(50, 50))
    // The pen on it: the card follows, pressing harder as it goes.
    h.send(
      at: 0.1,
      TouchInput(kind: .down, id: pen, location: pt(50, 50), type: .pencil, pen: PenState(pressure: 0.25)))
    h.send(
      at: 0.12,
      TouchInput(kind: .motion, id: pen, location: pt(50, 80), type: .pencil, pen: PenState(pressure: 0.5)))
    h.send(at: 0.14, .up(pen, type: .pencil))
    #expect(h.center("pen-card") == pt(50, 80))
    // The pen on the finger card: nothing moves.
    h.send(
      at: 0.2,
      TouchInput(
        kind: .down, id: pen, location: pt(250, 50), type: .pencil,
        pen: PenState(pressure: 0.5, isEraser: true)))
    h.send(
      at: 0.22,
      TouchInput(
        kind: .motion, id: pen, location: pt(280, 50), type: .pencil,
        pen: PenState(pressure: 0.5, isEraser: true)))
    h.send(at: 0.24, .up(pen, type: .pencil))
    #expect(h.center("finger-card") == pt(250, 50))
    #expect(
      lines.contains(
        #"{"t":0.1,"type":"touches","view":"pen-card","phase":"began","ids":[-100001],"pencils":[-100001],"force":[1.0]}"#
      ))
    #expect(
      lines.contains(
        #"{"t":0.2,"type":"touches","view":"finger-card","phase":"began","ids":[-100001],"pencils":[-100001],"force":[2.0],"erasers":[-100001]}"#
      ))
    #expect(!lines.contains { $0.contains(#""ids":[0]"#) && $0.contains("pencils") }, "a finger is no pencil")
  }
}
