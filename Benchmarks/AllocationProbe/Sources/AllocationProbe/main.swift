// Counts the heap allocations of steady-state touch and pointer motion through GestureKit:
// SeatInputTranslator -> Window.send -> recognizers -> an action moving a view; for the
// pointer also its hover (Window.sendHover) and the cursor's query (Window.cachedHitTest).
// Usage: AllocationProbe [--check] [--trace]
//   --check  exits 1 when any scenario allocates during the measured frames
//   --trace  prints a backtrace of every allocation of one extra frame per scenario
import AllocationCounter
import GestureKit

let warmUpFrames = 50
let measuredFrames = 1000
let frameInterval = 1.0 / 120

/// A drag behaviour: moves the view by the pan's translation from where it began.
final class Drag {
  weak var view: View?
  var initialCenter = Point.zero
  var updates = 0
  var speed = 0.0

  func handle(_ recognizer: GestureRecognizer) {
    guard let view, let pan = recognizer as? PanGestureRecognizer else { return }
    if pan.state == .began { initialCenter = view.center }
    if pan.state == .began || pan.state == .changed {
      view.center = initialCenter + pan.translation(in: view.superview)
      // What a fling or an event log reads on every update.
      speed = pan.velocity(in: view.superview).length + Double(pan.numberOfTouches)
      updates += 1
    }
  }
}

/// A view that follows its own touches (no recognizer): the view-delivery path.
final class DraggableView: View {
  var updates = 0

  override func touchesMoved(_ touches: [Touch], with event: TouchEvent) {
    guard let touch = touches.first else { return }
    center = center + (touch.location(in: superview) - touch.previousLocation(in: superview))
    updates += 1
  }
}

/// A pinch behaviour: scales the view by the pinch's scale.
final class Zoom {
  weak var view: View?
  var updates = 0
  var rate = 0.0

  func handle(_ recognizer: GestureRecognizer) {
    guard let view, let pinch = recognizer as? PinchGestureRecognizer else { return }
    if pinch.state == .began || pinch.state == .changed {
      view.transform = AffineTransform(scaleX: pinch.scale, y: pinch.scale)
      rate = pinch.velocity + pinch.location(in: view.superview).x
      updates += 1
    }
  }
}

/// A rotation behaviour: turns the view by the rotation's angle.
final class Turn {
  weak var view: View?
  var updates = 0
  var rate = 0.0

  func handle(_ recognizer: GestureRecognizer) {
    guard let view, let rotation = recognizer as? RotationGestureRecognizer else { return }
    if rotation.state == .began || rotation.state == .changed {
      view.transform = AffineTransform(rotationAngle: rotation.rotation)
      rate = rotation.velocity + rotation.location(in: view.superview).x
      updates += 1
    }
  }
}

/// How the mouse drives a scenario (instead of fingers).
enum PointerMode {
  /// The left button held: the pointer's emulated touch drags the view.
  case drag
  /// No button: hover only, with no hover recognizer in the window.
  case hover
  /// No button, over a view with a hover recognizer (its action counts the updates).
  case hoverRecognizer
  /// A tablet pen's tip drags the view, its pressure and tilt changing every frame.
  case pen
}

struct Scenario {
  let name: String
  /// Finger ids and where each goes down (for the pointer: the one start).
  let fingers: [(id: Int, start: Point)]
  /// How far each finger moves per frame.
  let step: [Point]
  let usesPinch: Bool
  var usesViewHandlers = false
  /// A rotation recognizer instead of a pan or a pinch.
  var usesRotation = false
  /// The mouse instead of fingers.
  var pointer: PointerMode?
}

/// Counts a hover recognizer's updates.
final class HoverCounter {
  var updates = 0

  func handle(_ recognizer: GestureRecognizer) {
    if recognizer.state == .began || recognizer.state == .changed { updates += 1 }
  }
}

