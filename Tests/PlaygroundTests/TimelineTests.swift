import CairoRenderer
import Foundation
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// `replay --timeline` (Timeline.swift, TimelinePicture.swift): the lanes read from an event
/// log, the picture's shapes, its SVG, and its PNG drawn with cairo.
@Suite("Timeline")
struct TimelineTests {
  /// The delivery lab's double tap with the mouse, then a single tap that fails it.
  static let log = [
    #"{"t":0.1,"type":"touches","view":"pad","phase":"began","ids":[-1]}"#,
    #"{"t":0.4,"type":"touches","view":"pad","phase":"began","ids":[-1001]}"#,
    #"{"t":0.45,"type":"gesture","gesture":"double-tap","kind":"tap","view":"pad","state":"recognized","location":[300.0,300.0],"touches":0,"taps":2}"#,
    #"{"t":0.45,"type":"touches","view":"pad","phase":"cancelled","ids":[-1,-1001]}"#,
    #"{"t":0.6,"type":"touches","view":"pad","phase":"began","ids":[-1]}"#,
    #"{"t":1.0,"type":"gesture","gesture":"double-tap","kind":"tap","view":"pad","state":"failed","location":[300.0,300.0],"touches":0,"taps":2}"#,
    #"{"t":1.0,"type":"touches","view":"pad","phase":"ended","ids":[-1],"since":[0.65]}"#,
    #"{"t":1.0,"type":"final","views":[]}"#,
  ]

  static func timeline() -> Timeline {
    var timeline = Timeline()
    for line in log { timeline.add(logLine: line) }
    return timeline
  }

  @Test("a lane per touch (a new one when an id comes back after its end), a lane per recognizer")
  func lanes() {
    let timeline = Self.timeline()
    #expect(timeline.touches.map(\.id) == [-1, -1001, -1])
    #expect(timeline.touches.map(\.start) == [100, 400, 600])
    #expect(timeline.touches.map(\.end) == [450, 450, 1000])
    #expect(timeline.touches[0].deliveries.map(\.phase) == ["began", "cancelled"])
    #expect(timeline.touches[0].type == "pointer" && timeline.touches[0].view == "pad")
    #expect(timeline.recognizers.count == 1)
    #expect(timeline.recognizers[0].changes.map(\.state) == ["recognized", "failed"])
    #expect(timeline.recognizers[0].changes.map(\.time) == [450, 1000])
    #expect(timeline.start == 100 && timeline.end == 1000)
    var ignored = timeline
    ignored.add(logLine: "not json")
    #expect(ignored == timeline, "a line that is no log line changes nothing")
  }

