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
  /// `shouldBegin` after it made them are dropped. After each change, recognizers held by a
  /// failure requirement are evaluated, so that one waiting for another starts (or fails) in
  /// the cycle in which the other fails.
  func processTransitions() {
    repeat {
      while !pendingTransitions.isEmpty {
        apply(pendingTransitions.removeFirst())
        evaluateWaitingRecognizers()
      }
    } while evaluateWaitingRecognizers()
  }

  /// Applies one queued state change.
  private func apply(_ transition: PendingTransition) {
    let recognizer = transition.recognizer
    // A held recognizer may have been started by its evaluation before its repeated request.
    guard !recognizer.isRejected, !(transition.from == .possible && recognizer.hasStarted) else { return }
    if let held = recognizer.heldState, transition.from != .possible {
      // A held continuous recognizer went on without having begun: changes keep it waiting;
      // ending or cancelling first means it never began.
      recognizer.heldState = nil
      if transition.to == .changed {
        recognizer.heldState = held
        recognizer.storedState = .possible
      } else {
        reject(recognizer)
      }
      return
    }
    if transition.from == .possible && (transition.to == .began || transition.to == .ended) {
      start(recognizer, as: transition.to)
    } else if transition.to == .failed {
      recognizer.heldState = nil
      observer?.window(self, recognizer: recognizer, didEnter: .failed)
    } else if transition.to != .possible {
      observer?.window(self, recognizer: recognizer, didEnter: transition.to)
      recognizer.sendActions(reporting: transition.to)
    }
  }

  /// A recognizer leaves `possible` to begin or recognize.
  ///
  /// It fails if it was disabled or detached meanwhile, if a recognizer it must wait for has
  /// begun or recognized, if a recognizer already in progress on its touches may prevent
  /// it, or if its delegate, its view or a hit view of its touches says it should not begin.
  /// While a recognizer it must wait for is still possible, it is held instead (it stays
  /// `possible`). Otherwise it fails every other recognizer still possible on its touches
  /// that it may prevent and every recognizer waiting for its failure, has its touches
  /// cancelled in their views (`cancelsTouchesInView`), then sends its actions.
  private func start(_ recognizer: GestureRecognizer, as state: GestureRecognizer.State) {
    // Disabled or detached since it asked: its attempt is over.
    guard recognizer.isEnabled, recognizer.view != nil else {
      reject(recognizer)
      return
    }
    switch failureRequirementStatus(of: recognizer) {
    case .satisfied:
      // No longer held: a hold from an earlier request must not make its later changes
      // (an end in the same frame) look like those of a recognizer that never began.
      recognizer.heldState = nil
    case .waiting:
      recognizer.heldState = state
      recognizer.storedState = .possible
      return
    case .violated:
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
    for other in involvedRecognizers
    where other !== recognizer && !other.hasStarted && !other.isRejected && other.storedState != .failed
      && !other.trackedTouches.isEmpty && requiresFailure(of: recognizer, by: other)
    {
      reject(other)
    }
    if recognizer.cancelsTouchesInView { cancelViewTouches(of: recognizer) }
    recognizer.sendActions(reporting: state)
  }

  /// True when `winner`, in progress, makes `loser` fail: they may not recognize
  /// simultaneously and prevention is on for both.
  func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
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
    recognizer.heldState = nil
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

/// Where a recognizer stands with the recognizers it must wait for.
enum FailureRequirementStatus {
  /// Every one of them failed or has no attempt in progress: it may start.
  case satisfied
  /// One of them is still possible (or its start is not applied yet): it must wait.
  case waiting
  /// One of them began or recognized: it fails.
  case violated
}

extension Window {
  /// Starts or fails the recognizers held by a failure requirement whose requirements are
  /// settled, in the order they became involved. Returns true if any was.
  @discardableResult
  func evaluateWaitingRecognizers() -> Bool {
    var settled = false
    var index = 0
    while index < involvedRecognizers.count {
      let recognizer = involvedRecognizers[index]
      index += 1
      guard let held = recognizer.heldState else { continue }
      // Its own queued changes come first; applying them evaluates it again.
      if pendingTransitions.contains(where: { $0.recognizer === recognizer }) { continue }
      guard recognizer.storedState == .possible, !recognizer.isRejected else {
        recognizer.heldState = nil
        continue
      }
      switch failureRequirementStatus(of: recognizer) {
      case .waiting:
        continue
      case .violated:
        reject(recognizer)
      case .satisfied:
        recognizer.heldState = nil
        recognizer.storedState = held
        start(recognizer, as: held)
      }
      settled = true
    }
    return settled
  }

  /// How the recognizers `recognizer` must wait for stand: any of them that began or
  /// recognized violates the requirement; one still possible with touches, or with a state
  /// change not applied yet (so that its failure is reported first), makes it wait; failed
  /// ones and those without an attempt satisfy it.
  func failureRequirementStatus(of recognizer: GestureRecognizer) -> FailureRequirementStatus {
    var status = FailureRequirementStatus.satisfied
    for other in involvedRecognizers where other !== recognizer && requiresFailure(of: other, by: recognizer)
    {
      if other.hasStarted { return .violated }
      if other.isRejected { continue }
      if pendingTransitions.contains(where: { $0.recognizer === other }) {
        status = .waiting
      } else if other.storedState == .possible && !other.trackedTouches.isEmpty {
        status = .waiting
      }
    }
    return status
  }

  /// True when `waiter` must wait for `other` to fail: `require(toFail:)`, or a yes from
  /// either recognizer's hook or delegate, asked once per attempt of `waiter`.
  func requiresFailure(of other: GestureRecognizer, by waiter: GestureRecognizer) -> Bool {
    if waiter.failureRequirements.contains(where: { $0.recognizer === other }) { return true }
    if let asked = waiter.askedFailureRequirements.first(where: { $0.other.recognizer === other }) {
      return asked.isRequired
    }
    let isRequired =
      waiter.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: waiter)
      || waiter.delegate?.gestureRecognizer(waiter, shouldRequireFailureOf: other) == true
      || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: waiter) == true
    waiter.askedFailureRequirements.append((WeakRecognizer(other), isRequired))
    return isRequired
  }
}
