/// What input on the client-side frame asks for; `ClientDecoration` carries it out.
enum FrameAction: Equatable {
  /// `xdg_toplevel.move`, with the press's seat and serial.
  case move(seat: OpaquePointer, serial: UInt32)
  /// `xdg_toplevel.resize` from these `xdg_toplevel_resize_edge` edges, with the press's seat
  /// and serial.
  case resize(seat: OpaquePointer, serial: UInt32, edges: UInt32)
  /// `xdg_toplevel.show_window_menu` at (x, y) in window-geometry coordinates.
  case windowMenu(seat: OpaquePointer, serial: UInt32, x: Int, y: Int)
  /// The pointer's cursor shows `kind`.
  case pointerCursor(CursorKind)
  /// Tablet tool `tool`'s cursor shows `kind`.
  case toolCursor(tool: Int, kind: CursorKind)
  /// A title bar button was released over after it was pressed, or the title bar was double
  /// clicked (the maximise button's action): it acts.
  case click(FrameButton)
}

/// The pointer's, the fingers' and the tablet tools' state on the client-side frame, and what
/// their input asks for. Pure logic, so that it is unit tested without a compositor.
///
/// A press on the title bar starts a move, on an edge a resize, both with the press's serial
/// (the compositor checks that it belongs to a press it sent); on a button it presses the
/// button, which acts when the press ends over it. A press is the pointer's left button, a
/// finger, or a tool's tip: a pen drives the frame as a finger does, as it drives GTK's
/// header bar (mutter and KWin accept a tool's `down` serial for a move). The right button,
/// or a pen's first barrel button (`BTN_STYLUS`, GTK's secondary button for a pen), on the
/// title bar opens the window menu where the compositor has one. The pointer, and a tool
/// hovering, light the button they are over.
///
/// A second press on the title bar by the same device, within ``doubleClickInterval`` and
/// ``doubleClickDistance`` of the first, maximises or restores the window instead of moving
/// it (where the compositor can maximise), as a double click on GTK's header bar does. The
/// first press has started a move already, as every press does: a press that the
/// compositor's move grab ends without motion leaves the window in place.
struct FrameInteraction {
  /// A finger or a tool on the frame.
  private struct Contact {
    /// Where it is, in frame-surface coordinates.
    var x: Double
    var y: Double
    /// The button its press holds, if any.
    var pressed: FrameButton?
    /// The button it hovers over (a tool whose tip is up), if any.
    var hovered: FrameButton?
    /// Whether its tip is down (a tool; a finger is always down).
    var isDown: Bool
    /// False for a tool since the frame's layout changed under it, until it moves again.
    var isPlaced = true
  }

  /// `BTN_LEFT`: the pointer's press.
  static let leftButton: UInt32 = 0x110
  /// `BTN_RIGHT`: the pointer's window menu.
  static let rightButton: UInt32 = 0x111
  /// `BTN_STYLUS`: a pen's first barrel button, its window menu.
  static let stylusButton: UInt32 = 0x14b
  /// The longest time between the two presses of a double click on the title bar, in
  /// milliseconds: GTK's default `gtk-double-click-time`, and GNOME's default double-click
  /// delay (`org.gnome.desktop.peripherals.mouse double-click`).
  static let doubleClickInterval: UInt32 = 400
  /// The farthest the second press of a double click may be from the first, in logical
  /// pixels along each axis: GTK's default `gtk-double-click-distance`.
  static let doubleClickDistance = 5.0

  /// What made a press: a double click needs two from the same device.
  private enum Presser: Equatable {
    case pointer
    case finger
    case tool(Int)
  }

  /// The last press on the title bar; nil after a double click, or after a press elsewhere.
  private var lastTitlePress: Press?

  private var pointerLocation = (x: 0.0, y: 0.0)
  private var pointerPressed: FrameButton?
  private var pointerHovered: FrameButton?
  private var touches: [Int32: Contact] = [:]
  private var tools: [Int: Contact] = [:]

  /// The button under the pointer or a hovering tool, if any.
  var hovered: FrameButton? {
    pointerHovered ?? tools.values.lazy.compactMap(\.hovered).first
  }

  /// The button pressed (by the pointer, a finger or a tool) and not yet released, if any.
  var pressed: FrameButton? {
    pointerPressed ?? touches.values.lazy.compactMap(\.pressed).first
      ?? tools.values.lazy.compactMap(\.pressed).first
  }

  /// The frame's layout changed (its size, or it was maximised, restored, tiled): where each
  /// tool is on it is unknown until the tool moves again, since a compositor need not send a
  /// still tool a motion when the surface changes under it (Weston 14 sends none). Until then
  /// the tool lights nothing, and its tip or barrel button does nothing: after a tap on
  /// maximise, a pen held still no longer lights the button that was under it in the old
  /// layout.
  mutating func forgetToolPlaces() {
    for tool in tools.keys {
      tools[tool]?.isPlaced = false
      tools[tool]?.hovered = nil
      tools[tool]?.pressed = nil
    }
  }

