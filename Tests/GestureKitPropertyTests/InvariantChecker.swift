@testable import GestureKit

/// Watches a window (as its observer, and as an extra action of every recognizer it sees)
/// and records the first broken invariant:
///
/// - every touch a view is given ends for it exactly once (ended or cancelled): it never
///   begins twice, never moves or ends after ending, never moves or ends before beginning,
///   only reaches its hit view, and while it has not ended for its view the window still
///   holds it (down, or withheld);
/// - recognizers make only legal transitions (`State.canTransition`, continuous states only
///   for continuous recognizers, no return to `possible` from `began`/`changed`), send one
///   action per reported transition and none after failing;
/// - failure requirements are honoured: a recognizer requiring B to fail never begins or
///   recognizes while B is possible with touches, or after B began or recognized;
/// - once all input has ended (``checkQuiescent()``), every recognizer is back to
///   `possible` with no touches, and no touch is tracked.
final class InvariantChecker: WindowObserver {
  /// What a view was given of one touch.
  private struct TouchRecord {
    let touch: Touch
    let view: View
    var ended = false
  }

  /// What one recognizer reported and did.
  private struct RecognizerRecord {
    let recognizer: GestureRecognizer
    /// The last state reported (`possible` after a reset was seen).
    var last = GestureRecognizer.State.possible
    /// Reported transitions that send actions, and actions sent.
    var reports = 0
    var actions = 0
  }

  let window: Window
  /// The first violation, if any.
  private(set) var violation: String?
  /// An extra invariant for testing the shrinker: returns a violation message, or nil.
  var extraInvariant: ((GestureRecognizer, GestureRecognizer.State) -> String?)?
  private var touches: [ObjectIdentifier: TouchRecord] = [:]
  private var recognizers: [ObjectIdentifier: RecognizerRecord] = [:]
  /// Strong references to every recognizer seen, in order (so identifiers stay unique).
  private var recognizerOrder: [ObjectIdentifier] = []

  init(window: Window) {
    self.window = window
  }

  private func fail(_ message: @autoclosure () -> String) {
    if violation == nil { violation = message() }
  }

  private func name(_ recognizer: GestureRecognizer) -> String {
    "\(recognizer.name ?? "unnamed") (\(type(of: recognizer)))"
  }

  private func name(_ view: View) -> String {
    view.identifier ?? "unnamed \(type(of: view))"
  }

  // MARK: Views

  func window(_ window: Window, didDeliver phase: TouchPhase, touches delivered: [Touch], to view: View) {
    for touch in delivered {
      let key = ObjectIdentifier(touch)
      let label = "touch \(touch.id) on view \(name(view))"
      guard touch.view === view else {
        fail("\(label): delivered to a view that is not its hit view \(touch.view.map(name) ?? "nil")")
        continue
      }
      switch phase {
      case .began:
        guard touches[key] == nil else {
          fail("\(label): touchesBegan twice")
          continue
        }
        touches[key] = TouchRecord(touch: touch, view: view)
      case .moved, .stationary, .ended, .cancelled:
        guard var record = touches[key] else {
          fail("\(label): touches\(phase) before touchesBegan")
          continue
        }
        guard !record.ended else {
          fail("\(label): touches\(phase) after it ended for the view")
          continue
        }
        if phase == .ended || phase == .cancelled {
          record.ended = true
          touches[key] = record
        }
      }
    }
  }

  // MARK: Recognizers

  func window(_ window: Window, recognizer: GestureRecognizer, didEnter state: GestureRecognizer.State) {
    var record = instrument(recognizer)
    let label = name(recognizer)
    // A reset (not reported) may have happened since a finished state.
    let from = record.last.isFinished ? GestureRecognizer.State.possible : record.last
    if !GestureRecognizer.State.canTransition(from: from, to: state)
      || (from == .possible && state == .possible)
    {
      fail("\(label): illegal transition \(record.last) -> \(state)")
    }
    if recognizer.isDiscrete && (state == .began || state == .changed) {
      fail("\(label): a discrete recognizer entered \(state)")
    }
    if record.reports != record.actions {
      fail("\(label): \(record.reports - record.actions) action(s) missing before \(state)")
    }
    if from == .possible && (state == .began || state == .ended) {
      checkFailureRequirements(of: recognizer)
    }
    record.last = state
    if state != .failed { record.reports += 1 }
    recognizers[ObjectIdentifier(recognizer)] = record
    if let message = extraInvariant?(recognizer, state) { fail(message) }
  }

