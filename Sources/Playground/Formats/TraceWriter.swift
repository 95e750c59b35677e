import GestureKit

/// Writes seat events as a trace file (docs/FORMATS.md, "Trace file") that ``Trace`` reads
/// back: the inverse of the trace parser, used by `run --record`.
///
/// Times are made relative to the first recorded event and written with three decimals;
/// they never decrease, even when the clock does. Coordinates and other numbers are written
/// exactly (shortest round-trip form), so a replay sees the same values the live session
/// did. An event with a non-finite number or an absurd coordinate is skipped, as the input
/// translator would drop it.
public final class TraceWriter {
  private let write: (String) -> Void
  private var origin: Double?
  private var lastTime = 0.0
  /// The window's size before the first event: written with it, at time 0.
  private var sizeBeforeFirstEvent: Size?
  /// Whether the scene was reloaded before the first event: written with it, at time 0.
  private var reloadBeforeFirstEvent = false

  /// A writer that hands each finished line (without newline) to `write`.
  public init(write: @escaping (String) -> Void) {
    self.write = write
  }

  /// Writes the line for `event`, which happened at `time` (seconds on any clock).
  public func record(_ event: SeatEvent, at time: Double) {
    guard time.isFinite, Self.isWritable(event) else { return }
    let t = traceTime(time)
    if let size = sizeBeforeFirstEvent {
      sizeBeforeFirstEvent = nil
      write(Self.windowSizeLine(size, at: t))
    }
    if reloadBeforeFirstEvent {
      reloadBeforeFirstEvent = false
      write(Self.sceneReloadLine(at: t))
    }
    write(Self.line(for: event, at: t))
  }

  /// Records that a save of the watched scene file rebuilt the scene at `time`: a
  /// `scene.reload` line, written at once once events were recorded, and otherwise with the
  /// first event (after its `window.size` line), so that the replay's log has the rebuild's
  /// `scene` line as the live one does.
  public func recordSceneReload(at time: Double) {
    guard time.isFinite else { return }
    guard origin != nil else {
      reloadBeforeFirstEvent = true
      return
    }
    write(Self.sceneReloadLine(at: traceTime(time)))
  }

  /// `{"t":…,"type":"scene.reload"}`.
  static func sceneReloadLine(at t: Double) -> String {
    #"{"t":\#(fixed(t)),"type":"scene.reload"}"#
  }

  /// Records that the window took `size` (logical pixels) at `time`: a `window.size` line,
  /// written at once once events were recorded, and otherwise with the first event (so a
  /// trace starts at its first input, with the window's size then).
  public func recordWindowSize(_ size: Size, at time: Double) {
    guard time.isFinite, size.width >= 1, size.height >= 1, size.width <= TraceParser.maximumWindowSide,
      size.height <= TraceParser.maximumWindowSide
    else { return }
    guard origin != nil else {
      sizeBeforeFirstEvent = size
      return
    }
    write(Self.windowSizeLine(size, at: traceTime(time)))
  }

  /// `{"t":…,"type":"window.size","width":W,"height":H}`, the size in whole logical pixels.
  static func windowSizeLine(_ size: Size, at t: Double) -> String {
    let width = Int(size.width.rounded())
    let height = Int(size.height.rounded())
    return #"{"t":\#(fixed(t)),"type":"window.size","width":\#(width),"height":\#(height)}"#
  }

  /// `time` relative to the first recorded line, in whole milliseconds, never decreasing.
  private func traceTime(_ time: Double) -> Double {
    let origin = self.origin ?? time
    self.origin = origin
    let relative = max(lastTime, ((time - origin) * 1000).rounded() / 1000)
    lastTime = relative
    return relative
  }

