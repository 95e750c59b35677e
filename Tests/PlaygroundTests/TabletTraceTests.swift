import GestureKit
import Testing

@testable import Playground

/// The trace lines of tablet tools (docs/FORMATS.md, "Pens and tablets"): parsed into seat
/// events, written back by the recorder to the same events, and refused in one line when a
/// field is wrong.
@Suite("Tablet trace lines")
struct TabletTraceTests {
  private static let text = """
    {"t": 0, "type": "tablet.proximity_in", "tool": 1, "kind": "pen"}
    {"t": 0, "type": "tablet.motion", "tool": 1, "x": 12.5, "y": 30}
    {"t": 0, "type": "tablet.distance", "tool": 1, "distance": 0.25}
    {"t": 0, "type": "tablet.frame", "tool": 1}
    {"t": 0.01, "type": "tablet.down", "tool": 1}
    {"t": 0.01, "type": "tablet.pressure", "tool": 1, "pressure": 0.5}
    {"t": 0.01, "type": "tablet.tilt", "tool": 1, "tilt": [30, -12.5]}
    {"t": 0.01, "type": "tablet.rotation", "tool": 1, "degrees": 90}
    {"t": 0.01, "type": "tablet.button", "tool": 1, "button": 331, "state": "pressed"}
    {"t": 0.01, "type": "tablet.frame", "tool": 1}
    {"t": 0.02, "type": "tablet.up", "tool": 1}
    {"t": 0.02, "type": "tablet.proximity_out", "tool": 1}
    {"t": 0.02, "type": "tablet.frame", "tool": 1}
    {"t": 0.03, "type": "tablet.proximity_in", "tool": 2, "kind": "eraser"}
    {"t": 0.03, "type": "tablet.removed", "tool": 2}
    """

  private static let events: [SeatEvent] = [
    .tabletProximityIn(tool: 1, kind: .pen), .tabletMotion(tool: 1, location: pt(12.5, 30)),
    .tabletDistance(tool: 1, distance: 0.25), .tabletFrame(tool: 1), .tabletDown(tool: 1),
    .tabletPressure(tool: 1, pressure: 0.5), .tabletTilt(tool: 1, x: 30, y: -12.5),
    .tabletRotation(tool: 1, degrees: 90), .tabletButton(tool: 1, button: 331, pressed: true),
    .tabletFrame(tool: 1), .tabletUp(tool: 1), .tabletProximityOut(tool: 1), .tabletFrame(tool: 1),
    .tabletProximityIn(tool: 2, kind: .eraser), .tabletToolRemoved(tool: 2),
  ]

  @Test("every tablet line parses into its seat event, and the recorder writes it back")
  func parseAndWrite() throws {
    let parsed = try parseTrace(Self.text)
    #expect(parsed.map(\.event) == Self.events)
    let written = zip(parsed, Self.events).map { TraceWriter.line(for: $1, at: $0.t) }.joined(
      separator: "\n")
    #expect(try parseTrace(written).map(\.event) == Self.events)
    #expect(written.contains(#""tilt":[30.0,-12.5]"#) && written.contains(#""kind":"eraser""#))
  }

  @Test("a wrong tool, kind or tilt is refused in one line naming the key")
  func refused() {
    for (line, key) in [
      (#"{"t": 0, "type": "tablet.down", "tool": -1}"#, "tool"),
      (#"{"t": 0, "type": "tablet.proximity_in", "tool": 1, "kind": "stylus"}"#, "kind"),
      (#"{"t": 0, "type": "tablet.tilt", "tool": 1, "tilt": [1]}"#, "tilt"),
      (#"{"t": 0, "type": "tablet.pressure", "tool": 1}"#, "pressure"),
    ] {
      do {
        _ = try parseTrace(line)
        Issue.record("accepted: \(line)")
      } catch {
        let message = "\(error)"
        #expect(message.contains(key) && !message.contains("\n"), "\(message)")
      }
    }
  }
}
