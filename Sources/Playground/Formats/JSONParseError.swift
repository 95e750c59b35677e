/// A syntax error in a JSON text: where it is (1-based line and column,
/// columns counted in Unicode scalars) and what was expected there.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// 1-based line number.
  public var line: Int
  /// 1-based column, in Unicode scalars from the start of the line.
  public var column: Int
  /// What is wrong, e.g. `expected ',' or '}' after an object member`.
  public var message: String

  /// An error at a position.
  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }

  /// `line L, column C: message`.
  public var description: String { "line \(line), column \(column): \(message)" }
}
