// The window's bookkeeping of touches: finding a live touch by its backend id, giving a new
// touch its id, and forgetting lifted touches, each at a cost that does not grow with the
// number of touches down.
extension Window {
  /// Drops the touches lifted in the frame being sent from `liveTouches`, in one pass
  /// however many lifted (each `up` searching the list made 10,000 lifts quadratic).
  func compactLiveTouches() {
    guard hasLiftedTouches else { return }
    hasLiftedTouches = false
    liveTouches.removeAll { $0.phase == .ended }
  }

  /// After input: the event object kept for reuse forgets its touches when nothing else
  /// holds it, so that the last touches, and the views and recognizers they name, are not
  /// kept alive until the next input (a scene switched away stayed whole until then).
  func releaseEventTouches() {
    guard cycleDepth == 0, isKnownUniquelyReferenced(&scratch.event) else { return }
    scratch.event?.allTouches.removeAll(keepingCapacity: true)
  }

  /// The touch down with backend id `id`, if any.
  func liveTouch(id: Int) -> Touch? {
    liveTouchesByInputID[id]
  }

  /// The id of a new touch whose backend reported `inputID`: that id, or while a touch the
  /// window still knows has it (`inUse`: an end withheld from its view), the id moved 1000
  /// away from zero until none has (``Touch/id``). The id is added to `inUse`.
  func uniqueTouchID(for inputID: Int, avoiding inUse: inout Set<Int>) -> Int {
    var id = inputID
    while inUse.contains(id) { id += id < 0 ? -1000 : 1000 }
    inUse.insert(id)
    return id
  }

  /// A new touch for `input`'s down: hit-tested, with the recognizers of its view and of
  /// every view above it, and an id not in `inUse` (added to it). A touch of the pointer's
  /// secondary button is never given to views.
  func makeTouch(_ input: TouchInput, avoiding inUse: inout Set<Int>) -> Touch {
    // The pointer's press usually lands where its last hover or cursor query hit-tested.
    let hit = input.id == TouchInput.pointerID ? cachedHitTest(input.location) : hitTest(input.location)
    var recognizers: [GestureRecognizer] = []
    var view = hit
    while let current = view {
      recognizers += current.gestureRecognizers
      view = current.superview
    }
    let touch = Touch(
      id: uniqueTouchID(for: input.id, avoiding: &inUse), inputID: input.id, type: input.type,
      location: input.location,
      timestamp: currentTime, view: hit, gestureRecognizers: recognizers, serial: nextTouchSerial,
      pen: input.pen, buttonMask: input.buttonMask)
    nextTouchSerial += 1
    // Views get the primary button's touches only (UIKit): a secondary click is for the
    // recognizers that ask for it.
    if !touch.buttonMask.isEmpty, !touch.buttonMask.contains(.primary) {
      touch.viewDelivery.isFinished = true
    }
    return touch
  }
}
