import GestureKit
import Testing

@testable import Playground

/// The timeline's touch lanes from the input: each runs from the finger's down to its lift
/// or cancel, with the deliveries marked on it, so a touch cancelled to its view shows the
/// rest of its life as not delivered, and a withheld end shows where the finger lifted.
@Suite("Timeline input lanes")
struct TimelineInputTests {
  /// A pad with a long press (0.5 s) and a double tap, both doing nothing.
  static let scene = """
    {"name": "lanes", "size": [300, 200], "views": [
      {"id": "pad", "frame": [0, 0, 300, 200], "fill": "#dddddd", "gestures": [
        {"id": "press", "kind": "longPress", "behavior": "none"},
        {"id": "double", "kind": "tap", "taps": 2, "behavior": "none"}]}]}
    """

  /// The timeline a replay of `events` builds from its log and its input, as `--timeline`
  /// does.
  static func timeline(_ events: [(time: Double, event: SeatEvent)]) throws -> Timeline {
    var timeline = Timeline()
    let log = EventLog { timeline.add(logLine: $0) }
    log.onInput = { timeline.add(input: $0, of: $1, at: $2) }
    let replay = Replay(scene: try Scene(json: scene, fileName: "lanes.json"), log: log)
    replay.play(Trace(seatEvents: events, source: "lanes"))
    replay.finish()
    return timeline
  }

  @Test("a long press cancels the view's touch at 900 ms; the lane goes on, not delivered, to the lift")
  func cancelledToItsView() throws {
    let timeline = try Self.timeline([
      (0.4, .touchDown(id: 0, location: Point(x: 100, y: 100))), (0.4, .touchFrame),
      (1.1, .touchUp(id: 0)), (1.1, .touchFrame),
    ])
    let lane = try #require(timeline.touches.first)
    #expect(timeline.touches.count == 1)
    #expect(lane.start == 400 && lane.inputEnd == 1100 && !lane.inputCancelled)
    #expect(lane.deliveries.map(\.phase) == ["began", "cancelled"])
    #expect(abs(lane.deliveries[1].time - 900) < 1e-6)
    let picture = TimelinePicture(timeline)
    // The solid bar ends at the cancel, the thin one runs on to the lift, where a tick is.
    let x = { (ms: Double) in picture.labelWidth + (ms - 400) / 700 * picture.plotWidth }
    var notDelivered: [Rect] = []
    var ticks: [Double] = []
    for shape in picture.shapes {
      switch shape {
      case .rect(let rect, TimelinePicture.notDelivered) where rect.maxY < TimelinePicture.top + 30:
        notDelivered.append(rect)
      case .line(let from, let to, TimelinePicture.ink, 1.5) where from.x == to.x: ticks.append(from.x)
      default: break
      }
    }
    #expect(notDelivered.count == 1)
    #expect(notDelivered.contains { abs($0.minX - x(900)) < 0.01 && abs($0.maxX - x(1100)) < 0.01 })
    #expect(ticks.contains { abs($0 - x(1100)) < 0.01 })
  }

  @Test("an end withheld by the double tap and then cancelled still shows where the finger lifted")
  func withheldEndCancelled() throws {
    let timeline = try Self.timeline([
      (0.0, .touchDown(id: 0, location: Point(x: 100, y: 100))), (0.0, .touchFrame),
      (0.05, .touchUp(id: 0)), (0.05, .touchFrame),
      // Esc cancels what is in flight: the double tap fails, the withheld end is cancelled.
      (0.1, .key(name: "Escape", pressed: true)),
    ])
    let lane = try #require(timeline.touches.first)
    #expect(lane.inputEnd == 50)
    #expect(lane.deliveries.map(\.phase) == ["began", "cancelled"])
    #expect(lane.end == 100)
    #expect(lane.isOver)
  }

  @Test("a second touch with the same id while the first one's end is withheld gets its own lane")
  func idsDoNotMix() throws {
    let timeline = try Self.timeline([
      (0.0, .touchDown(id: 0, location: Point(x: 100, y: 100))), (0.0, .touchFrame),
      (0.05, .touchUp(id: 0)), (0.05, .touchFrame),
      (0.15, .touchDown(id: 0, location: Point(x: 102, y: 100))), (0.15, .touchFrame),
      (0.2, .touchUp(id: 0)), (0.2, .touchFrame),
    ])
    #expect(timeline.touches.map(\.id) == [0, 1000])
    #expect(timeline.touches.map(\.inputEnd) == [50, 200])
    #expect(timeline.touches.allSatisfy { $0.isOver })
  }
}
