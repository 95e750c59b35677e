extension SeatEvent {
  /// The event in a few words, for a message: "a motion of touch 3 to (12, 1e+200)", "a
  /// touchpad pinch update (scale 0, rotation 1e+200°)". Numbers as Swift prints them, so an
  /// absurd one reads as it is.
  public var summary: String {
    switch self {
    case .touchDown(let id, let location): "a touch down of touch \(id) at \(Self.text(location))"
    case .touchMotion(let id, let location): "a motion of touch \(id) to \(Self.text(location))"
    case .touchUp(let id): "a touch up of touch \(id)"
    case .touchFrame: "a touch frame"
    case .touchCancel: "a touch cancel"
    case .pointerEnter(let location): "a pointer entry at \(Self.text(location))"
    case .pointerLeave: "a pointer leave"
    case .pointerMotion(let location): "a pointer motion to \(Self.text(location))"
    case .pointerButton(let button, let pressed):
      "a pointer button \(button) \(pressed ? "press" : "release")"
    case .pointerAxis(let axis, let value, _, _, _): "a \(axis) scroll of \(Self.number(value)) px"
    case .pointerAxisStop(let axis): "a \(axis) scroll stop"
    case .pointerFrame: "a pointer frame"
    case .key(let name, let pressed, _, _): "a key \(pressed ? "press" : "release") of \(name)"
    case .pinchBegin(let fingers): "a touchpad pinch begin with \(fingers) fingers"
    case .pinchUpdate(_, let scale, let rotation):
      "a touchpad pinch update (scale \(Self.number(scale)), rotation \(Self.number(rotation))°)"
    case .pinchEnd(let cancelled): "a touchpad pinch \(cancelled ? "cancel" : "end")"
    case .swipeBegin(let fingers): "a touchpad swipe begin with \(fingers) fingers"
    case .swipeUpdate(let delta): "a touchpad swipe update by \(Self.text(delta))"
    case .swipeEnd(let cancelled): "a touchpad swipe \(cancelled ? "cancel" : "end")"
    case .holdBegin(let fingers): "a touchpad hold begin with \(fingers) fingers"
    case .holdEnd(let cancelled): "a touchpad hold \(cancelled ? "cancel" : "end")"
    case .tabletProximityIn(let tool, let kind): "the \(kind) tool \(tool) coming near"
    case .tabletProximityOut(let tool): "tool \(tool) leaving"
    case .tabletDown(let tool): "tool \(tool) touching down"
    case .tabletUp(let tool): "tool \(tool) lifting"
    case .tabletMotion(let tool, let location): "a motion of tool \(tool) to \(Self.text(location))"
    case .tabletPressure(let tool, let pressure): "a pressure of \(Self.number(pressure)) from tool \(tool)"
    case .tabletDistance(let tool, let distance): "a distance of \(Self.number(distance)) from tool \(tool)"
    case .tabletTilt(let tool, let x, let y):
      "a tilt of (\(Self.number(x)), \(Self.number(y)))° from tool \(tool)"
    case .tabletRotation(let tool, let degrees): "a rotation of \(Self.number(degrees))° from tool \(tool)"
    case .tabletButton(let tool, let button, let pressed):
      "a button \(button) \(pressed ? "press" : "release") on tool \(tool)"
    case .tabletFrame(let tool): "a frame of tool \(tool)"
    case .tabletToolRemoved(let tool): "the removal of tool \(tool)"
    case .touchCapabilityLost: "the loss of the touch screen"
    case .pointerCapabilityLost: "the loss of the pointer"
    }
  }

  /// `(x, y)` with each number as `number(_:)` writes it.
  private static func text(_ point: Point) -> String { "(\(number(point.x)), \(number(point.y)))" }

  /// A whole number without its ".0"; any other as Swift prints it.
  private static func number(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}
