import GestureKit

/// One line of a trace: a seat event, the size the live window took, or a save of the
/// watched scene file.
public enum TraceEvent: Equatable {
  /// Input from the seat.
  case seat(SeatEvent)
  /// The window's new size in logical pixels (a `window.size` line): a replay resizes its
  /// window, so the scene is fitted as it was live.
  case windowSize(Size)
  /// The watched scene file was saved and the live window rebuilt the scene from it
  /// (`run --watch --record`; a `scene.reload` line): a replay rebuilds the scene it was
  /// given, as a switch of scene does, so the views go back to the file's places as they did.
  case sceneReload
}

/// A loaded trace file: seat events and window sizes with their times in seconds, in file
/// order, checked against every rule of docs/FORMATS.md ("Trace file").
///
/// Load one with ``init(contentsOfFile:)`` or ``init(jsonLines:fileName:)``; write one with
/// ``TraceWriter``; play one with ``Replay``.
public struct Trace {
  /// The events in order; times never decrease. A trace written without any `touch.frame`
  /// has one inserted after every touch change.
  public var events: [(time: Double, event: TraceEvent)]
  /// The file the trace came from, as named in error messages.
  public var source: String

  /// A trace from events (times must not decrease).
  public init(events: [(time: Double, event: TraceEvent)], source: String) {
    self.events = events
    self.source = source
  }

  /// A trace of seat events only (times must not decrease).
  public init(seatEvents: [(time: Double, event: SeatEvent)], source: String) {
    self.init(events: seatEvents.map { ($0.time, .seat($0.event)) }, source: source)
  }

  /// Loads and checks the trace file at `path`, all of it in memory (``TraceFile`` plays a
  /// file of any length as a stream). Errors name the file as `path` is written.
  ///
  /// - Throws: ``TraceError`` for an unreadable file, a line over the length limit or the
  ///   first line that breaks a rule; nothing is half-loaded.
  public init(contentsOfFile path: String) throws(TraceError) {
    let file = try TraceFile.check(path: path)
    var events: [(time: Double, event: TraceEvent)] = []
    try file.forEachEvent { time, event in
      events.append((time, event))
      return true
    }
    self.init(events: events, source: path)
  }

  /// Parses and checks the text of a trace file.
  ///
  /// - Parameters:
  ///   - text: JSON Lines, one event per line.
  ///   - fileName: the name used in error messages and as ``source``.
  /// - Throws: ``TraceError`` at the line (and, for JSON syntax, column) of the first problem.
  public init(jsonLines text: String, fileName: String) throws(TraceError) {
    events = try TraceParser(file: fileName).parse(text)
    source = fileName
  }

  /// The time of the last event, or nil for an empty trace.
  public var endTime: Double? { events.last?.time }
}