  /// Adds the checker's action to a recognizer seen for the first time.
  @discardableResult
  private func instrument(_ recognizer: GestureRecognizer) -> RecognizerRecord {
    let key = ObjectIdentifier(recognizer)
    if let record = recognizers[key] { return record }
    let record = RecognizerRecord(recognizer: recognizer)
    recognizers[key] = record
    recognizerOrder.append(key)
    recognizer.addTarget { [weak self] recognizer in self?.actionSent(by: recognizer) }
    return record
  }

  /// Instruments every recognizer of the window's tree (so that actions sent without a
  /// reported transition are seen too).
  func instrumentTree() {
    var stack = [window.rootView]
    while let view = stack.popLast() {
      for recognizer in view.gestureRecognizers { instrument(recognizer) }
      stack += view.subviews
    }
  }

  private func actionSent(by recognizer: GestureRecognizer) {
    guard var record = recognizers[ObjectIdentifier(recognizer)] else { return }
    let label = name(recognizer)
    if recognizer.view?.window !== window {
      // Outside the window (its view was removed mid-gesture) a recognizer acts on its own,
      // unreported: its action stands for the transition.
      let state = recognizer.state
      let from = record.last.isFinished ? GestureRecognizer.State.possible : record.last
      if !GestureRecognizer.State.canTransition(from: from, to: state) || state == .failed
        || state == .possible
      {
        fail("\(label): outside the window, sent an action in state \(state) after \(record.last)")
      }
      record.last = state
      recognizers[ObjectIdentifier(recognizer)] = record
      return
    }
    if record.last == .failed || record.last == .possible {
      fail("\(label): sent an action in state \(recognizer.state) after reporting \(record.last)")
    }
    record.actions += 1
    if record.actions > record.reports {
      fail("\(label): sent an action with no reported transition (state \(recognizer.state))")
    }
    recognizers[ObjectIdentifier(recognizer)] = record
  }

  /// A recognizer that begins or recognizes: none of the recognizers it requires to fail may
  /// be possible with touches, or have begun or recognized in their attempt.
  private func checkFailureRequirements(of recognizer: GestureRecognizer) {
    for requirement in recognizer.failureRequirements {
      guard let other = requirement.recognizer, other.view != nil else { continue }
      let label = "\(name(recognizer)) began or recognized while \(name(other)), which it requires to fail,"
      if other.hasStarted {
        fail("\(label) had begun or recognized (\(other.storedState))")
      } else if other.storedState == .possible && !other.trackedTouches.isEmpty && !other.isRejected
        && other.isEnabled
      {
        fail("\(label) was still possible with \(other.trackedTouches.count) touch(es)")
      }
    }
  }

  // MARK: After each event

  /// Checks what must hold between events.
  func checkAfterEvent() {
    instrumentTree()
    var ids: Set<Int> = []
    for touch in window.activeTouches where !ids.insert(touch.id).inserted {
      fail("two active touches with id \(touch.id)")
    }
    for key in recognizerOrder {
      guard var record = recognizers[key] else { continue }
      let recognizer = record.recognizer
      if record.last.isActive && recognizer.storedState == .possible {
        fail("\(name(recognizer)): back to possible from \(record.last) without ending or cancelling")
      }
      if record.last.isFinished && recognizer.storedState == .possible {
        record.last = .possible
        recognizers[key] = record
      }
    }
    let pending = window.viewPendingTouches
    for record in touches.values where !record.ended {
      if !pending.contains(where: { $0 === record.touch }) {
        fail("touch \(record.touch.id) on view \(name(record.view)): forgotten before it ended for the view")
      }
    }
  }

  /// Checks what must hold once all input has ended and every timer has fired.
  func checkQuiescent() {
    checkAfterEvent()
    if !window.activeTouches.isEmpty {
      fail("touches still tracked after all input ended: \(window.activeTouches.map(\.id))")
    }
    for record in touches.values where !record.ended {
      fail("touch \(record.touch.id) on view \(name(record.view)): never ended for the view")
    }
    for key in recognizerOrder {
      guard let record = recognizers[key] else { continue }
      let recognizer = record.recognizer
      if recognizer.storedState != .possible {
        fail("\(name(recognizer)): still \(recognizer.storedState) after all input ended")
      } else if !recognizer.trackedTouches.isEmpty {
        fail(
          "\(name(recognizer)): still tracks \(recognizer.trackedTouches.count) touch(es) after all input ended"
        )
      } else if record.reports != record.actions {
        fail("\(name(recognizer)): \(record.reports) transitions reported, \(record.actions) actions sent")
      }
    }
    if !window.viewPendingTouches.isEmpty {
      fail("the window still withholds \(window.viewPendingTouches.count) touch(es) after all input ended")
    }
    if !window.involvedRecognizers.isEmpty {
      fail("recognizers still involved after all input ended: \(window.involvedRecognizers.map(name))")
    }
  }
}
