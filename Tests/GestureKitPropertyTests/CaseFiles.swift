import GestureKit
import Playground

/// The scene file and trace file of a case (docs/FORMATS.md), and the input that ends it.
enum CaseFiles {
  /// The scene's name: no bundled scene has it, so it gets a picker tab of its own.
  static let sceneName = "property-case"
  /// How long the clock runs after the last input, so that every timer has fired.
  static let drainMilliseconds = 30_000

  // MARK: Scene file

  /// The scene file of `scene` (every key but the views' transforms).
  static func sceneJSON(_ scene: SceneModel) -> String {
    let views = scene.views.map(viewJSON).joined(separator: ",\n")
    return """
      {"name":"\(sceneName)","size":[\(number(scene.size.width)),\(number(scene.size.height))],\
      "background":"#202020","views":[
      \(views)
      ]}

      """
  }

  private static func viewJSON(_ view: ViewModel) -> String {
    let f = view.frame
    var fields = [
      #""id":"\#(view.id)""#,
      #""frame":[\#(number(f.origin.x)),\#(number(f.origin.y)),\#(number(f.size.width)),\#(number(f.size.height))]"#,
      ##""fill":"#4a6a8a""##, ##""stroke":"#ffffff""##, #""label":"\#(view.id)""#,
    ]
    if view.alpha != 1 { fields.append(#""alpha":\#(number(view.alpha))"#) }
    if view.hidden { fields.append(#""hidden":true"#) }
    if !view.interactive { fields.append(#""interactive":false"#) }
    if view.multipleTouch { fields.append(#""multipleTouch":true"#) }
    if view.exclusiveTouch { fields.append(#""exclusiveTouch":true"#) }
    if !view.gestures.isEmpty {
      fields.append(#""gestures":["# + view.gestures.map(gestureJSON).joined(separator: ",") + "]")
    }
    if !view.children.isEmpty {
      fields.append(#""children":["# + view.children.map(viewJSON).joined(separator: ",\n") + "]")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  private static func gestureJSON(_ gesture: GestureModel) -> String {
    var fields = [#""id":"\#(gesture.id)""#]
    switch gesture.kind {
    case .tap(let taps, let touches):
      fields += [#""kind":"tap""#, #""taps":\#(taps)"#, #""touches":\#(touches)"#]
    case .longPress(let duration, let movement, let taps, let touches):
      fields += [
        #""kind":"longPress""#, #""minimumPressDuration":\#(number(duration))"#,
        #""allowableMovement":\#(number(movement))"#, #""taps":\#(taps)"#, #""touches":\#(touches)"#,
      ]
    case .pan(let minTouches, let maxTouches, let scrollTypes):
      fields += [#""kind":"pan""#, #""minTouches":\#(minTouches)"#]
      if let maxTouches { fields.append(#""maxTouches":\#(maxTouches)"#) }
      if !scrollTypes.isEmpty { fields.append(#""scrollTypes":\#(list(scrollTypes))"#) }
    case .screenEdgePan(let edges):
      fields += [#""kind":"screenEdgePan""#, #""edges":\#(list(edges))"#]
    case .swipe(let directions, let touches):
      fields += [#""kind":"swipe""#, #""direction":\#(list(directions))"#, #""touches":\#(touches)"#]
    case .pinch: fields.append(#""kind":"pinch""#)
    case .rotation: fields.append(#""kind":"rotation""#)
    case .hover: fields.append(#""kind":"hover""#)
    case .circle: fields.append(#""kind":"circle""#)
    }
    if !gesture.enabled { fields.append(#""enabled":false"#) }
    if !gesture.cancelsTouchesInView { fields.append(#""cancelsTouchesInView":false"#) }
    if gesture.delaysTouchesBegan { fields.append(#""delaysTouchesBegan":true"#) }
    if !gesture.delaysTouchesEnded { fields.append(#""delaysTouchesEnded":false"#) }
    if !gesture.requireToFail.isEmpty { fields.append(#""requireToFail":\#(list(gesture.requireToFail))"#) }
    if !gesture.simultaneousWith.isEmpty {
      fields.append(#""simultaneousWith":\#(list(gesture.simultaneousWith))"#)
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  private static func list(_ names: [String]) -> String {
    "[" + names.map { #""\#($0)""# }.joined(separator: ",") + "]"
  }

  private static func number(_ value: Double) -> String {
    "\(value)"
  }

  // MARK: Trace file

  /// The seat events a case plays, with their times in seconds: its steps' seat events
  /// (those a trace can hold, when `writableOnly`) and then the ending input.
  static func seatEvents(of steps: [Step], writableOnly: Bool) -> [(time: Double, event: SeatEvent)] {
    var events: [(time: Double, event: SeatEvent)] = []
    for step in steps {
      guard case .seat(let event) = step.action, !writableOnly || isWritable(event) else { continue }
      events.append((seconds(step.ms), event))
    }
    return events + ending(after: steps)
  }

  /// The trace file of a case: its writable seat events and the ending input.
  static func traceText(of steps: [Step]) -> String {
    seatEvents(of: steps, writableOnly: true).map { TraceWriter.line(for: $0.event, at: $0.time) + "\n" }
      .joined()
  }

  /// Input that ends everything the steps may have started: every touch id that went down
  /// lifts, the button is released, scrolling stops, the pointer leaves, a touchpad pinch
  /// ends, the modifiers are released; then, after `drainMilliseconds`, an empty pointer
  /// frame (which does nothing) lets every timer fire in a replay too.
  static func ending(after steps: [Step]) -> [(time: Double, event: SeatEvent)] {
    let end = (steps.last?.ms ?? 0) + 1
    var ids: Set<Int> = []
    for step in steps {
      if case .seat(.touchDown(let id, _)) = step.action { ids.insert(id) }
    }
    var events: [SeatEvent] = ids.sorted().map { .touchUp(id: $0) }
    events += [
      .touchFrame, .pointerButton(button: SeatEvent.leftButton, pressed: false), .pointerFrame,
      .pointerAxisStop(axis: .vertical), .pointerAxisStop(axis: .horizontal), .pointerFrame,
      .pointerLeave, .pointerFrame, .pinchEnd(cancelled: false),
    ]
    events += ["Alt_L", "Alt_R", "Shift_L", "Shift_R"].map { .key(name: $0, pressed: false) }
    return events.map { (seconds(end), $0) } + [(seconds(end + drainMilliseconds), .pointerFrame)]
  }

  static func seconds(_ ms: Int) -> Double {
    Double(ms) / 1000
  }

  /// False when a trace cannot hold `event` (a non-finite number, a coordinate beyond the
  /// limit): the translator drops such events, and the trace leaves them out.
  static func isWritable(_ event: SeatEvent) -> Bool {
    let limit = SeatInputTranslator.coordinateLimit
    func ok(_ value: Double) -> Bool { value.isFinite && abs(value) <= limit }
    switch event {
    case .touchDown(_, let p), .touchMotion(_, let p), .pointerEnter(let p), .pointerMotion(let p):
      return ok(p.x) && ok(p.y)
    case .pointerAxis(_, let value, _, _, _):
      return ok(value)
    case .pinchUpdate(let delta, let scale, let rotation):
      return ok(delta.x) && ok(delta.y) && ok(scale) && ok(rotation)
    case .swipeUpdate(let delta):
      return ok(delta.x) && ok(delta.y)
    default:
      return true
    }
  }
}
