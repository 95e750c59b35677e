/// Tablet tools (`zwp_tablet_tool_v2`): a tool's tip on the surface is a touch of type
/// `pencil` (id `TouchInput.pencilID(tool:)`), carrying the tool's pressure, tilt and eraser
/// (`PenState`); a tool near the surface but not down hovers, as the pointer does.
///
/// A tool's events are grouped until its `tabletFrame`, then sent as one input frame: the
/// tip going down (where the tool is), moving or changing pressure or tilt (a motion, as
/// UIKit reports a change of force), lifting. What cannot be right is reported to
/// `onWarning` in one line and dropped, or clamped: a tip down from a tool that never came
/// near, before it has a place, or after the tool left; a pressure, distance or tilt out
/// of range or not finite (clamped: `PenState`); coordinates as for touches. A tool that
/// leaves, or is taken away, while its tip is down has its touch cancelled.
///
/// The first barrel button (`BTN_STYLUS`) pressed while the tool hovers is the secondary
/// button, as GTK maps it (a right click for a pen): a `pencil` touch with the
/// ``ButtonMask/secondary`` button mask, down where the tool is, moving with it, up when
/// the button is released, which reaches only the recognizers that ask for that button
/// (`buttonMaskRequired`) and no view. One touch at a time, as the mouse's two buttons: the
/// barrel does nothing while the tip is down, nor the tip while the barrel's touch is (a pen
/// whose tip is tapped with the barrel held, Qt's right click, keeps the barrel's touch).
/// The tool leaving or being taken away cancels it. Other tool buttons do nothing.
extension SeatInputTranslator {
  /// Handles a tablet tool's event (`SeatEvent.tablet...`) at `time`.
  func handleTablet(_ event: SeatEvent, at time: Double) {
    switch event {
    case .tabletProximityIn(let tool, let kind):
      if let i = toolIndex(tool) {
        tablets[i].kind = kind
        tablets[i].pen.isEraser = kind == .eraser
      } else {
        tablets.append(TabletTool(id: tool, kind: kind))
      }
    case .tabletProximityOut(let tool):
      if let i = toolIndex(tool) { tablets[i].leaving = true }
    case .tabletDown(let tool):
      guard let i = toolIndex(tool) else {
        onWarning?("dropped \(event.summary): the tool never came near the surface (no proximity_in)")
        return
      }
      tablets[i].pendingDown = true
    case .tabletUp(let tool):
      if let i = toolIndex(tool) { tablets[i].pendingUp = true }
    case .tabletMotion(let tool, let location):
      guard let i = toolIndex(tool), accept(location, in: event) else { return }
      tablets[i].location = location
      tablets[i].moved = true
    case .tabletPressure(let tool, let pressure):
      checkRange(pressure, 0...1, in: event)
      guard let i = toolIndex(tool) else { return }
      tablets[i].pen.pressure = pressure
      tablets[i].penChanged = true
    case .tabletDistance(let tool, let distance):
      checkRange(distance, 0...1, in: event)
      guard let i = toolIndex(tool) else { return }
      tablets[i].pen.distance = distance
      tablets[i].penChanged = true
    case .tabletTilt(let tool, let x, let y):
      checkRange(x, -90...90, in: event)
      checkRange(y, -90...90, in: event)
      guard let i = toolIndex(tool) else { return }
      tablets[i].pen.tiltX = x
      tablets[i].pen.tiltY = y
      tablets[i].penChanged = true
    case .tabletFrame(let tool):
      applyTabletFrame(of: tool, at: time)
    case .tabletToolRemoved(let tool):
      guard let i = toolIndex(tool) else { return }
      let removed = tablets.remove(at: i)
      if removed.isDown {
        onWarning?("tool \(tool) went away with its tip down (unplugged?): its touch is cancelled")
        window.cancelTouch(inputID: TouchInput.pencilID(tool: tool), at: time)
      }
      if removed.isBarrelDown { window.cancelTouch(inputID: TouchInput.pencilID(tool: tool), at: time) }
      if removed.location != nil, !removed.isDown { endTabletHover(at: time) }
    case .tabletButton(let tool, let button, let pressed):
      guard button == SeatEvent.stylusButton, let i = toolIndex(tool) else { return }
      tablets[i].pendingBarrel = pressed
    case .tabletRotation:
      break
    default:
      preconditionFailure("not a tablet event: \(event.summary)")
    }
  }

