import GestureKit

/// What an event log says over time, for ``TimelinePicture``: a lane per touch (from its first
/// delivery to its end, with every delivery to its view's own handlers), and a lane per
/// recognizer (its state changes and action calls), in milliseconds.
///
/// Built from the log's lines (docs/FORMATS.md, "Event log") as they are written, so that it
/// shows what the log says and nothing else.
///
/// Bounded however long the log: at most ``maximumTouchLanes`` touches and
/// ``maximumRecognizerLanes`` recognizers (the first ones, or for a live panel the latest;
/// the others are counted), and at most ``maximumMarks`` deliveries or changes a lane (past
/// that every other `moved` or `changed` is forgotten, then every other mark: a picture a
/// few hundred pixels wide shows no more).
public struct Timeline: Equatable, Sendable {
  /// The most touch lanes kept.
  public static let maximumTouchLanes = 400
  /// The most recognizer lanes kept.
  public static let maximumRecognizerLanes = 100
  /// The most deliveries (or state changes) a lane keeps.
  public static let maximumMarks = 2048

  /// A delivery to a view's own handlers.
  public struct Delivery: Equatable, Sendable {
    /// When, in ms.
    public var time: Double
    /// `began`, `moved`, `ended` or `cancelled`.
    public var phase: String
    /// For a delivery withheld and released later (the log's `since`, this touch's entry),
    /// when the input it reports happened, in ms.
    public var since: Double?
  }

  /// One touch's lane.
  public struct TouchLane: Equatable, Sendable {
    /// The touch's id in the log.
    public var id: Int
    /// The view it is bound to.
    public var view: String
    /// When the finger went down (from the input), or else its first delivery, in ms.
    public var start: Double
    /// Its last delivery, in ms; nil while it has not ended or been cancelled.
    public var end: Double?
    /// Every delivery, in order.
    public var deliveries: [Delivery]
    /// Whether the timeline was told the touch's input (``Timeline/add(input:of:at:)``):
    /// then the lane runs from the finger's down to its lift or cancel.
    public var hasInput = false
    /// When the finger lifted or the system cancelled the touch, in ms; nil while it is down
    /// (or when the input is not known).
    public var inputEnd: Double?
    /// Whether the input ended in a system cancel rather than a lift.
    public var inputCancelled = false

    /// Whether nothing more will come for the lane: its deliveries are over (or it never had
    /// any) and, when its input is known, the finger is up.
    public var isOver: Bool {
      (end != nil || (hasInput && deliveries.isEmpty)) && (!hasInput || inputEnd != nil)
    }

    /// What the id says of the device: the pointer (-1), the Alt emulation's second finger
    /// (-2), or a finger.
    public var type: String {
      switch id {
      case -1, -1001, -2001: "pointer"
      case ..<0: "emulated"
      default: "finger"
      }
    }
  }

  /// A recognizer's state change or update.
  public struct StateChange: Equatable, Sendable {
    /// When, in ms.
    public var time: Double
    /// The state entered as the log names it (`began`, `changed`, `ended`, `recognized`,
    /// `failed`, `cancelled`).
    public var state: String
    /// Its place among every recognizer's changes, in log order.
    public var order: Int
  }

  /// One recognizer's lane.
  public struct RecognizerLane: Equatable, Sendable {
    /// Its name (the scene's gesture id).
    public var name: String
    /// Its kind (`pan`, `tap`, ...).
    public var kind: String
    /// The view it is attached to.
    public var view: String
    /// Its state changes, in order.
    public var changes: [StateChange]
  }

  /// The touches, in the order they first appear.
  public private(set) var touches: [TouchLane] = []
  /// The recognizers, in the order they first appear.
  public private(set) var recognizers: [RecognizerLane] = []
  /// The first time of the log, in ms.
  public private(set) var start: Double?
  /// The last time of the log, in ms.
  public private(set) var end: Double?

  /// Touches and recognizers not kept for ``maximumTouchLanes`` and ``maximumRecognizerLanes``.
  public private(set) var droppedTouches = 0
  /// See ``droppedTouches``.
  public private(set) var droppedRecognizers = 0
  /// Whether a new lane past the limit replaces the oldest (a live panel) or is dropped.
  private let keepsLatest: Bool
  /// The touch ids whose lane was dropped and has not ended, and the recognizers dropped.
  private var droppedOpenTouches: Set<Int> = []
  private var droppedNames: Set<String> = []