/// Runs `scenario` and returns (allocations per motion frame, action updates while measuring).
func run(_ scenario: Scenario) -> (perFrame: Double, updates: Int) {
  let clock = VirtualClock()
  let window = Window(size: Size(width: 2000, height: 2000), clock: clock)
  let view = DraggableView(frame: Rect(x: 100, y: 100, width: 400, height: 400))
  window.rootView.addSubview(view)
  let drag = Drag()
  let zoom = Zoom()
  let turn = Turn()
  drag.view = view
  zoom.view = view
  turn.view = view
  if scenario.usesViewHandlers {
    view.isMultipleTouchEnabled = true
  } else if scenario.usesRotation {
    view.addGestureRecognizer(RotationGestureRecognizer(action: turn.handle))
  } else if scenario.usesPinch {
    view.addGestureRecognizer(PinchGestureRecognizer(action: zoom.handle))
  } else {
    view.addGestureRecognizer(PanGestureRecognizer(action: drag.handle))
  }
  let hover = HoverCounter()
  if scenario.pointer == .hoverRecognizer {
    view.addGestureRecognizer(HoverGestureRecognizer(action: hover.handle))
  }
  let translator = SeatInputTranslator(window: window)
  var time = 0.0
  if scenario.pointer == .pen {
    translator.handle(.tabletProximityIn(tool: 0, kind: .pen), at: time)
    translator.handle(.tabletMotion(tool: 0, location: scenario.fingers[0].start), at: time)
    translator.handle(.tabletDown(tool: 0), at: time)
    translator.handle(.tabletPressure(tool: 0, pressure: 0.3), at: time)
    translator.handle(.tabletFrame(tool: 0), at: time)
  } else if let pointer = scenario.pointer {
    translator.handle(.pointerEnter(location: scenario.fingers[0].start), at: time)
    translator.handle(.pointerFrame, at: time)
    if pointer == .drag {
      translator.handle(.pointerButton(button: SeatEvent.leftButton, pressed: true), at: time)
      translator.handle(.pointerFrame, at: time)
    }
  } else {
    for finger in scenario.fingers {
      translator.handle(.touchDown(id: finger.id, location: finger.start), at: time)
    }
    translator.handle(.touchFrame, at: time)
  }
  var locations = scenario.fingers.map(\.start)
  let ids = scenario.fingers.map(\.id)
  var cursorHits = 0

  func frame() {
    time += frameInterval
    clock.advance(to: time)
    if scenario.pointer == .pen {
      locations[0] = locations[0] + scenario.step[0]
      let phase = time.truncatingRemainder(dividingBy: 1)
      translator.handle(.tabletMotion(tool: 0, location: locations[0]), at: time)
      translator.handle(.tabletPressure(tool: 0, pressure: 0.3 + 0.5 * phase), at: time)
      translator.handle(.tabletTilt(tool: 0, x: 30 * phase, y: -10), at: time)
      translator.handle(.tabletFrame(tool: 0), at: time)
      return
    }
    if scenario.pointer != nil {
      locations[0] = locations[0] + scenario.step[0]
      translator.handle(.pointerMotion(location: locations[0]), at: time)
      translator.handle(.pointerFrame, at: time)
      // The cursor's question at the end of the pointer frame.
      if window.cachedHitTest(locations[0]) != nil { cursorHits += 1 }
      return
    }
    for index in locations.indices {
      locations[index] = locations[index] + scenario.step[index]
      translator.handle(.touchMotion(id: ids[index], location: locations[index]), at: time)
    }
    translator.handle(.touchFrame, at: time)
  }

  for _ in 0..<warmUpFrames { frame() }
  if CommandLine.arguments.contains("--trace") {
    allocation_trace(1)
    frame()
    allocation_trace(0)
  }
  func updateCount() -> Int {
    // Plain hover has nothing to update: the cursor's hits stand in for its frames.
    drag.updates + zoom.updates + turn.updates + view.updates + hover.updates
      + (scenario.pointer == .hover ? cursorHits : 0)
  }
  let updatesBefore = updateCount()
  let before = allocation_count()
  for _ in 0..<measuredFrames { frame() }
  let after = allocation_count()
  let updates = updateCount() - updatesBefore
  if scenario.pointer == .pen {
    translator.handle(.tabletUp(tool: 0), at: time)
    translator.handle(.tabletFrame(tool: 0), at: time)
  } else if scenario.pointer != nil {
    translator.handle(.pointerLeave, at: time)
  } else {
    for id in ids { translator.handle(.touchUp(id: id), at: time) }
  }
  translator.handle(.touchFrame, at: time)
  return (Double(after - before) / Double(measuredFrames), updates)
}