  @Test("a delivery released late keeps the time of its input; causes are read from the order of one instant")
  func releasedAndCauses() {
    let timeline = Self.timeline()
    #expect(timeline.touches[2].deliveries.last == Timeline.Delivery(time: 1000, phase: "ended", since: 650))
    var taps = Timeline()
    for line in [
      #"{"t":0.4,"type":"gesture","gesture":"double","kind":"tap","view":"lamp","state":"failed"}"#,
      #"{"t":0.4,"type":"gesture","gesture":"single","kind":"tap","view":"lamp","state":"recognized"}"#,
      #"{"t":0.8,"type":"gesture","gesture":"double","kind":"tap","view":"lamp","state":"recognized"}"#,
      #"{"t":0.8,"type":"gesture","gesture":"single","kind":"tap","view":"lamp","state":"failed"}"#,
      #"{"t":0.9,"type":"gesture","gesture":"single","kind":"tap","view":"lamp","state":"failed"}"#,
    ] {
      taps.add(logLine: line)
    }
    let single = taps.recognizers[1]
    #expect(
      single.changes.map { taps.causes()[$0.order] } == [
        "recognized after double failed", "failed as double recognized", nil,
      ])
    #expect(taps.recognizers[0].changes.map { taps.causes()[$0.order] } == [nil, nil])
  }

  @Test("the event log marks a delivery withheld and released later with the time of its input")
  func logSince() throws {
    let trace = try Trace(
      jsonLines: """
        {"t":0,"type":"pointer.enter","x":300,"y":300}
        {"t":0,"type":"pointer.frame"}
        {"t":0.6,"type":"pointer.button","button":"left","state":"pressed"}
        {"t":0.6,"type":"pointer.frame"}
        {"t":0.65,"type":"pointer.button","button":"left","state":"released"}
        {"t":0.65,"type":"pointer.frame"}
        {"t":2,"type":"pointer.frame"}
        """, fileName: "tap.jsonl")
    var lines: [String] = []
    let replay = Replay(scene: try SceneLibrary.load("delivery"), log: EventLog { lines.append($0) })
    replay.play(trace)
    #expect(
      lines.contains(#"{"t":1.0,"type":"touches","view":"pad","phase":"ended","ids":[-1],"since":[0.65]}"#),
      "\(lines)")
    #expect(
      lines.contains(#"{"t":0.6,"type":"touches","view":"pad","phase":"began","ids":[-1]}"#),
      "no since when on time")
  }

  @Test("the picture labels every lane, marks every delivery and state, and has an axis in ms and a legend")
  func picture() {
    let picture = TimelinePicture(Self.timeline())
    let texts = picture.shapes.compactMap { shape -> String? in
      if case .text(let text, _, _, _, _) = shape { return text }
      return nil
    }
    for label in [
      "touch -1 · pointer · pad", "touch -1001 · pointer · pad", "double-tap (tap) · pad", "recognized",
      "failed",
      "100 ms", "1000 ms", "began", "cancelled", "began / changed",
    ] {
      #expect(texts.contains(label), "no \"\(label)\" in \(texts)")
    }
    let svg = picture.svg()
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains(">touch -1001 · pointer · pad</text>"))
    #expect(svg.hasSuffix("</svg>\n"))
  }

  @Test("the PNG shows the marks where the SVG puts them")
  func png() {
    let picture = TimelinePicture(Self.timeline())
    let image = picture.png()
    #expect(image.width == Int(picture.width) && image.height == Int(picture.height))
    // The failed mark: a 10x10 red square on the recognizer lane at 1000 ms.
    for shape in picture.shapes {
      guard case .rect(let rect, let color) = shape, color == Color(red: 0.85, green: 0.16, blue: 0.16),
        rect.width == 10
      else { continue }
      let pixel = image.pixel(x: Int(rect.midX), y: Int(rect.midY))
      #expect(abs(Int(pixel.r) - 217) <= 2 && abs(Int(pixel.g) - 41) <= 2, "\(pixel)")
    }
  }

  @Test("replay --timeline writes the picture, SVG or PNG by the extension, and checks it can first")
  func replayWritesIt() throws {
    let folder = temporaryDirectory()
    let trace = folder + "/double.jsonl"
    try """
    {"t":0,"type":"pointer.enter","x":300,"y":300}
    {"t":0.1,"type":"pointer.button","button":"left","state":"pressed"}
    {"t":0.15,"type":"pointer.button","button":"left","state":"released"}
    {"t":0.4,"type":"pointer.button","button":"left","state":"pressed"}
    {"t":0.45,"type":"pointer.button","button":"left","state":"released"}
    """.write(toFile: trace, atomically: true, encoding: .utf8)
    let svg = folder + "/t.svg"
    let status = runReplay(
      scene: "delivery", tracePath: trace, logPath: folder + "/log.jsonl", snapshotPath: nil,
      timelinePath: svg)
    #expect(status == 0)
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(text.contains("double-tap (tap) · pad") && text.contains("touch -1001 · pointer · pad"))
    let png = folder + "/t.png"
    #expect(
      runReplay(
        scene: "delivery", tracePath: trace, logPath: folder + "/log.jsonl", snapshotPath: nil,
        timelinePath: png)
        == 0)
    #expect(try Image(contentsOfPNG: png).width == Int(TimelinePicture(Timeline()).width))
    #expect(
      runReplay(
        scene: "delivery", tracePath: trace, logPath: nil, snapshotPath: nil,
        timelinePath: "/nonexistent/t.svg")
        == ExitStatus.systemError.rawValue)
  }
}
