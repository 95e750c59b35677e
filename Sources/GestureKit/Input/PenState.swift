/// What a pen or tablet tool reports besides its place, as `zwp_tablet_tool_v2` (tablet
/// protocol, version 1) sends it: the tip's pressure, the tilt of the tool, its distance
/// while hovering, and whether it is an eraser.
///
/// `Touch` derives UIKit's pencil properties from it (`force`, `altitudeAngle`,
/// `azimuthAngle(in:)`: Touch+Pencil.swift). Values are kept in range: a pressure or distance
/// outside 0...1 is clamped, a tilt outside -90...90 degrees too, and anything not finite is
/// taken as its resting value (no pressure, upright, on the surface).
public struct PenState: Hashable, Sendable {
  /// How hard the tip presses, from 0 (touching, no pressure) to 1 (the tool's most): the
  /// protocol's 0-65535, scaled.
  public var pressure: Double {
    didSet { pressure = Self.clamped(pressure, 0...1, resting: 0) }
  }
  /// The tilt of the tool along the surface's x axis, in degrees from upright: positive when
  /// the top of the tool leans towards positive x (the protocol's definition).
  public var tiltX: Double {
    didSet { tiltX = Self.clamped(tiltX, -90...90, resting: 0) }
  }
  /// The tilt along the y axis (down the surface), in degrees, positive towards positive y.
  public var tiltY: Double {
    didSet { tiltY = Self.clamped(tiltY, -90...90, resting: 0) }
  }
  /// How far the tip is from the surface while it hovers, from 0 (on it) to 1 (the farthest
  /// the tablet senses).
  public var distance: Double {
    didSet { distance = Self.clamped(distance, 0...1, resting: 0) }
  }
  /// Whether the tool is an eraser (a pen's eraser end, or an eraser tool).
  public var isEraser: Bool

  /// A pen state; out-of-range values are clamped, values that are not finite taken as the
  /// resting ones.
  public init(
    pressure: Double = 0, tiltX: Double = 0, tiltY: Double = 0, distance: Double = 0, isEraser: Bool = false
  ) {
    self.pressure = Self.clamped(pressure, 0...1, resting: 0)
    self.tiltX = Self.clamped(tiltX, -90...90, resting: 0)
    self.tiltY = Self.clamped(tiltY, -90...90, resting: 0)
    self.distance = Self.clamped(distance, 0...1, resting: 0)
    self.isEraser = isEraser
  }

  /// The angle between the tool and the surface, in radians: π/2 upright (UIKit's
  /// `altitudeAngle`). The tool's direction is (tan x, tan y, 1) for tilts x and y: the
  /// altitude is π/2 − atan(√(tan²x + tan²y)).
  public var altitudeAngle: Double {
    let (dx, dy) = lean
    return .pi / 2 - Trigonometry.atan((dx * dx + dy * dy).squareRoot())
  }

  /// The direction the tool's top leans towards in the surface's axes, in radians: 0 along
  /// +x, π/2 along +y (down); 0 upright (UIKit's `azimuthAngle`, in the window).
  public var azimuthAngle: Double {
    let (dx, dy) = lean
    return dx == 0 && dy == 0 ? 0 : Trigonometry.atan2(dy, dx)
  }

  /// The tool's lean in the surface plane: the tangents of its tilts.
  var lean: (Double, Double) {
    func tangent(_ degrees: Double) -> Double {
      // At ±90 degrees (lying flat) the cosine is 0: the lean is as long as a double allows.
      let radians = degrees * .pi / 180
      let cosine = Trigonometry.cos(radians)
      return Trigonometry.sin(radians) / max(abs(cosine), 1e-12) * (cosine < 0 ? -1 : 1)
    }
    return (tangent(tiltX), tangent(tiltY))
  }

  /// Whether `value` is finite and inside `range`: what a well-behaved tablet sends.
  static func isValid(_ value: Double, in range: ClosedRange<Double>) -> Bool {
    value.isFinite && range.contains(value)
  }

  private static func clamped(_ value: Double, _ range: ClosedRange<Double>, resting: Double) -> Double {
    guard value.isFinite else { return resting }
    return min(max(value, range.lowerBound), range.upperBound)
  }
}
