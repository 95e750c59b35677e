/// UIKit's pencil properties of a touch (`UITouch.force`, `maximumPossibleForce`,
/// `altitudeAngle`, `azimuthAngle(in:)`), from the pen state a `.pencil` touch carries, and
/// the eraser and hover distance that GTK (`GdkDeviceTool`, `GtkGestureStylus`) and Flutter
/// (`PointerDeviceKind.invertedStylus`, `distance`) have and UIKit has not.
///
/// Fingers and the pointer have none: no force (0 of 0, as on a screen that senses none),
/// upright (altitude π/2), azimuth 0, not an eraser.
extension Touch {
  /// The force a pencil at full pressure reports: four times an average touch's (1.0, UIKit's
  /// unit), near the Apple Pencil's 4.17.
  public static let pencilMaximumForce = 4.0

  /// The force of the touch: the pen's pressure times ``maximumPossibleForce``; 0 for a
  /// finger or the pointer.
  public var force: Double {
    guard type == .pencil, let pen else { return 0 }
    return pen.pressure * Self.pencilMaximumForce
  }

  /// The largest ``force`` this touch can report: ``pencilMaximumForce`` for a pencil, 0
  /// otherwise.
  public var maximumPossibleForce: Double {
    type == .pencil ? Self.pencilMaximumForce : 0
  }

  /// The angle between the pen and the surface, in radians: π/2 when it stands upright, less
  /// as it leans (UIKit's definition). From the protocol's tilts `x` and `y` (degrees from
  /// upright along each axis), the pen's direction is (tan x, tan y, 1): the altitude is
  /// π/2 − atan(√(tan²x + tan²y)). π/2 for a finger or the pointer.
  public var altitudeAngle: Double {
    guard type == .pencil, let pen else { return .pi / 2 }
    return pen.altitudeAngle
  }

  /// The direction the pen's top leans towards, in `view`'s coordinates (the window's for
  /// nil), in radians: 0 along the view's positive x axis, π/2 along its positive y axis
  /// (down), as UIKit measures the azimuth (the cap's end, the one opposite the tip). 0 for
  /// an upright pen, a finger or the pointer.
  public func azimuthAngle(in view: View?) -> Double {
    guard type == .pencil, let pen else { return 0 }
    let (dx, dy) = pen.lean
    guard dx != 0 || dy != 0 else { return 0 }
    guard let view else { return pen.azimuthAngle }
    // The lean as a window vector, into the view's coordinates (its rotation and any
    // mirroring; translation does not matter to a direction).
    let origin = view.convert(Point(x: 0, y: 0), from: nil)
    let tip = view.convert(Point(x: dx, y: dy), from: nil)
    return Trigonometry.atan2(tip.y - origin.y, tip.x - origin.x)
  }

  /// The unit vector of ``azimuthAngle(in:)``, as UIKit's `azimuthUnitVector(in:)`.
  public func azimuthUnitVector(in view: View?) -> Point {
    let angle = azimuthAngle(in: view)
    return Point(x: Trigonometry.cos(angle), y: Trigonometry.sin(angle))
  }

  /// Whether the touch is a pencil's eraser (an eraser tool, or a pen's eraser end).
  public var isEraser: Bool { type == .pencil && pen?.isEraser == true }

  /// How far a hovering pen's tip is from the surface, from 0 to 1; 0 on the surface, for a
  /// finger or for the pointer.
  public var hoverDistance: Double { type == .pencil ? pen?.distance ?? 0 : 0 }

}
