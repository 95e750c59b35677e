import GestureKit
import WaylandBackend

/// Parses the text of a trace file (JSON Lines, docs/FORMATS.md "Trace file") into seat
/// events with their times, checking every rule; the first violation is thrown as a
/// one-line ``TraceError`` naming the file and line.
///
/// - Each non-blank line is one JSON object with `t` (seconds, at least 0, never
///   decreasing) and `type`, plus the keys of that type; unknown keys are rejected with a
///   suggestion, as in scene files. Blank lines are skipped; a CR before the LF is ignored.
/// - A trace with no `touch.frame` at all gets one after every `touch.down`, `touch.motion`
///   and `touch.up`, at the same time, so hand-written traces may leave frames out.
struct TraceParser {
  /// The file name used in errors.
  let file: String
  /// The time of the last event parsed.
  private var previousTime: Double?

  /// A parser of the lines of `file`, from its first.
  init(file: String) {
    self.file = file
  }

  /// Parses the whole text; nothing is returned unless every line is valid.
  func parse(_ text: String) throws(TraceError) -> [(time: Double, event: TraceEvent)] {
    var parser = TraceParser(file: file)
    var events: [(time: Double, event: TraceEvent)] = []
    let lines = Array(text.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
    for (index, rawLine) in lines.enumerated() {
      var bytes = rawLine[...]
      if bytes.last == 0x0D { bytes = bytes.dropLast() }
      if let entry = try parser.parse(line: bytes, number: index + 1) { events.append(entry) }
    }
    return Self.insertingTouchFrames(events)
  }

  /// Parses line `number` (without its line break), the next of the file: its event, or nil
  /// for a blank line. Checks that times never decrease across the lines given.
  mutating func parse(line bytes: ArraySlice<UInt8>, number: Int) throws(TraceError) -> (
    time: Double, event: TraceEvent
  )? {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw TraceError(file: file, location: .line(number), message: "the line is not UTF-8 text")
    }
    let (time, event) = try parseLine(text, number: number)
    if let previousTime, time < previousTime {
      throw TraceError(
        file: file, location: .line(number),
        message: "\"t\" went backwards (\(TraceWriter.fixed(time)) after \(TraceWriter.fixed(previousTime)))")
    }
    previousTime = time
    return (time, event)
  }

  /// `events` unchanged when it has a `touch.frame`; otherwise with one after every touch change.
  static func insertingTouchFrames(_ events: [(time: Double, event: TraceEvent)]) -> [(
    time: Double, event: TraceEvent
  )] {
    guard !events.contains(where: { $0.event == .seat(.touchFrame) }) else { return events }
    var framed: [(time: Double, event: TraceEvent)] = []
    framed.reserveCapacity(events.count * 2)
    for entry in events {
      framed.append(entry)
      if case .seat(let event) = entry.event, TraceEventType(event).isTouchChange {
        framed.append((entry.time, .seat(.touchFrame)))
      }
    }
    return framed
  }