/// The counter must see an allocation the probe makes on purpose.
func calibrate() -> Bool {
  let before = allocation_count()
  var total = 0
  for index in 0..<100 {
    let array = [Int](repeating: index, count: 16 + index)
    total &+= array.count
  }
  let counted = allocation_count() - before
  return counted >= 100 && total > 0
}

let scenarios = [
  Scenario(
    name: "one-finger drag", fingers: [(0, Point(x: 200, y: 200))], step: [Point(x: 0.5, y: 0.25)],
    usesPinch: false),
  Scenario(
    name: "two-finger pan", fingers: [(0, Point(x: 200, y: 200)), (1, Point(x: 300, y: 200))],
    step: [Point(x: 0.5, y: 0.25), Point(x: 0.5, y: 0.25)], usesPinch: false),
  Scenario(
    name: "pinch", fingers: [(0, Point(x: 250, y: 300)), (1, Point(x: 350, y: 300))],
    step: [Point(x: -0.1, y: 0), Point(x: 0.1, y: 0)], usesPinch: true),
  Scenario(
    name: "rotation", fingers: [(0, Point(x: 250, y: 300)), (1, Point(x: 350, y: 300))],
    step: [Point(x: 0, y: 0.5), Point(x: 0, y: -0.5)], usesPinch: false, usesRotation: true),
  Scenario(
    name: "view handlers, two fingers", fingers: [(0, Point(x: 200, y: 200)), (1, Point(x: 300, y: 200))],
    step: [Point(x: 0.5, y: 0.25), Point(x: 0.5, y: 0.25)], usesPinch: false, usesViewHandlers: true),
  Scenario(
    name: "pointer drag", fingers: [(0, Point(x: 200, y: 200))], step: [Point(x: 0.5, y: 0.25)],
    usesPinch: false, pointer: .drag),
  Scenario(
    name: "pointer hover", fingers: [(0, Point(x: 200, y: 200))], step: [Point(x: 0.1, y: 0.05)],
    usesPinch: false, pointer: .hover),
  Scenario(
    name: "pointer hover, hover recognizer", fingers: [(0, Point(x: 200, y: 200))],
    step: [Point(x: 0.1, y: 0.05)], usesPinch: false, pointer: .hoverRecognizer),
  Scenario(
    name: "pen drag (pressure and tilt changing)", fingers: [(0, Point(x: 200, y: 200))],
    step: [Point(x: 0.5, y: 0.25)], usesPinch: false, pointer: .pen),
]

guard calibrate() else {
  print("error: the allocation counter does not see allocations (is malloc interposed?)")
  allocation_probe_exit(2)
}
var failed = false
for scenario in scenarios {
  let result = run(scenario)
  let perFrame = result.perFrame
  print(
    "\(scenario.name): \(perFrame) allocations per motion event (\(measuredFrames) frames, \(result.updates) action updates)"
  )
  if result.updates != measuredFrames {
    print("error: \(scenario.name): the action ran \(result.updates) times, expected \(measuredFrames)")
    failed = true
  }
  if perFrame > 0 && CommandLine.arguments.contains("--check") { failed = true }
}
if failed { allocation_probe_exit(1) }