  /// The trace line for `event` at trace time `t`: `{"t":0.008,"type":"touch.motion",...}`.
  public static func line(for event: SeatEvent, at t: Double) -> String {
    var fields: [(String, String)] = []
    switch event {
    case .touchDown(let id, let location), .touchMotion(let id, let location):
      fields = [("id", String(id)), ("x", number(location.x)), ("y", number(location.y))]
    case .touchUp(let id):
      fields = [("id", String(id))]
    case .pointerEnter(let location), .pointerMotion(let location):
      fields = [("x", number(location.x)), ("y", number(location.y))]
    case .pointerButton(let button, let pressed):
      let name = TraceEventType.buttonNames.first { $0.code == button }?.name
      fields = [("button", name.map(EventLog.string) ?? String(button)), ("state", state(pressed))]
    case .pointerAxis(let axis, let value, let source, let discrete, let value120):
      fields = [("axis", EventLog.string(axis.rawValue)), ("value", number(value))]
      if let source, let name = TraceEventType.sourceNames.first(where: { $0.source == source })?.name {
        fields.append(("source", EventLog.string(name)))
      }
      if let discrete { fields.append(("discrete", String(discrete))) }
      if let value120 { fields.append(("value120", String(value120))) }
    case .pointerAxisStop(let axis):
      fields = [("axis", EventLog.string(axis.rawValue))]
    case .key(let name, let pressed, let shifted, let latin):
      fields = [("key", EventLog.string(name)), ("state", state(pressed))]
      if let shifted { fields.append(("shifted", EventLog.string(shifted))) }
      if let latin { fields.append(("latin", EventLog.string(latin))) }
    case .pinchBegin(let fingers), .swipeBegin(let fingers), .holdBegin(let fingers):
      fields = [("fingers", String(fingers))]
    case .pinchUpdate(let delta, let scale, let rotation):
      fields = [
        ("dx", number(delta.x)), ("dy", number(delta.y)), ("scale", number(scale)),
        ("rotation", number(rotation)),
      ]
    case .swipeUpdate(let delta):
      fields = [("dx", number(delta.x)), ("dy", number(delta.y))]
    case .pinchEnd(let cancelled), .swipeEnd(let cancelled), .holdEnd(let cancelled):
      fields = [("cancelled", String(cancelled))]
    case .touchFrame, .touchCancel, .pointerLeave, .pointerFrame, .touchCapabilityLost,
      .pointerCapabilityLost:
      break
    case .tabletProximityIn(let tool, let kind):
      fields = [("tool", String(tool)), ("kind", EventLog.string(kind.rawValue))]
    case .tabletProximityOut(let tool), .tabletDown(let tool), .tabletUp(let tool), .tabletFrame(let tool),
      .tabletToolRemoved(let tool):
      fields = [("tool", String(tool))]
    case .tabletMotion(let tool, let location):
      fields = [("tool", String(tool)), ("x", number(location.x)), ("y", number(location.y))]
    case .tabletPressure(let tool, let pressure):
      fields = [("tool", String(tool)), ("pressure", number(pressure))]
    case .tabletDistance(let tool, let distance):
      fields = [("tool", String(tool)), ("distance", number(distance))]
    case .tabletTilt(let tool, let x, let y):
      fields = [("tool", String(tool)), ("tilt", "[\(number(x)),\(number(y))]")]
    case .tabletRotation(let tool, let degrees):
      fields = [("tool", String(tool)), ("degrees", number(degrees))]
    case .tabletButton(let tool, let button, let pressed):
      let name = TraceEventType.buttonNames.first { $0.code == button }?.name
      fields = [
        ("tool", String(tool)), ("button", name.map(EventLog.string) ?? String(button)),
        ("state", state(pressed)),
      ]
    }
    var line = #"{"t":\#(fixed(t)),"type":"\#(TraceEventType(event).rawValue)""#
    for (key, value) in fields {
      line += #","\#(key)":\#(value)"#
    }
    return line + "}"
  }

  /// `value` with exactly three decimals: `0.300`, `12.000`, `-0.250`.
  static func fixed(_ value: Double) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return number(value) }
    let thousandths = Int((abs(value) * 1000).rounded())
    let fraction = String(thousandths % 1000)
    let sign = value < 0 && thousandths != 0 ? "-" : ""
    return sign + String(thousandths / 1000) + "." + String(repeating: "0", count: 3 - fraction.count)
      + fraction
  }

  /// `value` in its shortest form that reads back as the same `Double`: `172.5`, `240.0`.
  static func number(_ value: Double) -> String {
    "\(value)"
  }

  private static func state(_ pressed: Bool) -> String {
    pressed ? #""pressed""# : #""released""#
  }

  /// False when a number of `event` is NaN or infinite (JSON cannot hold it), or a
  /// coordinate is beyond `SeatInputTranslator.coordinateLimit` (the translator drops those).
  private static func isWritable(_ event: SeatEvent) -> Bool {
    switch event {
    case .touchDown(_, let location), .touchMotion(_, let location), .pointerEnter(let location),
      .pointerMotion(let location), .tabletMotion(_, let location):
      let limit = SeatInputTranslator.coordinateLimit
      return location.x.isFinite && location.y.isFinite && abs(location.x) <= limit
        && abs(location.y) <= limit
    case .pointerAxis(_, let value, _, _, _):
      return value.isFinite
    case .pinchUpdate(let delta, let scale, let rotation):
      return delta.x.isFinite && delta.y.isFinite && scale.isFinite && rotation.isFinite
    case .swipeUpdate(let delta):
      return delta.x.isFinite && delta.y.isFinite
    case .tabletPressure(_, let value), .tabletDistance(_, let value), .tabletRotation(_, let value):
      return value.isFinite
    case .tabletTilt(_, let x, let y):
      return x.isFinite && y.isFinite
    default:
      return true
    }
  }
}
