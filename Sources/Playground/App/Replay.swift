import GestureKit

/// Plays a ``Trace`` through the same input pipeline as a live session, with no compositor
/// and virtual time taken from the trace.
///
/// A window of the scene's size plus the picker's strip runs on a ``VirtualClock``; every event goes through a
/// `SeatInputTranslator`, as the live backend's do. Before each event the clock is advanced
/// to the event's `t`, so timers (a long press, a tap timeout) fire at their virtual time,
/// in order with the input. Keys act as in a live run (``KeyCommand``): Ctrl+Q skips the
/// rest of the trace. A `window.size` line resizes the window, and a `scene.reload` line
/// (a save of the watched file, live) rebuilds the scene the replay was given, as the save did
/// (``SceneSession/reloadFileScene(at:)``). At the end whatever the translator still buffers
/// is delivered, unless the replay was stopped by Ctrl+Q.
public final class Replay {
  /// The virtual clock the window runs on.
  public let clock: VirtualClock
  /// The scene, its window and its event log.
  public let session: SceneSession
  /// Turns the trace's seat events into window input.
  public let translator: SeatInputTranslator
  /// True once a Ctrl+Q of the trace stopped the replay.
  public private(set) var isStopped = false
  /// The line of the trace file being played (``play(_:)-(TraceFile)``), for messages about
  /// it; nil otherwise.
  public private(set) var traceLine: Int?

  /// A scene installed in a fresh window (the scene's size plus the picker's strip below it,
  /// see ``SceneSession``), logging to `log`, with the picker offering `catalog`.
  public init(scene: Scene, log: EventLog?, catalog: SceneCatalog = .bundled()) {
    let clock = VirtualClock()
    self.clock = clock
    let window = Window(size: scene.size, clock: clock)
    session = SceneSession(scene: scene, window: window, log: log, catalog: catalog)
    translator = SeatInputTranslator(window: window)
    session.translator = translator
    translator.onKey = { [unowned self] key in session.handle(key) }
    session.onQuit = { [unowned self] in isStopped = true }
  }

  /// The gesture window.
  public var window: Window { session.window }

  /// Plays every event of `trace` at its time, stopping early on Ctrl+Q. A trace that
  /// records the window's size (`window.size` lines, as recordings do) alone sizes the
  /// window: a scene switch does not resize it, as a live one may not have been.
  public func play(_ trace: Trace) {
    let hasWindowSize = trace.events.contains { if case .windowSize = $0.event { true } else { false } }
    play(hasWindowSize: hasWindowSize, endTime: trace.endTime) { body in
      for (time, event) in trace.events where !body(time, event) { return }
    }
  }

  /// Plays a checked trace file as ``play(_:)-(Trace)`` does, reading it event by event:
  /// memory does not grow with its length.
  ///
  /// - Throws: ``TraceError`` when the file can no longer be read as it was checked (the
  ///   events before the problem were played).
  public func play(_ file: TraceFile) throws(TraceError) {
    var failure: TraceError?
    play(hasWindowSize: file.hasWindowSize, endTime: file.endTime) { body in
      do throws(TraceError) {
        try file.forEachNumberedEvent { line, time, event in
          traceLine = line
          return body(time, event)
        }
      } catch {
        failure = error
      }
    }
    traceLine = nil
    if let failure { throw failure }
  }

  /// Plays the events `events` calls its argument with (which returns false once the replay
  /// stopped), then delivers what the translator buffers at `endTime`.
  private func play(
    hasWindowSize: Bool, endTime: Double?, events: ((Double, TraceEvent) -> Bool) -> Void
  ) {
    if hasWindowSize { session.onPreferredSize = { _ in } }
    events { time, event in
      guard !isStopped else { return false }
      clock.advance(to: time)
      switch event {
      case .seat(let event): translator.handle(event, at: time)
      case .windowSize(let size): session.resizeWindow(to: size)
      // The file as the replay read it: live, each save's version (its last is this one).
      case .sceneReload: session.reloadFileScene(at: time)
      }
      return !isStopped
    }
    guard !isStopped, let end = endTime else { return }
    translator.flush(at: end)
  }

  /// Stops the replay: the events not played yet are ignored, as after a Ctrl+Q (an output
  /// that can no longer be written ends it this way).
  public func stop() {
    isStopped = true
  }

  /// Writes the log's `final` line (the views' geometry at the window's current time).
  public func finish() {
    session.log?.writeFinal(window)
  }
}