  /// Where tool `tool` is in `tablets`.
  private func toolIndex(_ tool: Int) -> Int? {
    tablets.firstIndex { $0.id == tool }
  }

  /// Applies what the tool's group of events changed, as one input frame.
  func applyTabletFrame(of tool: Int, at time: Double) {
    guard let i = toolIndex(tool) else { return }
    let id = TouchInput.pencilID(tool: tool)
    let tipWasDown = tablets[i].isDown
    // While the barrel's touch is down the tip does nothing, as the mouse's other button.
    if tablets[i].isBarrelDown { tablets[i].pendingDown = false }
    if tablets[i].pendingDown, !tablets[i].isDown {
      if let location = tablets[i].location {
        tablets[i].isDown = true
        tablets[i].pen.distance = 0
        tabletQueue.append(
          TouchInput(kind: .down, id: id, location: location, type: .pencil, pen: tablets[i].pen))
      } else {
        onWarning?("dropped tool \(tool) touching down: it has not moved onto the surface yet")
      }
    } else if tablets[i].isDown, tablets[i].moved || tablets[i].penChanged, let location = tablets[i].location
    {
      tabletQueue.append(
        TouchInput(kind: .motion, id: id, location: location, type: .pencil, pen: tablets[i].pen))
    }
    if tablets[i].pendingUp, tablets[i].isDown {
      tablets[i].isDown = false
      tabletQueue.append(TouchInput(kind: .up, id: id, location: tablets[i].location ?? .zero, type: .pencil))
    }
    if !tipWasDown, !tablets[i].isDown { queueBarrel(of: i, id: id) }
    let state = tablets[i]
    tablets[i].clearPending()
    if !tabletQueue.isEmpty {
      // As the touch queue is flushed: moved out, sent, given back for reuse.
      var touches: [TouchInput] = []
      swap(&touches, &tabletQueue)
      send(&touches, at: time)
      if tabletQueue.isEmpty { swap(&touches, &tabletQueue) }
    }
    if state.leaving {
      if state.isDown {
        onWarning?("tool \(tool) left the surface with its tip down: its touch is cancelled")
        window.cancelTouch(inputID: id, at: time)
      }
      if state.isBarrelDown { window.cancelTouch(inputID: id, at: time) }
      // An action may have changed the tools meanwhile: found again.
      if let j = toolIndex(tool) { tablets.remove(at: j) }
      endTabletHover(at: time)
    } else if !state.isDown, state.moved || state.penChanged, let location = state.location {
      window.sendHover(location, at: time, pen: state.pen)
    }
  }

  /// Queues what the group did with tool `i`'s first barrel button, its tip up: the
  /// secondary button's touch (`id`) going down where the tool is, moving with it, lifting.
  private func queueBarrel(of i: Int, id: Int) {
    let tool = tablets[i]
    if tool.isBarrelDown, tool.moved, let location = tool.location {
      tabletQueue.append(TouchInput(kind: .motion, id: id, location: location, type: .pencil, pen: tool.pen))
    }
    switch tool.pendingBarrel {
    case true? where !tool.isBarrelDown:
      guard let location = tool.location else { return }
      tablets[i].isBarrelDown = true
      var input = TouchInput(kind: .down, id: id, location: location, type: .pencil, pen: tool.pen)
      input.buttonMask = .secondary
      tabletQueue.append(input)
    case false? where tool.isBarrelDown:
      tablets[i].isBarrelDown = false
      tabletQueue.append(TouchInput(kind: .up, id: id, location: tool.location ?? .zero, type: .pencil))
    default:
      break
    }
  }

  /// Applies every tool's unfinished group (the end of a trace).
  func flushTablets(at time: Double) {
    for tool in tablets.map(\.id) { applyTabletFrame(of: tool, at: time) }
  }

  /// A tool that hovered left: the hover goes back to the pointer, or ends.
  private func endTabletHover(at time: Double) {
    window.sendHover(pointerInside ? pointerLocation : nil, at: time)
  }

  /// Reports a value out of `range` (it is clamped by `PenState`).
  private func checkRange(_ value: Double, _ range: ClosedRange<Double>, in event: SeatEvent) {
    guard !PenState.isValid(value, in: range) else { return }
    onWarning?(
      "clamped \(event.summary): a value must be finite and within \(Int(range.lowerBound)) to \(Int(range.upperBound))"
    )
  }
}
