/// The members of a JSON object: unique keys, kept in the order they were written.
///
/// Members are kept in a list, found by a scan while the object is small (most are: a view, a
/// trace line), and through a dictionary built once it grows past `indexedCount` members, so
/// that lookups and the duplicate check stay cheap at any size. Measured on a 100 000-view
/// scene: a dictionary for every object was a quarter of the time to read it.
public struct JSONObject: Equatable, Sendable {
  /// Members up to which a lookup scans the list.
  static let indexedCount = 12

  private var members: [(key: String, value: JSONValue)] = []
  /// Each key's position in `members`, once there are more than `indexedCount`.
  private var index: [String: Int]?

  /// An empty object.
  public init() {}

  /// An object from key/value pairs in order; a repeated key keeps its first value.
  public init(_ members: [(String, JSONValue)]) {
    for (key, value) in members {
      _ = insert(value, forKey: key)
    }
  }

  /// The keys in file order.
  public var keys: [String] { members.map(\.key) }

  /// The number of members.
  public var count: Int { members.count }

  /// The value for `key`, or nil when the object has no such member.
  public subscript(key: String) -> JSONValue? {
    position(of: key).map { members[$0].value }
  }

  /// Adds a member at the end; returns false (and changes nothing) when `key` exists.
  public mutating func insert(_ value: JSONValue, forKey key: String) -> Bool {
    guard position(of: key) == nil else { return false }
    members.append((key, value))
    if index != nil {
      index?[key] = members.count - 1
    } else if members.count > Self.indexedCount {
      var made: [String: Int] = [:]
      for (position, member) in members.enumerated() { made[member.key] = position }
      index = made
    }
    return true
  }

  /// Where `key` is in `members`.
  private func position(of key: String) -> Int? {
    if let index { return index[key] }
    return members.firstIndex { $0.key == key }
  }

  /// Equal when the members and their order are.
  public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    lhs.members.count == rhs.members.count
      && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}
