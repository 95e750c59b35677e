import GestureKit
import TestSupport

/// Makes random cases: a scene of nested views with random geometry, visibility, touch
/// flags and recognizers of every kind (with random delivery flags, failure requirements and
/// simultaneity), and a stream of seat events mixing plausible gestures with abuse.
struct CaseGenerator {
  var rng: SplitMix64
  private var nextView = 0
  private var nextGesture = 0
  private var gestureIDs: [String] = []

  init(seed: UInt64) {
    rng = SplitMix64(seed: seed)
  }

  /// One case: a scene, then up to `maxSteps` steps.
  mutating func makeCase(maxSteps: Int = 120) -> PropertyCase {
    let scene = makeScene()
    return PropertyCase(scene: scene, steps: makeSteps(for: scene, count: rng.int(1...maxSteps)))
  }

  // MARK: Scenes

  mutating func makeScene() -> SceneModel {
    let size = Size(width: Double(rng.int(12...60) * 10), height: Double(rng.int(12...50) * 10))
    var views: [ViewModel] = []
    for _ in 0..<rng.int(0...4) {
      views.append(makeView(in: size, depth: 0))
    }
    return SceneModel(size: size, views: views)
  }

  private mutating func makeView(in parent: Size, depth: Int) -> ViewModel {
    let width = Double(rng.int(2...max(2, Int(parent.width) / 10)) * 10)
    let height = Double(rng.int(2...max(2, Int(parent.height) / 10)) * 10)
    let x = Double(rng.int(-2...max(-2, Int(parent.width - width) / 10 + 2)) * 10)
    let y = Double(rng.int(-2...max(-2, Int(parent.height - height) / 10 + 2)) * 10)
    var view = ViewModel(id: "v\(nextView)", frame: Rect(x: x, y: y, width: width, height: height))
    nextView += 1
    if rng.chance(0.1) { view.alpha = rng.pick([0, 0.005, 0.01, 0.5]) }
    view.hidden = rng.chance(0.08)
    view.interactive = !rng.chance(0.08)
    view.multipleTouch = rng.chance(0.4)
    view.exclusiveTouch = rng.chance(0.15)
    if rng.chance(0.2) {
      view.transform = AffineTransform(rotationAngle: rng.pick([0.3, -0.8, 1.5, 3.1]))
        .scaledBy(x: rng.pick([0.5, 1, 2]), y: rng.pick([0.5, 1, 1.5]))
        .translatedBy(x: Double(rng.int(-3...3) * 10), y: Double(rng.int(-3...3) * 10))
    }
    for _ in 0..<rng.int(0...3) {
      view.gestures.append(makeGesture())
    }
    if depth < 2 {
      for _ in 0..<rng.int(0...(depth == 0 ? 3 : 2)) where rng.chance(0.6) {
        view.children.append(makeView(in: view.frame.size, depth: depth + 1))
      }
    }
    return view
  }

  private mutating func makeGesture() -> GestureModel {
    let kind: GestureModel.Kind
    switch rng.int(0...8) {
    case 0: kind = .tap(taps: rng.int(1...3), touches: rng.int(1...2))
    case 1:
      kind = .longPress(
        duration: rng.pick([0.05, 0.2, 0.5]), movement: rng.pick([10, 50]), taps: rng.int(0...1),
        touches: rng.int(1...2))
    case 2:
      let minimum = rng.int(1...2)
      let maximum: Int? = rng.chance(0.5) ? nil : rng.int(minimum...3)
      kind = .pan(
        minTouches: minimum, maxTouches: maximum,
        scrollTypes: ["discrete", "continuous"].filter { _ in rng.chance(0.4) })
    case 3: kind = .screenEdgePan(edges: nonEmptySubset(of: ["top", "left", "bottom", "right"]))
    case 4:
      kind = .swipe(directions: nonEmptySubset(of: ["right", "left", "up", "down"]), touches: rng.int(1...2))
    case 5: kind = .pinch
    case 6: kind = .rotation
    case 7: kind = .hover
    default: kind = .circle
    }
    var gesture = GestureModel(id: "g\(nextGesture)", kind: kind)
    nextGesture += 1
    gesture.enabled = !rng.chance(0.08)
    gesture.cancelsTouchesInView = !rng.chance(0.25)
    gesture.delaysTouchesBegan = rng.chance(0.25)
    gesture.delaysTouchesEnded = !rng.chance(0.25)
    // Only towards earlier gestures: the scene format allows no cycles.
    if !gestureIDs.isEmpty {
      if rng.chance(0.35) { gesture.requireToFail = [rng.pick(gestureIDs)] }
      if rng.chance(0.25) { gesture.simultaneousWith = [rng.pick(gestureIDs)] }
    }
    gestureIDs.append(gesture.id)
    return gesture
  }