  /// Follows `input` on `frame` and hands what it asks for to `perform`, in order.
  mutating func handle(_ input: FrameInput, on frame: WindowFrame, perform: (FrameAction) -> Void) {
    switch input {
    case .pointerEnter(let x, let y), .pointerMotion(let x, let y):
      pointerLocation = (x, y)
      let zone = frame.zone(x: x, y: y)
      perform(.pointerCursor(.frame(zone)))
      pointerHovered = Self.button(in: zone)
    case .pointerLeave:
      pointerPressed = nil
      pointerHovered = nil
    case .pointerButton(let seat, let serial, let time, let button, let pressed):
      let zone = frame.zone(x: pointerLocation.x, y: pointerLocation.y)
      if pressed {
        pointerPressed = nil
        if button == Self.rightButton {
          openMenu(in: zone, on: frame, at: pointerLocation, seat: seat, serial: serial, perform: perform)
        } else if button == Self.leftButton {
          let place = Press(
            presser: .pointer, seat: seat, serial: serial, time: time, location: pointerLocation)
          pointerPressed = press(zone, on: frame, by: place, perform: perform)
        }
      } else if button == Self.leftButton, let held = pointerPressed {
        pointerPressed = nil
        if zone == .button(held) { perform(.click(held)) }
      }
    case .touchDown(let seat, let serial, let time, let id, let x, let y):
      let place = Press(presser: .finger, seat: seat, serial: serial, time: time, location: (x, y))
      let pressed = press(frame.zone(x: x, y: y), on: frame, by: place, perform: perform)
      touches[id] = Contact(x: x, y: y, pressed: pressed, isDown: true)
    case .touchMotion(let id, let x, let y):
      touches[id]?.x = x
      touches[id]?.y = y
    case .touchUp(let id, let cancelled):
      guard let touch = touches.removeValue(forKey: id), !cancelled, let held = touch.pressed else { return }
      if frame.zone(x: touch.x, y: touch.y) == .button(held) { perform(.click(held)) }
    case .toolMotion(let tool, let x, let y):
      var contact = tools[tool] ?? Contact(x: x, y: y, isDown: false)
      contact.x = x
      contact.y = y
      contact.isPlaced = true
      let zone = frame.zone(x: x, y: y)
      contact.hovered = contact.isDown ? nil : Self.button(in: zone)
      tools[tool] = contact
      perform(.toolCursor(tool: tool, kind: .frame(zone)))
    case .toolDown(let seat, let serial, let time, let tool):
      // A tip that comes down before the tool's first motion has no place on the frame.
      guard var contact = tools[tool] else { return }
      contact.isDown = true
      contact.hovered = nil
      if contact.isPlaced {
        let place = Press(
          presser: .tool(tool), seat: seat, serial: serial, time: time, location: (contact.x, contact.y))
        contact.pressed = press(
          frame.zone(x: contact.x, y: contact.y), on: frame, by: place, perform: perform)
      }
      tools[tool] = contact
    case .toolUp(let tool):
      guard var contact = tools[tool], contact.isDown else { return }
      let zone = frame.zone(x: contact.x, y: contact.y)
      if let held = contact.pressed, zone == .button(held) { perform(.click(held)) }
      contact.isDown = false
      contact.pressed = nil
      contact.hovered = contact.isPlaced ? Self.button(in: zone) : nil
      tools[tool] = contact
    case .toolButton(let seat, let serial, let tool, let button, let pressed):
      guard pressed, button == Self.stylusButton, let contact = tools[tool], contact.isPlaced else { return }
      let zone = frame.zone(x: contact.x, y: contact.y)
      openMenu(in: zone, on: frame, at: (contact.x, contact.y), seat: seat, serial: serial, perform: perform)
    case .toolLeave(let tool):
      tools[tool] = nil
    }
  }

  /// Opens the window menu when `zone` is the title bar and the compositor has one.
  private func openMenu(
    in zone: FrameZone, on frame: WindowFrame, at location: (x: Double, y: Double), seat: OpaquePointer,
    serial: UInt32, perform: (FrameAction) -> Void
  ) {
    guard zone == .move, frame.capabilities.contains(.windowMenu) else { return }
    perform(
      .windowMenu(
        seat: seat, serial: serial, x: Int(location.x) - WindowFrame.border,
        y: Int(location.y) - WindowFrame.border))
  }

  /// A press: who made it, its seat, serial and time (milliseconds, the compositor's clock),
  /// and where it was (frame-surface coordinates).
  private struct Press {
    var presser: Presser
    var seat: OpaquePointer
    var serial: UInt32
    var time: UInt32
    var location: (x: Double, y: Double)
  }

  /// Starts what `press` in `zone` starts: a move on the title bar (or, as the second press
  /// of a double click, the maximise button's action), a resize on an edge; returns the
  /// button pressed, if any.
  private mutating func press(
    _ zone: FrameZone, on frame: WindowFrame, by press: Press, perform: (FrameAction) -> Void
  ) -> FrameButton? {
    // Only presses on the title bar, one after the other, make a double click.
    if zone != .move { lastTitlePress = nil }
    switch zone {
    case .none: return nil
    case .move:
      if let last = lastTitlePress, last.presser == press.presser,
        press.time &- last.time <= Self.doubleClickInterval,
        abs(press.location.x - last.location.x) <= Self.doubleClickDistance,
        abs(press.location.y - last.location.y) <= Self.doubleClickDistance,
        frame.capabilities.contains(.maximize)
      {
        lastTitlePress = nil
        perform(.click(.maximize))
        return nil
      }
      lastTitlePress = press
      perform(.move(seat: press.seat, serial: press.serial))
      return nil
    case .resize(let edges):
      perform(.resize(seat: press.seat, serial: press.serial, edges: edges))
      return nil
    case .button(let button): return button
    }
  }

  /// The button `zone` is, if it is one.
  private static func button(in zone: FrameZone) -> FrameButton? {
    if case .button(let button) = zone { button } else { nil }
  }
}
