extension Window {
  /// Delivers the touches that changed in this event to the recognizers.
  ///
  /// A began touch goes to every recognizer of its view and the view's ancestors that
  /// accepts it (hit view first); moved, ended and cancelled touches go to the recognizers
  /// tracking them while those are still possible, began or changed; a recognizer whose view
  /// left the window meanwhile is cancelled (began, changed) or failed (possible) instead, as
  /// a disabled one is, and reset. Each recognizer gets
  /// its touches in one call per phase, in the order began, moved, ended, cancelled.
  func deliverToRecognizers(_ touches: [Touch], with event: TouchEvent) {
    // Reused buffers, not dictionaries: routing allocates nothing in steady state.
    var order = WindowScratch.take(&scratch.recognizers)
    var deliveries = WindowScratch.take(&scratch.deliveries)
    var batch = WindowScratch.take(&scratch.batch)
    defer {
      WindowScratch.giveBack(&order, to: &scratch.recognizers)
      WindowScratch.giveBack(&deliveries, to: &scratch.deliveries)
      WindowScratch.giveBack(&batch, to: &scratch.batch)
    }
    for touch in touches {
      for recognizer in touch.gestureRecognizers {
        if touch.phase == .began {
          guard accepts(recognizer, touch) else { continue }
          recognizer.trackedTouches.append(touch)
        } else {
          guard recognizer.isReceiving, recognizer.tracks(touch) else { continue }
          // Its view left the window mid-gesture: no timer of its own can run any more (it
          // would wait forever for a second tap), so its attempt ends, as when disabled.
          guard recognizer.view?.window === self else {
            recognizer.abandonAttempt()
            continue
          }
        }
        let index = order.firstIndex { $0 === recognizer } ?? order.count
        if index == order.count { order.append(recognizer) }
        deliveries.append(RecognizerDelivery(recognizerIndex: index, touch: touch, phase: touch.phase))
      }
    }
    for (index, recognizer) in order.enumerated() {
      noteInvolved(recognizer)
      for phase in Self.recognizerPhaseOrder {
        // A hook may ignore touches or finish the recognizer before the next phase.
        for delivery in deliveries
        where delivery.recognizerIndex == index && delivery.phase == phase
          && recognizer.tracks(delivery.touch)
        {
          batch.append(delivery.touch)
        }
        defer { batch.removeAll(keepingCapacity: true) }
        guard !batch.isEmpty, recognizer.isReceiving else { continue }
        switch phase {
        case .began: recognizer.touchesBegan(batch, with: event)
        case .moved: recognizer.touchesMoved(batch, with: event)
        case .ended: recognizer.touchesEnded(batch, with: event)
        case .cancelled: recognizer.touchesCancelled(batch, with: event)
        case .stationary: break
        }
      }
    }
  }

  /// The order in which a recognizer gets the phases of one delivery.
  private static let recognizerPhaseOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

  /// True when `recognizer` takes `touch` at touch-down: attached, enabled, not finished,
  /// the touch type allowed (and, with `requiresExclusiveTouchType`, the type of the touches
  /// it already tracks), a pointer touch's button accepted (the primary one; for a tap, what
  /// its `buttonMaskRequired` names), and its delegate agrees.
  private func accepts(_ recognizer: GestureRecognizer, _ touch: Touch) -> Bool {
    guard recognizer.isReceiving, recognizer.allowedTouchTypes.contains(touch.type),
      touch.buttonMask.isSubset(of: recognizer.acceptedButtons)
    else { return false }
    if recognizer.requiresExclusiveTouchType,
      recognizer.trackedTouches.contains(where: { $0.type != touch.type })
    {
      return false
    }
    return recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
  }

  /// After a system cancel: every recognizer tracking one of `touches` is cancelled (began,
  /// changed) or failed (possible), whatever its hooks did.
  func enforceCancellation(of touches: [Touch]) {
    var seen = Set<ObjectIdentifier>()
    for touch in touches {
      for recognizer in touch.gestureRecognizers where recognizer.tracks(touch) {
        guard seen.insert(ObjectIdentifier(recognizer)).inserted else { continue }
        noteInvolved(recognizer)
        guard !recognizer.isRejected else { continue }
        if recognizer.storedState.isActive {
          recognizer.state = .cancelled
        } else if recognizer.storedState == .possible {
          recognizer.state = .failed
        }
      }
    }
  }

  /// Remembers that `recognizer` has an attempt in progress, so that it is reset later.
  func noteInvolved(_ recognizer: GestureRecognizer) {
    if !involvedRecognizers.contains(where: { $0 === recognizer }) {
      involvedRecognizers.append(recognizer)
    }
  }

  /// Resets `recognizer` at the end of the current cycle (or now, outside one) if its
  /// attempt is over and its touches are gone.
  func scheduleReset(of recognizer: GestureRecognizer) {
    noteInvolved(recognizer)
    if !isInCycle { runCycle(event: nil) {} }
  }

  /// The end of a cycle: recognizers whose attempt is over and whose touches have all ended
  /// go back to `possible` (and get `reset()`); views that heard the last of their touches
  /// forget them.
  func finishCycle() {
    for recognizer in involvedRecognizers
    where recognizer.storedState.isFinished && recognizer.trackedTouches.allSatisfy({ $0.phase.isFinal }) {
      _ = recognizer.currentCentroidInWindow()
      recognizer.performReset()
    }
    involvedRecognizers.removeAll { $0.storedState == .possible && $0.trackedTouches.isEmpty }
    viewPendingTouches.removeAll { $0.viewDelivery.isFinished }
  }
}
