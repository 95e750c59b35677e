/// Where a touch comes from (UIKit's `UITouch.TouchType` names).
public enum TouchType: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A finger on a touch screen (`wl_touch`).
  case direct
  /// The touch emulated by a pointer's left button (`wl_pointer`).
  case indirectPointer
  /// A pen or tablet tool's tip on the surface (`zwp_tablet_tool_v2`): its pressure, tilt and
  /// eraser are the touch's `pen` (Touch+Pencil.swift).
  case pencil

  /// `direct`, `indirectPointer` or `pencil`: the names scenes and logs use.
  public var description: String {
    switch self {
    case .direct: "direct"
    case .indirectPointer: "indirectPointer"
    case .pencil: "pencil"
    }
  }

  /// The type named `name` (a ``description``), or nil.
  public init?(name: String) {
    guard let type = Self.allCases.first(where: { $0.description == name }) else { return nil }
    self = type
  }
}
