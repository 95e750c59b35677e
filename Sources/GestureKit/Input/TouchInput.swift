/// One raw touch change as a backend or a replay reports it, before it becomes a ``Touch``.
public struct TouchInput: Hashable, Sendable {
  /// What happened to the contact.
  public enum Kind: Hashable, Sendable {
    /// A contact started (`wl_touch.down`, pointer left button pressed).
    case down
    /// A contact moved.
    case motion
    /// A contact ended.
    case up
  }

  /// The id of the touch emulated by the pointer's button.
  public static let pointerID = -1

  /// What happened to the contact: it went down, moved or lifted.
  public var kind: Kind
  /// The contact's id; ids may be reused after `up`.
  public var id: Int
  /// Where, in window coordinates (ignored for `up`).
  public var location: Point
  /// Which device the contact comes from.
  public var type: TouchType
  /// A pencil's pressure, tilt, distance and eraser (nil for a finger or the pointer).
  public var pen: PenState?
  /// For the pointer's touch, the button that pressed it, and for a pencil's, ``ButtonMask/secondary``
  /// when its first barrel button made it (empty: ``ButtonMask/primary``, the left button or
  /// the tip); ignored for a finger.
  public var buttonMask: ButtonMask = []

  /// The id of the touch of tablet tool `tool` (the translator's number for it): far from
  /// the fingers' ids (the compositor's, from 0) and the pointer's.
  public static func pencilID(tool: Int) -> Int { -100_000 - tool }

  /// A raw touch change.
  public init(kind: Kind, id: Int, location: Point, type: TouchType = .direct, pen: PenState? = nil) {
    self.kind = kind
    self.id = id
    self.location = location
    self.type = type
    self.pen = pen
  }

  /// A `down` of contact `id` at `location`.
  public static func down(_ id: Int, at location: Point, type: TouchType = .direct) -> TouchInput {
    TouchInput(kind: .down, id: id, location: location, type: type)
  }

  /// A `motion` of contact `id` to `location`.
  public static func motion(_ id: Int, to location: Point, type: TouchType = .direct) -> TouchInput {
    TouchInput(kind: .motion, id: id, location: location, type: type)
  }

  /// An `up` of contact `id`.
  public static func up(_ id: Int, type: TouchType = .direct) -> TouchInput {
    TouchInput(kind: .up, id: id, location: .zero, type: type)
  }
}
