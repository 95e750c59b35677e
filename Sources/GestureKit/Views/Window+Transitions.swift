/// A recognizer state change waiting to be applied by the window.
struct PendingTransition {
  /// The recognizer that changed.
  let recognizer: GestureRecognizer
  /// Its state before the change.
  let from: GestureRecognizer.State
  /// Its state after the change.
  let to: GestureRecognizer.State
}

extension Window {
  /// Called by the `state` setter: queues the change and, outside a cycle, applies it now.
  func recognizer(
    _ recognizer: GestureRecognizer, didTransitionFrom old: GestureRecognizer.State,
    to new: GestureRecognizer.State
  ) {
    pendingTransitions.append(PendingTransition(recognizer: recognizer, from: old, to: new))
    noteInvolved(recognizer)
    if !isInCycle { runCycle(event: nil) {} }
  }

  /// Applies queued state changes in order. Changes of a recognizer failed by arbitration or
  /// `shouldBegin` after it made them are dropped.
  func processTransitions() {
    while !pendingTransitions.isEmpty {
      let transition = pendingTransitions.removeFirst()
      let recognizer = transition.recognizer
      guard !recognizer.isRejected else { continue }
      if transition.from == .possible && (transition.to == .began || transition.to == .ended) {
        start(recognizer, as: transition.to)
      } else if transition.to == .failed {
        observer?.window(self, recognizer: recognizer, didEnter: .failed)
      } else if transition.to != .possible {
        observer?.window(self, recognizer: recognizer, didEnter: transition.to)
        recognizer.sendActions()
      }
    }
  }

  /// A recognizer leaves `possible` to begin or recognize.
  ///
  /// It fails if it was disabled or detached meanwhile, if a recognizer already in progress
  /// on its touches may prevent it, or if its delegate, its view or a hit view of its
  /// touches says it should not begin. Otherwise it fails every other recognizer still
  /// possible on its touches that it may prevent, has its touches cancelled in their views
  /// (`cancelsTouchesInView`), then sends its actions.
  private func start(_ recognizer: GestureRecognizer, as state: GestureRecognizer.State) {
    // Disabled or detached since it asked: its attempt is over.
    guard recognizer.isEnabled, recognizer.view != nil else {
      reject(recognizer)
      return
    }
    if recognizersSharingTouches(with: recognizer).contains(where: { other in
      other.hasStarted && other.storedState.isActive && prevents(other, recognizer)
    }) {
      reject(recognizer)
      return
    }
    guard shouldBegin(recognizer) else {
      reject(recognizer)
      return
    }
    recognizer.hasStarted = true
    observer?.window(self, recognizer: recognizer, didEnter: state)
    for other in recognizersSharingTouches(with: recognizer)
    where !other.hasStarted && !other.isRejected && other.storedState != .failed
      && prevents(recognizer, other)
    {
      reject(other)
    }
    if recognizer.cancelsTouchesInView { cancelViewTouches(of: recognizer) }
    recognizer.sendActions()
  }

  /// True when `winner`, in progress, makes `loser` fail: they may not recognize
  /// simultaneously and prevention is on for both.
  private func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
    let simultaneous =
      winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: loser) == true
      || loser.delegate?.gestureRecognizer(loser, shouldRecognizeSimultaneouslyWith: winner) == true
    return !simultaneous && winner.canPrevent(loser) && loser.canBePrevented(by: winner)
  }

  /// The delegate's answer, then the recognizer's view's, then those of the views its
  /// touches hit (a UISlider-like view may veto its ancestors' recognizers).
  private func shouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true else { return false }
    var asked: [View] = []
    for view in [recognizer.view] + recognizer.trackedTouches.map(\.view) {
      guard let view, !asked.contains(where: { $0 === view }) else { continue }
      asked.append(view)
      if !view.gestureRecognizerShouldBegin(recognizer) { return false }
    }
    return true
  }

  /// Every other recognizer tracking one of `recognizer`'s touches, in routing order.
  private func recognizersSharingTouches(with recognizer: GestureRecognizer) -> [GestureRecognizer] {
    var result: [GestureRecognizer] = []
    for touch in recognizer.trackedTouches {
      for other in touch.gestureRecognizers
      where other !== recognizer && other.tracks(touch) && !result.contains(where: { $0 === other }) {
        result.append(other)
      }
    }
    return result
  }

  /// Fails `recognizer` for the rest of its attempt, whatever state it asked for.
  private func reject(_ recognizer: GestureRecognizer) {
    recognizer.storedState = .failed
    recognizer.isRejected = true
    noteInvolved(recognizer)
    observer?.window(self, recognizer: recognizer, didEnter: .failed)
  }

  /// `cancelsTouchesInView`: the views get `touchesCancelled` for the recognizer's touches
  /// they have been given, and nothing further for any of its touches.
  private func cancelViewTouches(of recognizer: GestureRecognizer) {
    var cancelled: [Touch] = []
    for touch in recognizer.trackedTouches where !touch.viewDelivery.isFinished {
      if touch.viewDelivery.gotBegan { cancelled.append(touch) }
      touch.viewDelivery.isFinished = true
    }
    deliver(cancelled, phase: .cancelled)
  }
}
