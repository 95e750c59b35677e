@testable import GestureKit

/// Records a window's deliveries and transitions (and anything a test adds) as lines such as
/// "view red touchesBegan [0]" and "pan began (12,0)", to compare whole transcripts at once.
final class Transcript: WindowObserver {
  private(set) var lines: [String] = []

  func add(_ line: String) {
    lines.append(line)
  }

  /// The lines so far, forgetting them.
  func take() -> [String] {
    defer { lines.removeAll() }
    return lines
  }

  func window(_ window: Window, didDeliver phase: TouchPhase, touches: [Touch], to view: View) {
    let handler =
      switch phase {
      case .began: "touchesBegan"
      case .moved, .stationary: "touchesMoved"
      case .ended: "touchesEnded"
      case .cancelled: "touchesCancelled"
      }
    lines.append("view \(view.identifier ?? "?") \(handler) \(idList(touches))")
  }

  func window(_ window: Window, recognizer: GestureRecognizer, didEnter state: GestureRecognizer.State) {
    var line = "\(recognizer.name ?? "?") \(state)"
    if let pan = recognizer as? PanGestureRecognizer, state != .failed {
      line += " \(pan.translation(in: nil))"
    }
    lines.append(line)
  }
}

/// "[0,1]" for touches 0 and 1.
func idList(_ touches: [Touch]) -> String {
  "[" + touches.map { String($0.id) }.joined(separator: ",") + "]"
}

/// A 400 x 400 window on a virtual clock with a transcript, and shorthands to build views and
/// send single-touch frames.
final class Harness {
  let clock = VirtualClock()
  let window: Window
  let transcript = Transcript()

  init(width: Double = 400, height: Double = 400) {
    window = Window(size: Size(width: width, height: height), clock: clock)
    window.observer = transcript
  }

  var root: View { window.rootView }

  @discardableResult
  func addView(
    _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, to parent: View? = nil
  )
    -> View
  {
    let view = View(frame: Rect(x: x, y: y, width: width, height: height))
    view.identifier = id
    (parent ?? root).addSubview(view)
    return view
  }

  @discardableResult
  func addPan(_ name: String, to view: View) -> PanGestureRecognizer {
    let pan = PanGestureRecognizer()
    pan.name = name
    view.addGestureRecognizer(pan)
    return pan
  }

  @discardableResult
  func addProbe(_ name: String, to view: View) -> ProbeRecognizer {
    let probe = ProbeRecognizer(transcript: transcript)
    probe.name = name
    view.addGestureRecognizer(probe)
    return probe
  }

  /// Adds an action writing "action NAME STATE" to the transcript.
  func logActions(of recognizer: GestureRecognizer) {
    recognizer.addTarget { [transcript] r in transcript.add("action \(r.name ?? "?") \(r.state)") }
  }

  func frame(at time: Double, _ inputs: TouchInput...) {
    window.send(InputFrame(timestamp: time, touches: inputs))
  }

  func down(_ id: Int, _ x: Double, _ y: Double, at time: Double, type: TouchType = .direct) {
    frame(at: time, .down(id, at: Point(x: x, y: y), type: type))
  }

  func move(_ id: Int, _ x: Double, _ y: Double, at time: Double, type: TouchType = .direct) {
    frame(at: time, .motion(id, to: Point(x: x, y: y), type: type))
  }

  func up(_ id: Int, at time: Double) {
    frame(at: time, .up(id))
  }
}

/// A scriptable recognizer: writes "NAME hook PHASE [ids]" for every hook and "NAME reset",
/// runs the script's closure for the phase, and by default fails when its last touch ends
/// while still possible.
final class ProbeRecognizer: GestureRecognizer {
  let transcript: Transcript
  var script: [TouchPhase: (ProbeRecognizer) -> Void] = [:]
  var discrete = false
  var logsHooks = true

  init(transcript: Transcript) {
    self.transcript = transcript
    super.init()
  }

  override var isDiscrete: Bool { discrete }

  override func touchesBegan(_ touches: [Touch], with event: TouchEvent) {
    hook(.began, touches)
  }

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    hook(.moved, touches)
  }

  override func touchesEnded(_ touches: [Touch], with event: TouchEvent) {
    hook(.ended, touches)
    if script[.ended] == nil, numberOfTouches == 0, state == .possible { state = .failed }
  }

  override func touchesCancelled(_ touches: [Touch], with event: TouchEvent) {
    hook(.cancelled, touches)
  }

  override func reset() {
    if logsHooks { transcript.add("\(name ?? "?") reset") }
  }

  private func hook(_ phase: TouchPhase, _ touches: [Touch]) {
    if logsHooks { transcript.add("\(name ?? "?") hook \(phase) \(idList(touches))") }
    script[phase]?(self)
  }
}

/// A delegate whose answers are set per question.
final class ScriptedDelegate: GestureRecognizerDelegate {
  var shouldBegin = true
  var shouldReceive: (Touch) -> Bool = { _ in true }
  var simultaneous = false

  func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { shouldBegin }

  func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
    shouldReceive(touch)
  }

  func gestureRecognizer(
    _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { simultaneous }
}

/// True when `a` and `b` differ by at most `tolerance` on each axis.
func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// True when `a` and `b` differ by at most `tolerance`.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
  abs(a - b) <= tolerance
}

/// True when the rectangles match within `tolerance`.
func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
  isClose(a.origin, b.origin, tolerance: tolerance)
    && isClose(a.size.width, b.size.width, tolerance: tolerance)
    && isClose(a.size.height, b.size.height, tolerance: tolerance)
}
