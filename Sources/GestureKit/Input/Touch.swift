/// One finger (or the pointer's emulated finger) from down to up or cancel.
///
/// A `Touch` is created for every `down`, even when the id is reused after an earlier `up`.
/// It is hit-tested once, at down, and stays bound to that view for its whole life, even
/// when the finger leaves the view.
///
/// The stored properties read on every input frame are `@exclusivity(unchecked)`, as `View`'s
/// are: a checked access costs about 60 instructions, and none of them is accessed in
/// overlapping ways.
public final class Touch {
  /// The touch's id: the contact id the backend reported (`TouchInput.pointerID` for the
  /// pointer), unless an earlier touch with that id is still withheld from its view (its end
  /// delayed by `delaysTouchesEnded`): then that id moved 1000 away from zero (-1 becomes
  /// -1001), as often as needed, so that the touches of one delivery never share an id.
  public let id: Int
  /// The contact id the backend reported for this touch, and reports for its motion and up
  /// (`TouchInput.pointerID` for the pointer's); ``id`` unless that is taken.
  public let inputID: Int
  /// Which device the touch comes from.
  public let type: TouchType
  /// The phase as of the event being delivered.
  @exclusivity(unchecked) public internal(set) var phase: TouchPhase
  /// Seconds: when the touch last changed.
  @exclusivity(unchecked) public internal(set) var timestamp: Double
  /// The view hit-tested at down (nil when nothing was hit).
  @exclusivity(unchecked) public internal(set) var view: View?
  /// The current location, in window coordinates.
  @exclusivity(unchecked) public internal(set) var locationInWindow: Point
  /// The location before the latest move, in window coordinates.
  @exclusivity(unchecked) public internal(set) var previousLocationInWindow: Point
  /// Where the touch went down, in window coordinates.
  public let startLocationInWindow: Point
  /// Seconds: when the touch went down.
  public let startTimestamp: Double
  /// A pencil's pressure, tilt, hover distance and eraser as of the event being delivered
  /// (Touch+Pencil.swift); nil for a finger or the pointer.
  @exclusivity(unchecked) public internal(set) var pen: PenState?
  /// The recognizers that may receive this touch: those of the hit view and its ancestors,
  /// captured at down, hit view first.
  @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer]
  /// For a touch of the pointer (``TouchType/indirectPointer``), the button that pressed it:
  /// ``ButtonMask/primary`` or ``ButtonMask/secondary``. For a pencil's, ``ButtonMask/primary``
  /// for its tip and ``ButtonMask/secondary`` for its first barrel button pressed while it
  /// hovers (GTK's mapping of `BTN_STYLUS`). Empty for fingers. (UIKit keeps this on the
  /// event, `UIEvent.buttonMask`; here each touch has one button.) Views get only touches of
  /// the primary button; a secondary one reaches only the tap and long-press recognizers
  /// whose `buttonMaskRequired` has it.
  public let buttonMask: ButtonMask

  /// What the touch's view has been given so far (the window's bookkeeping).
  @exclusivity(unchecked) var viewDelivery = ViewDeliveryState()
  /// Orders touches by the time they went down within a window.
  let serial: Int

  /// A touch that went down at `location` at `timestamp`.
  init(
    id: Int, inputID: Int? = nil, type: TouchType, location: Point, timestamp: Double, view: View?,
    gestureRecognizers: [GestureRecognizer], serial: Int, pen: PenState? = nil, buttonMask: ButtonMask = []
  ) {
    self.pen = pen
    self.buttonMask = type == .direct ? [] : buttonMask.isEmpty ? .primary : buttonMask
    self.serial = serial
    self.id = id
    self.inputID = inputID ?? id
    self.type = type
    self.phase = .began
    self.timestamp = timestamp
    self.view = view
    self.locationInWindow = location
    self.previousLocationInWindow = location
    self.startLocationInWindow = location
    self.startTimestamp = timestamp
    self.gestureRecognizers = gestureRecognizers
  }

  /// Forgets the view and the recognizers, which hold this touch while its attempt lasts:
  /// for a window going away mid-gesture (`Window.deinit`).
  func detach() {
    view = nil
    gestureRecognizers = []
  }

  /// The current location in `view`'s coordinates (window coordinates for nil).
  public func location(in view: View?) -> Point {
    guard let view else { return locationInWindow }
    return view.convert(locationInWindow, from: nil)
  }

  /// The location before the latest move in `view`'s coordinates (window coordinates for
  /// nil).
  public func previousLocation(in view: View?) -> Point {
    guard let view else { return previousLocationInWindow }
    return view.convert(previousLocationInWindow, from: nil)
  }
}

/// What a touch's view has received, so that every view sees a well-formed sequence
/// (began, moved*, ended | cancelled) after delays and cancellation.
struct ViewDeliveryState {
  /// The view got `touchesBegan` for this touch.
  var gotBegan = false
  /// The touch moved since the view last heard of it.
  var pendingMove = false
  /// The view got `touchesEnded`/`touchesCancelled`, or will never hear of the touch again.
  var isFinished = false
}
