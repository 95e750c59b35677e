import GestureKit
import Testing

@testable import Playground

/// The debug overlay's labels placed so that none covers another (``LabelStack``).
@Suite("Label stack")
struct LabelStackTests {
  @Test("a box that meets none stays; one that meets another moves just below it")
  func movesBelow() {
    var stack = LabelStack()
    let first = Rect(x: 10, y: 10, width: 100, height: 14)
    #expect(stack.place(first) == first)
    #expect(
      stack.place(Rect(x: 200, y: 10, width: 50, height: 14)) == Rect(x: 200, y: 10, width: 50, height: 14))
    #expect(
      stack.place(Rect(x: 60, y: 12, width: 100, height: 14)) == Rect(x: 60, y: 25, width: 100, height: 14))
  }

  @Test("boxes at one point stack in the order placed; a box moved onto another moves again")
  func stacks() {
    var stack = LabelStack()
    let lower = Rect(x: 0, y: 30, width: 40, height: 14)
    #expect(stack.place(lower) == lower)
    #expect(stack.place(Rect(x: 0, y: 15, width: 40, height: 14)) == Rect(x: 0, y: 15, width: 40, height: 14))
    // Below the box at 15 it meets the one at 30, and goes below that.
    #expect(
      stack.place(Rect(x: 10, y: 16, width: 40, height: 14)) == Rect(x: 10, y: 45, width: 40, height: 14))
    var tops: [Double] = []
    var column = LabelStack()
    for _ in 0..<4 { tops.append(column.place(Rect(x: 5, y: 5, width: 30, height: 14)).minY) }
    #expect(tops == [5, 20, 35, 50])
  }

  @Test("boxes far apart in a grid cell's terms still stack; absurd coordinates neither move nor trap")
  func hostile() {
    var stack = LabelStack()
    // Wider than the grid's widest cells: its left part keeps the next box off.
    let wide = Rect(x: 0, y: 0, width: 100_000, height: 14)
    #expect(stack.place(wide) == wide)
    #expect(stack.place(Rect(x: 30, y: 0, width: 10, height: 14)).minY == 15)
    for box in [
      Rect(x: .nan, y: 0, width: 10, height: 14), Rect(x: 0, y: .infinity, width: 10, height: 14),
      Rect(x: 1e300, y: -1e300, width: 10, height: 14),
    ] {
      let placed = stack.place(box)
      #expect(placed.minX.isNaN == box.minX.isNaN)
    }
    // Ten thousand boxes at one point: each moves at most `maximumMoves` times.
    var crowd = LabelStack()
    var lowest = 0.0
    for _ in 0..<10_000 { lowest = max(lowest, crowd.place(Rect(x: 0, y: 0, width: 20, height: 14)).minY) }
    #expect(lowest == Double(LabelStack.maximumMoves) * 15)
  }

  @Test("the overlay's labels of two touching views do not cover each other")
  func overlayLabels() throws {
    let scene = try Scene(
      json: """
        {"name": "pair", "size": [300, 200], "views": [
          {"id": "a", "frame": [10, 10, 40, 40], "fill": "#ff0000",
           "gestures": [{"id": "a-long-pan-name", "kind": "pan", "behavior": "drag"},
                        {"id": "a-tap", "kind": "tap"}]},
          {"id": "b", "frame": [50, 10, 40, 40], "fill": "#00ff00",
           "gestures": [{"id": "b-long-pan-name", "kind": "pan", "behavior": "drag"}]}]}
        """, fileName: "pair.json")
    let replay = Replay(scene: scene, log: EventLog { _ in }, catalog: SceneCatalog(scenes: [scene]))
    replay.play(
      try Trace(
        jsonLines: """
          {"t": 0, "type": "key", "key": "d", "state": "pressed"}
          {"t": 0, "type": "key", "key": "d", "state": "released"}
          """, fileName: "t.jsonl"))
    replay.finish()
    let labels = replay.session.overlay.recognizerLabels()
    #expect(
      labels.map(\.text) == ["a-long-pan-name: possible", "a-tap: possible", "b-long-pan-name: possible"])
    // View a's column where it always was, at its corner; b's below it.
    #expect(labels[0].box.origin == Point(x: 14, y: 14))
    #expect(labels[1].box.origin == Point(x: 14, y: 29))
    #expect(labels[2].box.minY >= labels[1].box.maxY)
    for (index, label) in labels.enumerated() {
      for other in labels[(index + 1)...] { #expect(!label.box.intersects(other.box)) }
    }
  }
}