  private mutating func nonEmptySubset(of names: [String]) -> [String] {
    let subset = names.filter { _ in rng.chance(0.4) }
    return subset.isEmpty ? [rng.pick(names)] : subset
  }

  // MARK: Input

  private struct StreamState {
    var ms = 0
    var steps: [Step] = []
    var down: [Int] = []
  }

  mutating func makeSteps(for scene: SceneModel, count: Int) -> [Step] {
    var state = StreamState()
    let targets = targetPoints(of: scene)
    while state.steps.count < count {
      switch rng.int(0...19) {
      case 0...3: tapOrDrag(&state, targets)
      case 4...5: twoFingers(&state, targets)
      case 6: burst(&state, targets)
      case 7...9: touchNoise(&state, targets)
      case 10...11: pointer(&state, targets)
      case 12: scroll(&state, targets)
      case 13: touchpadPinch(&state)
      case 14: keys(&state)
      case 15: midStream(&state, scene)
      case 16: add(&state, .seat(rng.pick([.touchCancel, .touchCapabilityLost, .pointerCapabilityLost])))
      case 17: swipeOrHold(&state)
      default: state.ms += rng.pick([0, 5, 50, 200, 400, 800])
      }
    }
    return Array(state.steps.prefix(count))
  }

  /// Window points worth touching: the views' centres and corners (ignoring transforms), the
  /// scene's edges, and points far away.
  private func targetPoints(of scene: SceneModel) -> [Point] {
    var points: [Point] = [
      Point(x: 2, y: 2), Point(x: scene.size.width - 3, y: scene.size.height / 2),
      Point(x: scene.size.width / 2, y: scene.size.height + 40),
    ]
    func visit(_ view: ViewModel, origin: Point) {
      let frame = view.frame
      let topLeft = Point(x: origin.x + frame.origin.x, y: origin.y + frame.origin.y)
      points.append(Point(x: topLeft.x + frame.size.width / 2, y: topLeft.y + frame.size.height / 2))
      points.append(Point(x: topLeft.x + 3, y: topLeft.y + 3))
      for child in view.children { visit(child, origin: topLeft) }
    }
    for view in scene.views { visit(view, origin: .zero) }
    return points
  }

  private mutating func point(_ targets: [Point]) -> Point {
    switch rng.int(0...39) {
    case 0: return Point(x: rng.pick([-5000, 1e5, 999_999]), y: rng.pick([-300, 7000, -999_999]))
    case 1: return Point(x: rng.pick([.nan, .infinity, 2e6]), y: 10)
    case 2: return Point(x: 10, y: rng.pick([-.infinity, .nan, -3e6]))
    default:
      let base = rng.pick(targets)
      return Point(x: base.x + Double(rng.int(-8...8)), y: base.y + Double(rng.int(-8...8)))
    }
  }

  private mutating func add(_ state: inout StreamState, _ action: Action, gap: ClosedRange<Int> = 0...16) {
    state.ms += rng.int(gap)
    state.steps.append(Step(ms: state.ms, action: action))
  }

  /// A touch frame, most of the time (a missing frame is part of the abuse).
  private mutating func frame(_ state: inout StreamState) {
    if !rng.chance(0.12) { add(&state, .seat(.touchFrame), gap: 0...0) }
  }

  private mutating func freeID(_ state: StreamState) -> Int {
    var id = rng.int(0...5)
    while state.down.contains(id) { id += 1 }
    return id
  }

  private mutating func tapOrDrag(_ state: inout StreamState, _ targets: [Point]) {
    let id = freeID(state)
    var location = point(targets)
    add(&state, .seat(.touchDown(id: id, location: location)))
    state.down.append(id)
    frame(&state)
    let step = Point(x: Double(rng.int(-12...12)), y: Double(rng.int(-12...12)))
    for _ in 0..<rng.pick([0, 0, 1, 3, 8, 20]) {
      location = location + step
      add(&state, .seat(.touchMotion(id: id, location: location)), gap: 4...30)
      frame(&state)
    }
    if rng.chance(0.85) {
      add(&state, .seat(.touchUp(id: id)), gap: 0...rng.pick([40, 300, 900]))
      state.down.removeAll { $0 == id }
      frame(&state)
    }
  }

