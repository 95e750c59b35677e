/// What a view's own touch handlers do (the view's `touchHandler` key): work done in
/// `touchesBegan` / `touchesMoved` with no gesture recognizer.
public enum ViewTouchHandler: String, Equatable, Sendable, CaseIterable {
  /// The view follows the finger, keeping the finger's offset, and pops to the front on
  /// touch down (the cookbook's `DragView`; see ``DirectDragHandler``).
  case drag
  /// The view draws every active touch of the window with its id, and their centroid
  /// (see ``ActiveTouchesView``).
  case showTouches
  /// Every touch draws its own smoothed stroke, several at once (see ``PaintCanvasView``).
  case paint
  /// The view records its own touch callbacks and its recognizers' actions and draws the
  /// latest lines (see ``TouchLogView``).
  case touchLog
  /// The view shows what a pen on it or near it reports: pressure, altitude, azimuth,
  /// distance, eraser (see ``PenReadoutView``).
  case penReadout
}
