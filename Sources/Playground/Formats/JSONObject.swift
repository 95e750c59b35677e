/// The members of a JSON object: unique keys, kept in the order they were written.
public struct JSONObject: Equatable, Sendable {
  /// The keys in file order.
  public private(set) var keys: [String] = []
  private var values: [String: JSONValue] = [:]

  /// An empty object.
  public init() {}

  /// An object from key/value pairs in order; a repeated key keeps its first value.
  public init(_ members: [(String, JSONValue)]) {
    for (key, value) in members {
      _ = insert(value, forKey: key)
    }
  }

  /// The number of members.
  public var count: Int { keys.count }

  /// The value for `key`, or nil when the object has no such member.
  public subscript(key: String) -> JSONValue? { values[key] }

  /// Adds a member at the end; returns false (and changes nothing) when `key` exists.
  public mutating func insert(_ value: JSONValue, forKey key: String) -> Bool {
    guard values[key] == nil else { return false }
    keys.append(key)
    values[key] = value
    return true
  }
}