  private mutating func twoFingers(_ state: inout StreamState, _ targets: [Point]) {
    let first = freeID(state)
    state.down.append(first)
    let second = freeID(state)
    state.down.append(second)
    var a = point(targets)
    var b = a + Point(x: Double(rng.int(20...80)), y: Double(rng.int(-40...40)))
    add(&state, .seat(.touchDown(id: first, location: a)))
    if rng.chance(0.5) { frame(&state) }
    add(&state, .seat(.touchDown(id: second, location: b)))
    frame(&state)
    let spread = Double(rng.int(-10...10))
    let turn = Double(rng.int(-10...10))
    for _ in 0..<rng.int(1...12) {
      a = a + Point(x: -spread, y: turn)
      b = b + Point(x: spread, y: -turn)
      add(&state, .seat(.touchMotion(id: first, location: a)), gap: 4...20)
      add(&state, .seat(.touchMotion(id: second, location: b)), gap: 0...0)
      frame(&state)
    }
    for id in [first, second].shuffled(using: &rng) where rng.chance(0.9) {
      add(&state, .seat(.touchUp(id: id)), gap: 0...100)
      state.down.removeAll { $0 == id }
      frame(&state)
    }
  }

  private mutating func burst(_ state: inout StreamState, _ targets: [Point]) {
    let ids = (0..<10).map { 20 + $0 }
    for id in ids {
      add(&state, .seat(.touchDown(id: id, location: point(targets))), gap: 0...0)
    }
    state.down += ids
    frame(&state)
    for _ in 0..<rng.int(0...3) {
      for id in ids where rng.chance(0.7) {
        add(&state, .seat(.touchMotion(id: id, location: point(targets))), gap: 0...2)
      }
      frame(&state)
    }
    for id in ids.shuffled(using: &rng) where rng.chance(0.8) {
      add(&state, .seat(.touchUp(id: id)), gap: 0...10)
      state.down.removeAll { $0 == id }
      if rng.chance(0.3) { frame(&state) }
    }
    frame(&state)
  }

  /// Touch events out of order: downs for ids already down, moves and ups for unknown ids,
  /// large ids, lone frames.
  private mutating func touchNoise(_ state: inout StreamState, _ targets: [Point]) {
    let id = rng.chance(0.1) ? rng.pick([2_147_483_647, 1000]) : rng.int(0...7)
    switch rng.int(0...4) {
    case 0:
      add(&state, .seat(.touchDown(id: id, location: point(targets))))
      if !state.down.contains(id) { state.down.append(id) }
    case 1: add(&state, .seat(.touchMotion(id: id, location: point(targets))))
    case 2:
      add(&state, .seat(.touchUp(id: id)))
      state.down.removeAll { $0 == id }
    default: add(&state, .seat(.touchFrame))
    }
  }

  private mutating func pointer(_ state: inout StreamState, _ targets: [Point]) {
    var location = point(targets)
    if rng.chance(0.3) { add(&state, .seat(.key(name: rng.pick(["Alt_L", "Alt_R"]), pressed: true))) }
    if rng.chance(0.2) { add(&state, .seat(.key(name: "Shift_L", pressed: true))) }
    if rng.chance(0.8) {
      add(&state, .seat(.pointerEnter(location: location)))
      add(&state, .seat(.pointerFrame), gap: 0...0)
    }
    let button = rng.chance(0.85) ? SeatEvent.leftButton : rng.pick([SeatEvent.rightButton, 275])
    if rng.chance(0.8) {
      add(&state, .seat(.pointerButton(button: button, pressed: true)))
      if rng.chance(0.8) { add(&state, .seat(.pointerFrame), gap: 0...0) }
    }
    let step = Point(x: Double(rng.int(-15...15)), y: Double(rng.int(-15...15)))
    for _ in 0..<rng.pick([0, 2, 6, 15]) {
      location = location + step
      add(&state, .seat(.pointerMotion(location: location)), gap: 4...20)
      if rng.chance(0.8) { add(&state, .seat(.pointerFrame), gap: 0...0) }
      if rng.chance(0.05) {
        add(&state, .seat(.key(name: rng.pick(["Alt_L", "Shift_L"]), pressed: rng.chance(0.5))))
      }
    }
    if rng.chance(0.8) {
      add(&state, .seat(.pointerButton(button: button, pressed: false)))
      add(&state, .seat(.pointerFrame), gap: 0...0)
    }
    if rng.chance(0.5) {
      add(&state, .seat(.key(name: rng.pick(["Alt_L", "Alt_R", "Shift_L"]), pressed: false)))
    }
    if rng.chance(0.4) { add(&state, .seat(.pointerLeave)) }
  }

