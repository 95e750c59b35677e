/// Two fingers from one mouse, as in the iOS Simulator: while Alt is held a second touch
/// point is shown, and a left-button drag moves both, so pinch and rotation can be tried
/// without a touch screen. `SeatInputTranslator` keeps one of these and feeds it the pointer
/// and the modifiers; this type holds only the geometry.
///
/// - Mirrored (Alt): the second point is the pointer reflected through a centre,
///   `2 * centre - pointer`; the centre is the window's centre when Alt goes down. Moving the
///   pointer away from the centre spreads the two points (a pinch out), circling it turns
///   them (a rotation).
/// - Parallel (Alt+Shift): the second point keeps its offset from the pointer, so the pair
///   moves together (a two-finger pan, or placing the pair elsewhere). Going back to mirrored
///   (Shift released) mirrors about the pair's midpoint at that moment, so nothing jumps.
///
/// The value is a plain struct: no allocation, usable on the motion path.
public struct MouseTwoFingerEmulation: Equatable, Sendable {
  /// The id of the emulated second finger (the first is the pointer's own touch,
  /// `TouchInput.pointerID`, -1); both have the type `indirectPointer`.
  public static let secondFingerID = -2

  /// How the second point follows the pointer.
  public enum Mode: Equatable, Sendable {
    /// Reflected through the centre (Alt).
    case mirrored
    /// At a fixed offset from the pointer (Alt+Shift).
    case parallel
  }

  /// True while the emulation is on (Alt held).
  public private(set) var isActive = false
  /// How the second point follows the pointer now.
  public private(set) var mode = Mode.mirrored
  /// The centre the second point is mirrored through (meaningful while mirrored).
  public private(set) var center = Point.zero
  /// The second point minus the pointer (meaningful while parallel).
  public private(set) var offset = Point.zero

  /// An emulation that is off.
  public init() {}

  /// `point` reflected through `center`: `2 * center - point`.
  public static func mirror(_ point: Point, about center: Point) -> Point {
    Point(x: 2 * center.x - point.x, y: 2 * center.y - point.y)
  }

  /// Where the second point is for the pointer at `pointer` (also when off: the mirror
  /// through the last centre).
  public func secondPoint(for pointer: Point) -> Point {
    switch mode {
    case .mirrored: Self.mirror(pointer, about: center)
    case .parallel: Point(x: pointer.x + offset.x, y: pointer.y + offset.y)
    }
  }

  /// Turns the emulation on (Alt went down) mirrored through `center` (the window's centre),
  /// or, with `parallel`, at the mirrored point's offset from `pointer`.
  public mutating func activate(center: Point, pointer: Point, parallel: Bool) {
    isActive = true
    mode = .mirrored
    self.center = center
    if parallel { setParallel(true, pointer: pointer) }
  }

  /// Turns the emulation off (Alt went up).
  public mutating func deactivate() {
    isActive = false
    mode = .mirrored
  }

  /// Switches between parallel and mirrored without moving the second point from where it
  /// is for the pointer at `pointer`: parallel keeps its current offset, mirrored takes the
  /// midpoint of the two points as the new centre.
  public mutating func setParallel(_ parallel: Bool, pointer: Point) {
    let second = secondPoint(for: pointer)
    if parallel {
      offset = Point(x: second.x - pointer.x, y: second.y - pointer.y)
      mode = .parallel
    } else {
      center = Point(x: (second.x + pointer.x) / 2, y: (second.y + pointer.y) / 2)
      mode = .mirrored
    }
  }
}
