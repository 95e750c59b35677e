/// Two fingers from one mouse (`MouseTwoFingerEmulation`): while Alt is held (tracked
/// from the key events, so a replay does the same) a second point is shown
/// (`emulatedSecondFinger`), mirrored through the window's centre; Alt+Shift moves it in
/// parallel with the pointer instead. A left press while Alt is held puts two fingers
/// down in one frame, the pointer's touch (id -1) and the second finger
/// (`MouseTwoFingerEmulation.secondFingerID`, -2), both `indirectPointer`; motion moves
/// both, release lifts both. Releasing Alt mid-drag lifts the second finger only (as
/// lifting one of two fingers would) and the drag goes on with one; pressing Alt mid-drag
/// only shows the point, the second finger lands with the next press. Shift may change
/// mid-drag without a jump. Leaving the surface or losing the pointer cancels both.
extension SeatInputTranslator {
  /// Where the Alt two-finger emulation's second point is (window coordinates), while Alt
  /// is held and the pointer is on the surface (or its button is held); nil otherwise. A UI
  /// draws it as a marker, redrawn from `onEmulatedFingersChange`.
  public var emulatedSecondFinger: Point? { emulatedFingers?.second }

  /// The pointer and the Alt two-finger emulation's second point, under the same conditions
  /// as `emulatedSecondFinger`.
  public var emulatedFingers: (pointer: Point, second: Point)? {
    guard twoFingers.isActive, pointerInside || pointerPressed else { return nil }
    return (pointerLocation, twoFingers.secondPoint(for: pointerLocation))
  }

  /// The Alt two-finger emulation's state (its mode and mirror centre).
  public var twoFingerEmulation: MouseTwoFingerEmulation { twoFingers }

  /// Whether the emulated second finger is down (a left drag that began with Alt held).
  public var isSecondFingerDown: Bool { secondFingerDown }

  /// Queues the emulated second finger's touch, at the pointer's mirror (or parallel) point.
  func queueSecondFinger(_ kind: TouchInput.Kind, time: Double) {
    pointerQueueTime = time
    pointerQueue.append(
      TouchInput(
        kind: kind, id: MouseTwoFingerEmulation.secondFingerID,
        location: twoFingers.secondPoint(for: pointerLocation),
        type: .indirectPointer))
  }

  /// Follows Alt and Shift: Alt down turns the emulation on (mirrored through the window's
  /// centre, or parallel with Shift), Alt up turns it off and lifts a second finger that is
  /// down, Shift switches the mode while Alt is held.
  func updateTwoFingers(from old: KeyModifiers, at time: Double) {
    let alt = modifiers.contains(.alt)
    let shift = modifiers.contains(.shift)
    if alt, !old.contains(.alt) {
      let center = Point(x: window.size.width / 2, y: window.size.height / 2)
      twoFingers.activate(center: center, pointer: pointerLocation, parallel: shift)
    } else if !alt, old.contains(.alt) {
      twoFingers.deactivate()
      if secondFingerDown {
        secondFingerDown = false
        pointerQueueTime = time
        pointerQueue.append(.up(MouseTwoFingerEmulation.secondFingerID, type: .indirectPointer))
        flushPointer()
      }
    } else if alt, shift != old.contains(.shift) {
      twoFingers.setParallel(shift, pointer: pointerLocation)
    } else {
      return
    }
    if pointerInside || pointerPressed { onEmulatedFingersChange?() }
  }
}