  /// The recognizer changes read so far.
  private var changeCount = 0
  /// The lane of each touch id that has not ended, and of each recognizer, by index: a line
  /// is added in the same time however long the log (rebuilt when lanes are dropped).
  private var openTouches: [Int: Int] = [:]
  private var recognizerLanes: [String: Int] = [:]

  /// An empty timeline; `keepsLatest`: past the lane limits the oldest lane gives way to a
  /// new one (a live panel), instead of the new one being dropped (a whole log's picture).
  public init(keepsLatest: Bool = false) {
    self.keepsLatest = keepsLatest
  }

  /// Forgets what happened before `time` (ms): touches that ended before it, deliveries and
  /// state changes before it, recognizers left with none (a live panel keeps a few seconds).
  public mutating func forget(before time: Double) {
    touches.removeAll { $0.isOver && max($0.end ?? -.infinity, $0.inputEnd ?? -.infinity) < time }
    for index in touches.indices { touches[index].deliveries.removeAll { $0.time < time } }
    for index in recognizers.indices { recognizers[index].changes.removeAll { $0.time < time } }
    recognizers.removeAll { $0.changes.isEmpty }
    if let start, start < time { self.start = time }
    reindex()
  }

  /// Finds the lanes again after some were dropped.
  private mutating func reindex() {
    openTouches = [:]
    for (index, lane) in touches.enumerated() where !lane.isOver { openTouches[lane.id] = index }
    recognizerLanes = [:]
    for (index, lane) in recognizers.enumerated() { recognizerLanes[lane.name] = index }
  }

  /// Keeps only the `lanes` latest lanes: the recognizers first (a few), then the touches
  /// that started last.
  mutating func keepLatest(lanes: Int) {
    if recognizers.count > lanes { recognizers.removeFirst(recognizers.count - lanes) }
    let room = max(0, lanes - recognizers.count)
    if touches.count > room { touches.removeFirst(touches.count - room) }
    reindex()
  }

  /// Adds what `touch` did as input at `seconds` (`EventLog.onInput`): `began` (down) opens
  /// its lane there, `ended` (lifted) or `cancelled` (by the system) ends it, whatever its
  /// view was told: a lane runs from the finger's down to its lift, with the deliveries on
  /// it. Its deliveries are those of the log's lines with its id (a touch keeps its id while
  /// the window knows it, so a lane is never confused with a later touch's).
  public mutating func add(input phase: TouchPhase, of touch: Touch, at seconds: Double) {
    let time = seconds * 1000
    let id = touch.id
    start = start ?? time
    end = max(end ?? time, time)
    switch phase {
    case .began:
      droppedOpenTouches.remove(id)
      if touches.count >= Self.maximumTouchLanes {
        guard keepsLatest else {
          droppedTouches += 1
          droppedOpenTouches.insert(id)
          return
        }
        touches.removeFirst()
        reindex()
      }
      var lane = TouchLane(id: id, view: touch.view?.identifier ?? "", start: time, deliveries: [])
      lane.hasInput = true
      touches.append(lane)
      openTouches[id] = touches.count - 1
    case .ended, .cancelled:
      guard let index = openTouches[id], touches[index].hasInput, touches[index].inputEnd == nil else {
        return
      }
      touches[index].inputEnd = time
      touches[index].inputCancelled = phase == .cancelled
      if touches[index].isOver { openTouches[id] = nil }
    case .moved, .stationary:
      break
    }
  }

  /// Halves `marks`: every other one that `keep` does not keep, or, when those are too few
  /// to matter, every other one but the first and the last.
  private static func thin<Mark>(_ marks: inout [Mark], keeping keep: (Mark) -> Bool) {
    var dropped = 0
    var odd = false
    marks.removeAll { mark in
      guard !keep(mark) else { return false }
      odd.toggle()
      if odd { dropped += 1 }
      return odd
    }
    guard dropped < marks.count / 4 else { return }
    let last = marks.count - 1
    marks = marks.enumerated().filter { $0.offset == 0 || $0.offset == last || $0.offset % 2 == 0 }.map(
      \.element)
  }

