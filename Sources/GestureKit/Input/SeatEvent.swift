/// One input event as a seat reports it, in plain values: the vocabulary of `wl_touch`,
/// `wl_pointer`, `wl_keyboard`, the pointer-gestures protocol and the tablet protocol's
/// tools, without any Wayland type.
///
/// The backend turns protocol events into these, a trace file is parsed into these, and a
/// `SeatInputTranslator` turns them into what a `Window` understands, so a live session and
/// its replay go through the same code. Locations are surface-local logical pixels.
public enum SeatEvent: Equatable, Sendable {
  /// A finger touched the surface (`wl_touch.down`).
  case touchDown(id: Int, location: Point)
  /// A finger moved (`wl_touch.motion`).
  case touchMotion(id: Int, location: Point)
  /// A finger lifted (`wl_touch.up`).
  case touchUp(id: Int)
  /// The end of a group of touch events that belong together (`wl_touch.frame`).
  case touchFrame
  /// The compositor took the touches over (`wl_touch.cancel`).
  case touchCancel
  /// The pointer entered the surface (`wl_pointer.enter`).
  case pointerEnter(location: Point)
  /// The pointer left the surface (`wl_pointer.leave`).
  case pointerLeave
  /// The pointer moved (`wl_pointer.motion`).
  case pointerMotion(location: Point)
  /// A button changed (`wl_pointer.button`); `button` is a Linux input code
  /// (`SeatEvent.leftButton` is the left one).
  case pointerButton(button: UInt32, pressed: Bool)
  /// Scrolling on one axis (`wl_pointer.axis`, with `axis_source`, `axis_discrete` and
  /// `axis_value120` folded in); `value` in surface pixels, positive down/right. `discrete` is
  /// the wheel's whole clicks, where the compositor sent clicks; `value120` its steps in 120ths
  /// of a click (`axis_value120`, version 8), where it sent those, fractions of a click
  /// included: a high-resolution wheel sends 15 for an eighth of a click, and 0 whole clicks.
  case pointerAxis(
    axis: ScrollAxis, value: Double, source: ScrollSource?, discrete: Int?, value120: Int? = nil)
  /// Scrolling on an axis stopped: the fingers left the touchpad (`wl_pointer.axis_stop`).
  case pointerAxisStop(axis: ScrollAxis)
  /// The end of a group of pointer events that belong together (`wl_pointer.frame`).
  case pointerFrame
  /// A key changed; `name` is the xkb keysym name (e.g. "Escape", "Alt_L", "q"). Where the
  /// source gives them: `shifted`, the keysym name the same key makes with Shift ("1" for the
  /// `ampersand` key of a French keyboard, whose digits are on the Shift level), and `latin`,
  /// the letter it makes in a Latin layout of the keymap ("q" for the key that makes
  /// `Cyrillic_shorti` while the Russian layout of a US and Russian keymap is active).
  case key(name: String, pressed: Bool, shifted: String? = nil, latin: String? = nil)
  /// A touchpad pinch began (`zwp_pointer_gesture_pinch_v1.begin`).
  case pinchBegin(fingers: Int)
  /// A touchpad pinch changed: `delta` of the centroid, `scale` absolute since begin,
  /// `rotation` relative clockwise degrees since the last update.
  case pinchUpdate(delta: Point, scale: Double, rotation: Double)
  /// A touchpad pinch ended, or was cancelled.
  case pinchEnd(cancelled: Bool)
  /// A touchpad swipe began.
  case swipeBegin(fingers: Int)
  /// A touchpad swipe moved by `delta`.
  case swipeUpdate(delta: Point)
  /// A touchpad swipe ended, or was cancelled.
  case swipeEnd(cancelled: Bool)
  /// Fingers rest on the touchpad without moving.
  case holdBegin(fingers: Int)
  /// The hold ended, or was cancelled.
  case holdEnd(cancelled: Bool)
  /// A tablet tool came near the surface (`zwp_tablet_tool_v2.proximity_in`); `tool` is the
  /// backend's number for it, `kind` its type.
  case tabletProximityIn(tool: Int, kind: TabletToolKind)
  /// The tool left (`proximity_out`).
  case tabletProximityOut(tool: Int)
  /// The tool's tip touched the surface (`down`).
  case tabletDown(tool: Int)
  /// The tip left the surface (`up`).
  case tabletUp(tool: Int)
  /// The tool moved (`motion`), surface-local.
  case tabletMotion(tool: Int, location: Point)
  /// The tip's pressure, 0 to 1 (`pressure`, its 0-65535 scaled).
  case tabletPressure(tool: Int, pressure: Double)
  /// The hover distance, 0 to 1 (`distance`, scaled).
  case tabletDistance(tool: Int, distance: Double)
  /// The tool's tilt in degrees along x and y, positive where its top leans (`tilt`).
  case tabletTilt(tool: Int, x: Double, y: Double)
  /// The tool's rotation about its axis in degrees (`rotation`): recorded, not used.
  case tabletRotation(tool: Int, degrees: Double)
  /// A button on the tool (`button`; a Linux input code, such as `BTN_STYLUS`).
  case tabletButton(tool: Int, button: UInt32, pressed: Bool)
  /// The end of the tool's group of events (`frame`).
  case tabletFrame(tool: Int)
  /// The tool went away (`zwp_tablet_tool_v2.removed`, or its tablet was unplugged).
  case tabletToolRemoved(tool: Int)
  /// The seat lost its touch capability (device unplugged).
  case touchCapabilityLost
  /// The seat lost its pointer capability (device unplugged).
  case pointerCapabilityLost

  /// Linux input code of the left mouse button (`BTN_LEFT`).
  public static let leftButton: UInt32 = 0x110
  /// Linux input code of the right mouse button (`BTN_RIGHT`).
  public static let rightButton: UInt32 = 0x111
  /// Linux input code of the middle mouse button (`BTN_MIDDLE`).
  public static let middleButton: UInt32 = 0x112
  /// Linux input code of a pen's first barrel button (`BTN_STYLUS`): GTK's secondary button
  /// for a pen, as the right button is the mouse's.
  public static let stylusButton: UInt32 = 0x14b
}

/// A scroll axis of a pointer.
public enum ScrollAxis: String, Equatable, Sendable, CaseIterable {
  /// Up and down.
  case vertical
  /// Left and right.
  case horizontal
}

/// What produced a scroll (`wl_pointer.axis_source`).
public enum ScrollSource: String, Equatable, Sendable, CaseIterable {
  /// A mouse wheel: discrete steps.
  case wheel
  /// Fingers on a touchpad: continuous, ends with an axis stop.
  case finger
  /// Some other continuous source (e.g. a trackpoint).
  case continuous
  /// A wheel tilted sideways.
  case wheelTilt
}

/// A tablet tool's type (`zwp_tablet_tool_v2.type`).
public enum TabletToolKind: String, Equatable, Sendable, CaseIterable {
  /// A pen's tip.
  case pen
  /// An eraser: a pen's other end, or an eraser tool.
  case eraser
  /// A brush.
  case brush
  /// A pencil.
  case pencil
  /// An airbrush.
  case airbrush
  /// A finger on a tablet.
  case finger
  /// A tablet mouse (puck).
  case mouse
  /// A lens cursor.
  case lens
}
