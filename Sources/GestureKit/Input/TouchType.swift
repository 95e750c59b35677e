/// Where a touch comes from.
public enum TouchType: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A finger on a touch screen (`wl_touch`).
  case direct
  /// The touch emulated by a pointer's left button (`wl_pointer`).
  case indirectPointer

  /// `direct` or `indirectPointer`.
  public var description: String {
    switch self {
    case .direct: "direct"
    case .indirectPointer: "indirectPointer"
    }
  }
}
