extension Window {
  /// Gives views what they may have now, for every touch they have not heard the last of.
  ///
  /// - A touch claimed by a recognizer in progress with `cancelsTouchesInView` is never
  ///   given to a view that has not had it yet.
  /// - `began` waits while a recognizer tracking the touch with `delaysTouchesBegan` is
  ///   possible; once released, a touch that moved meanwhile also gets `moved` at its
  ///   current location.
  /// - `ended` waits while a recognizer tracking the touch with `delaysTouchesEnded` is
  ///   possible.
  /// - A view that is not multiple-touch enabled gets only the first of concurrent touches;
  ///   an exclusive-touch view keeps other views from getting new touches while it tracks
  ///   one, and gets none while another view tracks one.
  ///
  /// Deliveries are grouped per phase (began, moved, ended, cancelled), one call per view.
  func deliverToViews() {
    var began = WindowScratch.take(&scratch.viewBegan)
    var moved = WindowScratch.take(&scratch.viewMoved)
    var ended = WindowScratch.take(&scratch.viewEnded)
    var cancelled = WindowScratch.take(&scratch.viewCancelled)
    defer {
      WindowScratch.giveBack(&began, to: &scratch.viewBegan)
      WindowScratch.giveBack(&moved, to: &scratch.viewMoved)
      WindowScratch.giveBack(&ended, to: &scratch.viewEnded)
      WindowScratch.giveBack(&cancelled, to: &scratch.viewCancelled)
    }
    // Counted when first needed (a touch about to begin), then kept in step.
    var tracked: TrackedTouches?
    func finish(_ touch: Touch) {
      let wasTracked = tracked != nil && TrackedTouches.isTracked(touch)
      touch.viewDelivery.isFinished = true
      if wasTracked { tracked?.remove(touch) }
    }
    for touch in viewPendingTouches where !touch.viewDelivery.isFinished {
      guard let view = touch.view else {
        touch.viewDelivery.isFinished = true
        continue
      }
      if !touch.viewDelivery.gotBegan {
        if touch.phase == .cancelled || isClaimed(touch) {
          finish(touch)
          continue
        }
        if tracked == nil { tracked = TrackedTouches(viewPendingTouches) }
        if tracked?.excludes(view) == true {
          finish(touch)
          continue
        }
        if isHeld(touch, beganPhase: true) { continue }
        began.append(touch)
        touch.viewDelivery.gotBegan = true
        if TrackedTouches.isTracked(touch) { tracked?.add(touch) }
      } else if isClaimed(touch) || touch.phase == .cancelled {
        cancelled.append(touch)
        finish(touch)
        continue
      }
      if touch.viewDelivery.pendingMove {
        moved.append(touch)
        touch.viewDelivery.pendingMove = false
      }
      if touch.phase == .ended && !isHeld(touch, beganPhase: false) {
        ended.append(touch)
        finish(touch)
      }
    }
    deliver(began, phase: .began)
    deliver(moved, phase: .moved)
    deliver(ended, phase: .ended)
    deliver(cancelled, phase: .cancelled)
  }

  /// Calls the views' handlers for `touches` in `phase`, one call per view (in the order of
  /// the views' first touches), each followed by the observer.
  func deliver(_ touches: [Touch], phase: TouchPhase) {
    guard !touches.isEmpty else { return }
    let event = currentEvent ?? makeEvent(ending: touches)
    var batch = WindowScratch.take(&scratch.batch)
    defer { WindowScratch.giveBack(&batch, to: &scratch.batch) }
    // Each view once, at its first touch, with all of its touches. Touches on many views
    // (thousands of fingers) are grouped through a dictionary, so that the grouping stays
    // linear; the usual few are grouped in place, with no allocation per motion.
    let groups =
      touches.count > 16 ? Dictionary(grouping: touches) { $0.view.map(ObjectIdentifier.init) } : nil
    for (index, first) in touches.enumerated() {
      guard let view = first.view else { continue }
      batch.removeAll(keepingCapacity: true)
      if let groups {
        guard let group = groups[ObjectIdentifier(view)], group[0] === first else { continue }
        batch.append(contentsOf: group)
      } else {
        guard !touches[..<index].contains(where: { $0.view === view }) else { continue }
        for touch in touches[index...] where touch.view === view { batch.append(touch) }
      }
      switch phase {
      case .began: view.touchesBegan(batch, with: event)
      case .moved, .stationary: view.touchesMoved(batch, with: event)
      case .ended: view.touchesEnded(batch, with: event)
      case .cancelled: view.touchesCancelled(batch, with: event)
      }
      observer?.window(self, didDeliver: phase, touches: batch, to: view)
    }
  }

  /// True when a recognizer in progress with `cancelsTouchesInView` tracks `touch`.
  private func isClaimed(_ touch: Touch) -> Bool {
    touch.gestureRecognizers.contains { recognizer in
      recognizer.hasStarted && recognizer.cancelsTouchesInView && recognizer.tracks(touch)
    }
  }

  /// True when a possible recognizer tracking `touch` withholds its began (or ended) phase.
  private func isHeld(_ touch: Touch, beganPhase: Bool) -> Bool {
    touch.gestureRecognizers.contains { recognizer in
      (beganPhase ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded)
        && recognizer.storedState == .possible && recognizer.isReceiving && recognizer.tracks(touch)
    }
  }
}
