/// A point in global compositor coordinates (pixels; under kiosk-shell with a
/// window that fills the output, also window coordinates).
struct ScreenPoint: Equatable, CustomStringConvertible {
  /// Horizontal position, growing to the right.
  var x: Double
  /// Vertical position, growing downwards.
  var y: Double

  /// The point `(x, y)`.
  init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// `"x y"` as gp-inject reads coordinates.
  var description: String { "\(x) \(y)" }

  /// The point moved by `delta`.
  func offset(by delta: ScreenPoint) -> ScreenPoint {
    ScreenPoint(x + delta.x, y + delta.y)
  }
}

/// gp-inject command lists for whole gestures, on a virtual clock: events are
/// stamped `interval` milliseconds apart (a 120 Hz digitizer by default), as
/// the recognizers' velocity estimates expect, then the live clock returns.
enum InputScript {
  /// Milliseconds between the events of a gesture.
  static let interval = 8.0

  /// Ctrl+Q, the app's quit key, pressed and released through the compositor's keymap
  /// (evdev codes: 29 left Ctrl, 16 Q).
  static let controlQ = ["key 29 pressed", "key 16 pressed", "key 16 released", "key 29 released"]

  /// A finger's steady stream as a touch screen sends it, played by a timer in Weston's loop
  /// every 1/120 s whatever the app does (`sequence-touch`, `sequence-play`): down at
  /// `start`, `steps` motions of `step` each, then up if `lift`.
  static func steadyTouchDrag(from start: ScreenPoint, step: ScreenPoint, steps: Int, lift: Bool) -> [String]
  {
    var commands = ["sequence-touch 0 down 0 \(start)"]
    for index in 1...steps {
      let point = start.offset(by: ScreenPoint(step.x * Double(index), step.y * Double(index)))
      commands.append("sequence-touch \(index) motion 0 \(point)")
    }
    if lift { commands.append("sequence-touch \(steps + 1) up 0") }
    return commands + ["sequence-play 8.333333"]
  }

  /// A pen's steady stream, as `steadyTouchDrag` plays a finger's (`sequence-pen`, gp-seat's
  /// tablet pen, Weston 13 and later): near and down at `start`, `steps` motions of `step`,
  /// then up and away.
  static func steadyPenDrag(from start: ScreenPoint, step: ScreenPoint, steps: Int) -> [String] {
    var commands = ["sequence-pen 0 down \(start)"]
    for index in 1...steps {
      let point = start.offset(by: ScreenPoint(step.x * Double(index), step.y * Double(index)))
      commands.append("sequence-pen \(index) motion \(point)")
    }
    return commands + ["sequence-pen \(steps + 1) up", "sequence-play 8.333333"]
  }

  /// Finger `id` goes down at `start`, moves by `delta` in `steps` equal
  /// motions (a frame after each event), and lifts if `lift`.
  static func touchDrag(
    id: Int = 0,
    from start: ScreenPoint,
    by delta: ScreenPoint,
    steps: Int = 20,
    lift: Bool = true
  ) -> [String] {
    var commands = ["time now", "touch-down \(id) \(start)", "touch-frame"]
    for step in 1...steps {
      let fraction = Double(step) / Double(steps)
      let point = start.offset(by: ScreenPoint(delta.x * fraction, delta.y * fraction))
      commands += ["time +\(interval)", "touch-motion \(id) \(point)", "touch-frame"]
    }
    if lift {
      commands += ["time +\(interval)", "touch-up \(id)", "touch-frame"]
    }
    return commands + ["time live"]
  }

  /// Finger `id` moves to each of `points` (a frame after each), then lifts if `lift`.
  static func touchPath(id: Int = 0, through points: [ScreenPoint], lift: Bool = true) -> [String] {
    var commands = ["time now"]
    for point in points {
      commands += ["time +\(interval)", "touch-motion \(id) \(point)", "touch-frame"]
    }
    if lift {
      commands += ["time +\(interval)", "touch-up \(id)", "touch-frame"]
    }
    return commands + ["time live"]
  }

  /// The mouse moves to `start`, presses the left button, moves by `delta` in
  /// `steps` motions and releases (a pointer frame after each event).
  static func mouseDrag(from start: ScreenPoint, by delta: ScreenPoint, steps: Int = 20) -> [String] {
    var commands = [
      "time now", "pointer-motion \(start)", "pointer-frame",
      "time +\(interval)", "pointer-button left pressed", "pointer-frame",
    ]
    for step in 1...steps {
      let fraction = Double(step) / Double(steps)
      let point = start.offset(by: ScreenPoint(delta.x * fraction, delta.y * fraction))
      commands += ["time +\(interval)", "pointer-motion \(point)", "pointer-frame"]
    }
    commands += ["time +\(interval)", "pointer-button left released", "pointer-frame"]
    return commands + ["time live"]
  }

  /// The pointer moves to `point` with no button held (to park the cursor).
  static func pointerMove(to point: ScreenPoint) -> [String] {
    ["pointer-motion \(point)", "pointer-frame"]
  }
}
