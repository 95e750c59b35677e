/// A parsed JSON document (RFC 8259), as produced by ``JSONParser``.
///
/// Numbers are `Double`s and always finite; objects keep their keys in file
/// order (see ``JSONObject``) so errors can be reported in reading order.
public enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number; JSON has one number type, read as a finite `Double`.
  case number(Double)
  /// A string, with escapes resolved.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, keys in file order, no duplicates.
  case object(JSONObject)

  /// Parses a complete JSON text (one value, surrounding whitespace allowed).
  ///
  /// - Throws: ``JSONParseError`` with the line and column of the first problem.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    var parser = JSONParser(text)
    return try parser.parseDocument()
  }

  /// The value's type for error messages, with an article: "a number", "an array".
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
