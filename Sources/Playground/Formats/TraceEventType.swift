import GestureKit

/// The `type` of a trace line (docs/FORMATS.md, "Trace file"): which seat event it is and
/// which keys it takes besides `t` and `type`.
///
/// The names mirror the Wayland events (`wl_touch`, `wl_pointer`, `wl_keyboard`, the
/// pointer-gestures protocol, the tablet protocol's tools). `seat.touch_lost`,
/// `seat.pointer_lost` and `tablet.removed` are this project's additions: a recording writes
/// them when the seat loses a device or a tablet tool goes away; `window.size`, the size the
/// live window took (written at the start and after every change); and `scene.reload`, a save
/// of the watched scene file that rebuilt the scene (`run --watch`).
enum TraceEventType: String, CaseIterable, Sendable {
  case touchDown = "touch.down"
  case touchMotion = "touch.motion"
  case touchUp = "touch.up"
  case touchFrame = "touch.frame"
  case touchCancel = "touch.cancel"
  case pointerEnter = "pointer.enter"
  case pointerLeave = "pointer.leave"
  case pointerMotion = "pointer.motion"
  case pointerButton = "pointer.button"
  case pointerAxis = "pointer.axis"
  case pointerAxisStop = "pointer.axis_stop"
  case pointerFrame = "pointer.frame"
  case key = "key"
  case pinchBegin = "pinch.begin"
  case pinchUpdate = "pinch.update"
  case pinchEnd = "pinch.end"
  case swipeBegin = "swipe.begin"
  case swipeUpdate = "swipe.update"
  case swipeEnd = "swipe.end"
  case holdBegin = "hold.begin"
  case holdEnd = "hold.end"
  case tabletProximityIn = "tablet.proximity_in"
  case tabletProximityOut = "tablet.proximity_out"
  case tabletDown = "tablet.down"
  case tabletUp = "tablet.up"
  case tabletMotion = "tablet.motion"
  case tabletPressure = "tablet.pressure"
  case tabletDistance = "tablet.distance"
  case tabletTilt = "tablet.tilt"
  case tabletRotation = "tablet.rotation"
  case tabletButton = "tablet.button"
  case tabletFrame = "tablet.frame"
  case tabletRemoved = "tablet.removed"
  case touchLost = "seat.touch_lost"
  case pointerLost = "seat.pointer_lost"
  case windowSize = "window.size"
  case sceneReload = "scene.reload"

  /// Every type name, in the order error messages list them.
  static let names = allCases.map(\.rawValue)

  /// The keys a line of this type must have besides `t` and `type`.
  var requiredKeys: [String] {
    switch self {
    case .touchDown, .touchMotion: ["id", "x", "y"]
    case .touchUp: ["id"]
    case .pointerEnter, .pointerMotion: ["x", "y"]
    case .pointerButton: ["button", "state"]
    case .pointerAxis: ["axis", "value"]
    case .pointerAxisStop: ["axis"]
    case .key: ["key", "state"]
    case .pinchBegin, .swipeBegin, .holdBegin: ["fingers"]
    case .pinchUpdate: ["dx", "dy", "scale", "rotation"]
    case .swipeUpdate: ["dx", "dy"]
    case .pinchEnd, .swipeEnd, .holdEnd: ["cancelled"]
    case .windowSize: ["width", "height"]
    case .tabletProximityIn: ["tool", "kind"]
    case .tabletMotion: ["tool", "x", "y"]
    case .tabletPressure: ["tool", "pressure"]
    case .tabletDistance: ["tool", "distance"]
    case .tabletTilt: ["tool", "tilt"]
    case .tabletRotation: ["tool", "degrees"]
    case .tabletButton: ["tool", "button", "state"]
    case .tabletProximityOut, .tabletDown, .tabletUp, .tabletFrame, .tabletRemoved: ["tool"]
    case .touchFrame, .touchCancel, .pointerLeave, .pointerFrame, .touchLost, .pointerLost, .sceneReload: []
    }
  }

  /// The keys a line of this type may have besides the required ones.
  var optionalKeys: [String] {
    switch self {
    case .pointerAxis: ["source", "discrete", "value120"]
    case .key: ["shifted", "latin"]
    default: []
    }
  }

  /// Every key a line of this type may have, in the order messages list them.
  var allowedKeys: [String] { ["t", "type"] + requiredKeys + optionalKeys }

  /// True for the touch changes that a `touch.frame` groups.
  var isTouchChange: Bool { self == .touchDown || self == .touchMotion || self == .touchUp }

  /// The type of a seat event.
  init(_ event: SeatEvent) {
    switch event {
    case .touchDown: self = .touchDown
    case .touchMotion: self = .touchMotion
    case .touchUp: self = .touchUp
    case .touchFrame: self = .touchFrame
    case .touchCancel: self = .touchCancel
    case .pointerEnter: self = .pointerEnter
    case .pointerLeave: self = .pointerLeave
    case .pointerMotion: self = .pointerMotion
    case .pointerButton: self = .pointerButton
    case .pointerAxis: self = .pointerAxis
    case .pointerAxisStop: self = .pointerAxisStop
    case .pointerFrame: self = .pointerFrame
    case .key: self = .key
    case .pinchBegin: self = .pinchBegin
    case .pinchUpdate: self = .pinchUpdate
    case .pinchEnd: self = .pinchEnd
    case .swipeBegin: self = .swipeBegin
    case .swipeUpdate: self = .swipeUpdate
    case .swipeEnd: self = .swipeEnd
    case .holdBegin: self = .holdBegin
    case .holdEnd: self = .holdEnd
    case .tabletProximityIn: self = .tabletProximityIn
    case .tabletProximityOut: self = .tabletProximityOut
    case .tabletDown: self = .tabletDown
    case .tabletUp: self = .tabletUp
    case .tabletMotion: self = .tabletMotion
    case .tabletPressure: self = .tabletPressure
    case .tabletDistance: self = .tabletDistance
    case .tabletTilt: self = .tabletTilt
    case .tabletRotation: self = .tabletRotation
    case .tabletButton: self = .tabletButton
    case .tabletFrame: self = .tabletFrame
    case .tabletToolRemoved: self = .tabletRemoved
    case .touchCapabilityLost: self = .touchLost
    case .pointerCapabilityLost: self = .pointerLost
    }
  }

  // MARK: Value names

  /// Button names and their Linux input codes; other buttons are written as numbers.
  static let buttonNames: [(name: String, code: UInt32)] = [
    ("left", SeatEvent.leftButton), ("right", SeatEvent.rightButton), ("middle", SeatEvent.middleButton),
  ]

  /// The `source` names of `pointer.axis`; `wheel_tilt` is this project's addition.
  static let sourceNames: [(name: String, source: ScrollSource)] = [
    ("wheel", .wheel), ("finger", .finger), ("continuous", .continuous), ("wheel_tilt", .wheelTilt),
  ]

  /// The `state` names of `pointer.button` and `key`.
  static let stateNames = ["pressed", "released"]
}