  /// One line: JSON syntax, then `type`, the keys it allows and needs, then the values.
  private func parseLine(_ text: String, number: Int) throws(TraceError) -> (Double, TraceEvent) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(text)
    } catch {
      throw TraceError(
        file: file, location: .position(line: number, column: error.column), message: error.message)
    }
    let failure = { (message: String) in TraceError(file: file, location: .line(number), message: message) }
    guard case .object(let object) = value else {
      throw failure("expected a JSON object (one event per line), got \(value.typeDescription)")
    }
    guard let typeValue = object["type"] else { throw failure("missing required key \"type\"") }
    guard case .string(let typeName) = typeValue else {
      throw failure("\"type\": expected a string, got \(typeValue.typeDescription)")
    }
    guard let type = TraceEventType(rawValue: typeName) else {
      throw failure(
        "unknown type \"\(typeName)\" (expected one of \(TraceEventType.names.joined(separator: ", ")))")
    }
    let allowed = type.allowedKeys
    let takes = "(\(typeName) takes \(allowed.joined(separator: ", ")))"
    for key in object.keys where !allowed.contains(key) {
      var message = "unknown key \"\(key)\""
      if let guess = SceneFieldReader.closest(to: key, in: allowed) {
        message += ", did you mean \"\(guess)\"?"
      }
      throw failure(message + " " + takes)
    }
    for key in ["t"] + type.requiredKeys where object[key] == nil {
      throw failure("missing required key \"\(key)\" \(takes)")
    }
    let reader = TraceLineReader(file: file, line: number, object: object)
    let time = try reader.number("t", atLeast: 0)
    guard time <= Self.maximumTime else {
      throw reader.failure(
        "t",
        "expected at most \(Int(Self.maximumTime)) seconds (about 31 years), got \(SceneFieldReader.format(time))"
      )
    }
    if type == .windowSize {
      let range = 1.0...Self.maximumWindowSide
      let text = "from 1 to \(Int(Self.maximumWindowSide))"
      let width = try reader.integer("width", in: range, text)
      let height = try reader.integer("height", in: range, text)
      return (time, .windowSize(Size(width: width, height: height)))
    }
    if type == .sceneReload { return (time, .sceneReload) }
    return (time, .seat(try Self.event(type, from: reader)))
  }

  /// The latest `t` a trace line may have, in seconds (about 31 years): every time the
  /// replay, the log and the timeline derive from it stays finite, and milliseconds keep
  /// their four decimals.
  static let maximumTime = 1e9

  /// The largest window side a `window.size` line may give, in logical pixels (a window
  /// over several 8K outputs; more is garbage).
  static let maximumWindowSide = 32_768.0

  /// The seat event of a line whose keys have been checked.
  private static func event(_ type: TraceEventType, from r: TraceLineReader) throws(TraceError) -> SeatEvent {
    switch type {
    case .touchDown: return .touchDown(id: try r.touchID(), location: try r.location())
    case .touchMotion: return .touchMotion(id: try r.touchID(), location: try r.location())
    case .touchUp: return .touchUp(id: try r.touchID())
    case .touchFrame: return .touchFrame
    case .touchCancel: return .touchCancel
    case .pointerEnter: return .pointerEnter(location: try r.location())
    case .pointerLeave: return .pointerLeave
    case .pointerMotion: return .pointerMotion(location: try r.location())
    case .pointerButton: return .pointerButton(button: try r.button(), pressed: try r.isPressed())
    case .pointerAxis:
      let axis = ScrollAxis(rawValue: try r.choice("axis", from: ScrollAxis.allCases.map(\.rawValue)))!
      let value = try r.number("value")
      var source: ScrollSource?
      if r.object["source"] != nil {
        let name = try r.choice("source", from: TraceEventType.sourceNames.map(\.name))
        source = TraceEventType.sourceNames.first { $0.name == name }!.source
      }
      var discrete: Int?
      if r.object["discrete"] != nil {
        discrete = Int(try r.integer("discrete", in: -1_000_000...1_000_000, "from -1000000 to 1000000"))
      }
      var value120: Int?
      if r.object["value120"] != nil {
        value120 = Int(
          try r.integer("value120", in: -120_000_000...120_000_000, "from -120000000 to 120000000"))
      }
      return .pointerAxis(axis: axis, value: value, source: source, discrete: discrete, value120: value120)
    case .pointerAxisStop:
      return .pointerAxisStop(
        axis: ScrollAxis(rawValue: try r.choice("axis", from: ScrollAxis.allCases.map(\.rawValue)))!)
    case .pointerFrame: return .pointerFrame
    case .key:
      let name = try r.keysymName("key")
      let shifted = r.object["shifted"] != nil ? try r.keysymName("shifted") : nil
      let latin = r.object["latin"] != nil ? try r.keysymName("latin") : nil
      return .key(name: name, pressed: try r.isPressed(), shifted: shifted, latin: latin)
    case .pinchBegin: return .pinchBegin(fingers: try r.fingers())
    case .pinchUpdate:
      return .pinchUpdate(
        delta: Point(x: try r.number("dx"), y: try r.number("dy")), scale: try r.number("scale"),
        rotation: try r.number("rotation"))
    case .pinchEnd: return .pinchEnd(cancelled: try r.bool("cancelled"))
    case .swipeBegin: return .swipeBegin(fingers: try r.fingers())
    case .swipeUpdate: return .swipeUpdate(delta: Point(x: try r.number("dx"), y: try r.number("dy")))
    case .swipeEnd: return .swipeEnd(cancelled: try r.bool("cancelled"))
    case .holdBegin: return .holdBegin(fingers: try r.fingers())
    case .holdEnd: return .holdEnd(cancelled: try r.bool("cancelled"))
    case .tabletProximityIn:
      let kind = try r.choice("kind", from: TabletToolKind.allCases.map(\.rawValue))
      return .tabletProximityIn(tool: try r.tool(), kind: TabletToolKind(rawValue: kind)!)
    case .tabletProximityOut: return .tabletProximityOut(tool: try r.tool())
    case .tabletDown: return .tabletDown(tool: try r.tool())
    case .tabletUp: return .tabletUp(tool: try r.tool())
    case .tabletMotion: return .tabletMotion(tool: try r.tool(), location: try r.location())
    case .tabletPressure: return .tabletPressure(tool: try r.tool(), pressure: try r.number("pressure"))
    case .tabletDistance: return .tabletDistance(tool: try r.tool(), distance: try r.number("distance"))
    case .tabletTilt:
      let (x, y) = try r.pair("tilt")
      return .tabletTilt(tool: try r.tool(), x: x, y: y)
    case .tabletRotation: return .tabletRotation(tool: try r.tool(), degrees: try r.number("degrees"))
    case .tabletButton:
      return .tabletButton(tool: try r.tool(), button: try r.button(), pressed: try r.isPressed())
    case .tabletFrame: return .tabletFrame(tool: try r.tool())
    case .tabletRemoved: return .tabletToolRemoved(tool: try r.tool())
    case .touchLost: return .touchCapabilityLost
    case .pointerLost: return .pointerCapabilityLost
    case .windowSize, .sceneReload:
      preconditionFailure("\(type.rawValue) is not a seat event (parsed by parseLine)")
    }
  }
}
