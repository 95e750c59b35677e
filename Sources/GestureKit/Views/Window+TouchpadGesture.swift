/// The touchpad pinch a window is in: the pinch and rotation recognizers found under the
/// pointer when it began, and where the pointer was.
struct TouchpadPinchSequence {
  /// True between a begin and its end.
  var isActive = false
  /// True once the first update arrived (the recognizers began then).
  var hasUpdated = false
  /// The recognizers the pinch drives, in routing order (hit view first).
  var recognizers: [GestureRecognizer] = []
}

extension Window {
  /// A touchpad pinch began (`zwp_pointer_gesture_pinch_v1.begin`) with the pointer at
  /// `location` (window coordinates), at `time` (seconds).
  ///
  /// A touchpad pinch drives `PinchGestureRecognizer`s and `RotationGestureRecognizer`s
  /// without touches:
  ///
  /// 1. The begin hit-tests `location` once, like a touch-down: the pinch and rotation
  ///    recognizers of the hit view and its ancestors (hit view first) that are enabled and
  ///    in no attempt of their own join the pinch; `scale` starts at 1, `rotation` at 0.
  /// 2. The first update makes them begin, in that order, with no hysteresis (the compositor
  ///    recognized the pinch already): each asks `shouldBegin` and honours failure
  ///    requirements, and one that began fails the later ones it may prevent unless they may
  ///    recognize simultaneously (so a pinch and a rotation on one view both follow the
  ///    touchpad only if a delegate allows it, as with touches). Later updates report
  ///    `changed`. `scale` is the update's (absolute since the begin); each update's
  ///    clockwise rotation in degrees adds to `rotation`, in radians. The updates' centroid
  ///    movement is not used: `location(in:)` stays where the pointer was at the begin.
  /// 3. The end ends them (`sendTouchpadPinchEnd(cancelled: false, ...)`) or cancels them
  ///    (`cancelled: true`); recognizers that never began fail.
  ///
  /// A begin while a pinch is in progress cancels that one first. Touchpad swipes and holds
  /// drive nothing. Each call is an input entry point, like `send`: not from an action
  /// (asserted).
  public func sendTouchpadPinchBegin(at location: Point, time: Double) {
    assert(!isInCycle, "sendTouchpadPinchBegin is an input entry point; it cannot be called from an action")
    if touchpadPinch.isActive { sendTouchpadPinchEnd(cancelled: true, time: time) }
    currentTime = time
    var recognizers: [GestureRecognizer] = []
    var view = hitTest(location)
    while let current = view {
      for recognizer in current.gestureRecognizers {
        if let pinch = recognizer as? PinchGestureRecognizer, pinch.acceptsTouchpadGesture() {
          pinch.touchpadPinchBegan(at: location, time: time)
          recognizers.append(pinch)
        } else if let rotation = recognizer as? RotationGestureRecognizer, rotation.acceptsTouchpadGesture() {
          rotation.touchpadPinchBegan(at: location, time: time)
          recognizers.append(rotation)
        }
      }
      view = current.superview
    }
    touchpadPinch = TouchpadPinchSequence(isActive: true, hasUpdated: false, recognizers: recognizers)
  }

  /// A touchpad pinch changed (`zwp_pointer_gesture_pinch_v1.update`): its `scale` is now
  /// `scale` (absolute since the begin) and it turned by `rotationDegrees` clockwise since
  /// the last update. Ignored without a begin. See `sendTouchpadPinchBegin(at:time:)`.
  public func sendTouchpadPinchUpdate(scale: Double, rotationDegrees: Double, time: Double) {
    assert(!isInCycle, "sendTouchpadPinchUpdate is an input entry point; it cannot be called from an action")
    guard touchpadPinch.isActive else { return }
    currentTime = time
    let isFirst = !touchpadPinch.hasUpdated
    touchpadPinch.hasUpdated = true
    runCycle(event: nil) {
      if isFirst {
        startWithoutTouches(touchpadPinch.recognizers) { recognizer in
          updateTouchpadPinch(of: recognizer, scale: scale, rotationDegrees: rotationDegrees, time: time)
        }
      } else {
        for recognizer in touchpadPinch.recognizers where isDrivenByTouchpad(recognizer) {
          guard recognizer.view?.window === self else {
            abandonTouchpadPinch(of: recognizer)
            continue
          }
          updateTouchpadPinch(of: recognizer, scale: scale, rotationDegrees: rotationDegrees, time: time)
        }
      }
    }
    if isFirst { touchpadPinch.recognizers.removeAll { !isDrivenByTouchpad($0) } }
  }

  /// A touchpad pinch ended (`zwp_pointer_gesture_pinch_v1.end`), or was cancelled by the
  /// compositor or because the pointer went away (`cancelled`). Ignored without a begin.
  /// See `sendTouchpadPinchBegin(at:time:)`.
  public func sendTouchpadPinchEnd(cancelled: Bool, time: Double) {
    assert(!isInCycle, "sendTouchpadPinchEnd is an input entry point; it cannot be called from an action")
    guard touchpadPinch.isActive else { return }
    currentTime = time
    let recognizers = touchpadPinch.recognizers
    touchpadPinch = TouchpadPinchSequence()
    runCycle(event: nil) {
      for recognizer in recognizers where isDrivenByTouchpad(recognizer) {
        guard recognizer.view?.window === self else {
          abandonTouchpadPinch(of: recognizer)
          continue
        }
        finishTouchpadPinch(of: recognizer, cancelled: cancelled)
      }
    }
  }

  // MARK: Private

  /// True while `recognizer`'s attempt is driven by the touchpad (it resets otherwise).
  private func isDrivenByTouchpad(_ recognizer: GestureRecognizer) -> Bool {
    (recognizer as? TwoTouchGestureRecognizer)?.isTouchpadDriven ?? false
  }

  /// Hands an update to `recognizer`: the scale to a pinch, the rotation to a rotation.
  private func updateTouchpadPinch(
    of recognizer: GestureRecognizer, scale: Double, rotationDegrees: Double, time: Double
  ) {
    if let pinch = recognizer as? PinchGestureRecognizer {
      pinch.touchpadPinchChanged(scale: scale, time: time)
    } else if let rotation = recognizer as? RotationGestureRecognizer {
      rotation.touchpadPinchChanged(rotationDegrees: rotationDegrees, time: time)
    }
  }

  /// Ends, cancels or fails `recognizer`'s touchpad attempt.
  private func finishTouchpadPinch(of recognizer: GestureRecognizer, cancelled: Bool) {
    (recognizer as? TwoTouchGestureRecognizer)?.touchpadPinchEnded(cancelled: cancelled)
  }

  /// A recognizer whose view left the window mid-pinch: cancelled (or failed) and, with no
  /// window left to reset it, reset now.
  private func abandonTouchpadPinch(of recognizer: GestureRecognizer) {
    finishTouchpadPinch(of: recognizer, cancelled: true)
    if recognizer.view?.window == nil, recognizer.storedState.isFinished { recognizer.performReset() }
  }
}