  private mutating func scroll(_ state: inout StreamState, _ targets: [Point]) {
    if rng.chance(0.7) { add(&state, .seat(.pointerEnter(location: point(targets)))) }
    let source: ScrollSource? = rng.pick([.wheel, .finger, .continuous, .wheelTilt, nil])
    for _ in 0..<rng.int(1...8) {
      let axis = rng.chance(0.7) ? ScrollAxis.vertical : .horizontal
      let value = rng.chance(0.03) ? Double.nan : Double(rng.int(-30...30))
      let discrete: Int? = source == .wheel && rng.chance(0.7) ? rng.int(-2...2) : nil
      // A high-resolution wheel (axis_value120) sends fractions of a click.
      let value120: Int? = discrete != nil && rng.chance(0.3) ? rng.int(-240...240) : nil
      let event = SeatEvent.pointerAxis(
        axis: axis, value: value, source: source, discrete: discrete, value120: value120)
      add(&state, .seat(event), gap: 5...40)
      if rng.chance(0.8) { add(&state, .seat(.pointerFrame), gap: 0...0) }
    }
    if rng.chance(0.7) {
      add(&state, .seat(.pointerAxisStop(axis: .vertical)))
      if rng.chance(0.5) { add(&state, .seat(.pointerAxisStop(axis: .horizontal)), gap: 0...0) }
      add(&state, .seat(.pointerFrame), gap: 0...0)
    }
  }

  private mutating func touchpadPinch(_ state: inout StreamState) {
    add(&state, .seat(.pinchBegin(fingers: rng.int(2...4))))
    var scale = 1.0
    for _ in 0..<rng.int(0...8) {
      scale *= rng.pick([0.9, 1.0, 1.1, 1.3])
      let rotation = rng.chance(0.03) ? Double.infinity : Double(rng.int(-10...10))
      add(
        &state, .seat(.pinchUpdate(delta: Point(x: 1, y: -1), scale: scale, rotation: rotation)), gap: 5...30)
    }
    if rng.chance(0.85) { add(&state, .seat(.pinchEnd(cancelled: rng.chance(0.3)))) }
  }

  private mutating func swipeOrHold(_ state: inout StreamState) {
    if rng.chance(0.5) {
      add(&state, .seat(.swipeBegin(fingers: rng.int(3...4))))
      add(&state, .seat(.swipeUpdate(delta: Point(x: 10, y: 0))))
      add(&state, .seat(.swipeEnd(cancelled: rng.chance(0.5))))
    } else {
      add(&state, .seat(.holdBegin(fingers: rng.int(1...4))))
      add(&state, .seat(.holdEnd(cancelled: rng.chance(0.5))))
    }
  }

  /// Keys: modifiers, Esc (cancels everything), R (rebuilds the scene), D (the overlay), Tab
  /// (another scene of the picker), letters that do nothing.
  private mutating func keys(_ state: inout StreamState) {
    let name = rng.pick([
      "Alt_L", "Alt_R", "Shift_L", "Shift_R", "Alt_L", "Shift_L", "Escape", "Escape", "r", "d", "a", "Tab",
    ])
    if name == "Tab" && rng.chance(0.7) { return }
    add(&state, .seat(.key(name: name, pressed: true)))
    if rng.chance(0.8) { add(&state, .seat(.key(name: name, pressed: false)), gap: 0...100) }
  }

  private mutating func midStream(_ state: inout StreamState, _ scene: SceneModel) {
    let gestures = scene.allGestures.map(\.id)
    let views = scene.allViews.map(\.id)
    if !gestures.isEmpty, views.isEmpty || rng.chance(0.7) {
      add(&state, .setEnabled(gesture: rng.pick(gestures), rng.chance(0.5)))
    } else if !views.isEmpty {
      add(&state, .removeView(rng.pick(views)))
    }
  }
}
