/// Buffers a window reuses from one input frame to the next, so that steady-state motion
/// allocates nothing: each is taken out for the duration of one use (`take`) and given back
/// empty with its capacity (`giveBack`). A use nested inside another finds an empty buffer
/// and simply allocates its own.
struct WindowScratch {
  /// The touches changed by the frame being sent.
  var changedTouches: [Touch] = []
  /// The recognizers receiving touches in one delivery, in routing order.
  var recognizers: [GestureRecognizer] = []
  /// What each of those recognizers receives in one delivery.
  var deliveries: [RecognizerDelivery] = []
  /// The touches of one handler call.
  var batch: [Touch] = []
  /// The touches the views get in one pass, per phase.
  var viewBegan: [Touch] = []
  var viewMoved: [Touch] = []
  var viewEnded: [Touch] = []
  var viewCancelled: [Touch] = []
  /// The event object of the latest cycle, refilled for the next one when nothing else
  /// holds it any more.
  var event: TouchEvent?

  /// Moves the buffer at `buffer` out into the returned array, leaving an empty one behind.
  static func take<Element>(_ buffer: inout [Element]) -> [Element] {
    var taken: [Element] = []
    swap(&taken, &buffer)
    return taken
  }

  /// Empties `array` (keeping its capacity) and stores it at `buffer` for the next use.
  static func giveBack<Element>(_ array: inout [Element], to buffer: inout [Element]) {
    array.removeAll(keepingCapacity: true)
    swap(&array, &buffer)
  }
}

/// One touch for one recognizer in a delivery (Window+RecognizerDelivery.swift).
struct RecognizerDelivery {
  /// The recognizer's position in the delivery's routing order.
  let recognizerIndex: Int
  /// The touch, in the phase it had when the delivery started.
  let touch: Touch
  let phase: TouchPhase
}

extension Window {
  /// An event carrying every touch down plus `ending`, in the order they went down.
  ///
  /// The event object of the previous cycle is refilled when nothing else refers to it (no
  /// hook kept it), so that steady-state input allocates no event.
  func makeEvent(ending: [Touch]) -> TouchEvent {
    if !isKnownUniquelyReferenced(&scratch.event) {
      scratch.event = TouchEvent(timestamp: currentTime, allTouches: [])
    }
    let event = scratch.event!
    event.timestamp = currentTime
    event.allTouches.removeAll(keepingCapacity: true)
    // The live touches are in down order; ending ones are inserted by down order.
    event.allTouches.append(contentsOf: liveTouches)
    for touch in ending where touch.phase.isFinal {
      let index = event.allTouches.firstIndex { $0.serial > touch.serial } ?? event.allTouches.count
      event.allTouches.insert(touch, at: index)
    }
    return event
  }
}