  /// Why each state change happened, as far as the log tells, in a few words, by its
  /// `order`: a failure logged right after another recognizer began or was recognized in the
  /// same instant ("failed as pan began": it was prevented, as UIKit's recognizers prevent
  /// one another), or a beginning logged right after another's failure in the same instant
  /// ("began after tap failed": it waited for that failure, `requireToFail`). Found in one
  /// pass over the changes, grouped by instant.
  public func causes() -> [Int: String] {
    var instants: [Double: [(name: String, change: StateChange)]] = [:]
    for lane in recognizers {
      for change in lane.changes { instants[change.time, default: []].append((lane.name, change)) }
    }
    let starts = ["began", "recognized"]
    var causes: [Int: String] = [:]
    for group in instants.values where group.count > 1 {
      let ordered = group.sorted { $0.change.order < $1.change.order }
      for (index, (name, change)) in ordered.enumerated() {
        let before = ordered[..<index].reversed().filter { $0.name != name }
        if change.state == "failed", let other = before.first(where: { starts.contains($0.change.state) }) {
          causes[change.order] = "failed as \(other.name) \(other.change.state)"
        } else if starts.contains(change.state),
          let other = before.first(where: { $0.change.state == "failed" })
        {
          causes[change.order] = "\(change.state) after \(other.name) failed"
        }
      }
    }
    return causes
  }

  /// Adds one line of an event log (lines it does not draw, such as `final`, only move its
  /// end; lines that are not JSON objects are ignored).
  public mutating func add(logLine line: String) {
    guard case .object(let object)? = try? JSONValue.parse(line),
      case .number(let seconds)? = object["t"], case .string(let type)? = object["type"]
    else { return }
    let time = seconds * 1000
    start = start ?? time
    end = time
    func text(_ key: String) -> String {
      if case .string(let value)? = object[key] { return value }
      return ""
    }
    switch type {
    case "touches":
      guard case .array(let ids)? = object["ids"] else { return }
      let phase = text("phase")
      var reported: [Double] = []
      if case .array(let times)? = object["since"] {
        for case .number(let seconds) in times { reported.append(seconds * 1000) }
      }
      for (position, value) in ids.enumerated() {
        guard case .number(let number) = value else { continue }
        let id = Int(number)
        // A lane per touch: a new one for an id whose last lane has ended.
        if droppedOpenTouches.contains(id) {
          if phase == "ended" || phase == "cancelled" { droppedOpenTouches.remove(id) }
          continue
        }
        var index = openTouches[id]
        if index == nil, touches.count >= Self.maximumTouchLanes {
          guard keepsLatest else {
            droppedTouches += 1
            if phase != "ended" && phase != "cancelled" { droppedOpenTouches.insert(id) }
            continue
          }
          touches.removeFirst()
          reindex()
          index = openTouches[id]
        }
        // Released late: the input it reports came before the delivery.
        let since = position < reported.count && reported[position] < time - 1e-6 ? reported[position] : nil
        // A touch whose began was withheld starts where it went down.
        // The lane is changed where it is: a copy would copy its deliveries at every line.
        let lane: Int
        if let index {
          lane = index
        } else {
          touches.append(
            TouchLane(id: id, view: text("view"), start: min(time, since ?? time), deliveries: []))
          lane = touches.count - 1
        }
        touches[lane].deliveries.append(Delivery(time: time, phase: phase, since: since))
        if touches[lane].deliveries.count > Self.maximumMarks {
          Self.thin(&touches[lane].deliveries, keeping: { $0.phase != "moved" })
        }
        if phase == "ended" || phase == "cancelled" { touches[lane].end = time }
        // A lane whose input is known stays found until the finger is up too.
        openTouches[id] = touches[lane].isOver ? nil : lane
      }
    case "gesture":
      let name = text("gesture")
      let change = StateChange(time: time, state: text("state"), order: changeCount)
      changeCount += 1
      if let index = recognizerLanes[name] {
        recognizers[index].changes.append(change)
        if recognizers[index].changes.count > Self.maximumMarks {
          Self.thin(&recognizers[index].changes, keeping: { $0.state != "changed" })
        }
      } else if droppedNames.contains(name) {
        return
      } else if recognizers.count >= Self.maximumRecognizerLanes, !keepsLatest {
        droppedNames.insert(name)
        droppedRecognizers += 1
      } else {
        if recognizers.count >= Self.maximumRecognizerLanes {
          recognizers.removeFirst()
          reindex()
        }
        recognizerLanes[name] = recognizers.count
        recognizers.append(
          RecognizerLane(name: name, kind: text("kind"), view: text("view"), changes: [change]))
      }
    default:
      break
    }
  }
}
