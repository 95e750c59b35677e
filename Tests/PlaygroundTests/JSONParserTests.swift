import Testing

@testable import Playground

@Suite("JSON parser")
struct JSONParserTests {
  @Test("every kind of value parses, objects keep their key order")
  func valuesParse() throws {
    let value = try JSONValue.parse(
      #" { "z": [1, -2.5, 3e2, 0, -0.0], "a": true, "m": false, "n": null, "s": "tab\t é \u00e9 \ud83d\ude00 \"q\" \/" } "#
    )
    let expected = JSONValue.object(
      JSONObject([
        ("z", .array([.number(1), .number(-2.5), .number(300), .number(0), .number(-0.0)])),
        ("a", .bool(true)),
        ("m", .bool(false)),
        ("n", .null),
        ("s", .string("tab\t é é 😀 \"q\" /")),
      ]))
    #expect(value == expected)
    guard case .object(let object) = value else { return }
    #expect(object.keys == ["z", "a", "m", "n", "s"])
  }

  @Test("a scalar is a whole document and a byte-order mark is skipped")
  func scalarsAndBOM() throws {
    #expect(try JSONValue.parse("42") == .number(42))
    #expect(try JSONValue.parse("\u{FEFF}[]") == .array([]))
    #expect(try JSONValue.parse(" \"\" ") == .string(""))
  }

  @Test("deep but reasonable nesting parses")
  func nesting() throws {
    let text = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
    #expect(throws: Never.self) { try JSONValue.parse(text) }
  }

  /// A text and the error it must give.
  struct ErrorCase: Sendable, CustomTestStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var message: String
    init(_ text: String, _ line: Int, _ column: Int, _ message: String) {
      (self.text, self.line, self.column, self.message) = (text, line, column, message)
    }
    var testDescription: String { message }
  }

  /// The first error of each text.
  static let errors: [ErrorCase] = [
    ErrorCase("", 1, 1, "unexpected end of input, expected a value"),
    ErrorCase("[1, 2", 1, 6, "expected ',' or ']' after an array element, found end of input"),
    ErrorCase("[1,]", 1, 4, "trailing comma before ']'"),
    ErrorCase("{\"a\": 1,}", 1, 9, "trailing comma before '}'"),
    ErrorCase("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "expected ',' or '}' after an object member, found '\"'"),
    ErrorCase("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\", found '1'"),
    ErrorCase("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key \"a\""),
    ErrorCase("{'a': 1}", 1, 2, "keys must be in double quotes"),
    ErrorCase("['a']", 1, 2, "strings must be in double quotes"),
    ErrorCase("[1] // note", 1, 5, "unexpected '/' after the JSON value"),
    ErrorCase("// note\n[1]", 1, 1, "comments are not allowed in JSON"),
    ErrorCase(
      "[tru]", 1, 2,
      "unknown word 'tru' (expected true, false, null, a number, a string, an array or an object)"),
    ErrorCase("[01]", 1, 2, "numbers must not have leading zeros"),
    ErrorCase("[1.]", 1, 4, "expected a digit after the decimal point"),
    ErrorCase("[1e]", 1, 4, "expected a digit in the exponent"),
    ErrorCase("[-]", 1, 3, "expected a digit after '-'"),
    ErrorCase("\"abc", 1, 1, "unterminated string"),
    ErrorCase("\"a\nb\"", 1, 3, "control character U+000A must be escaped in a string"),
    ErrorCase("\"\\q\"", 1, 2, "invalid escape \\q in string"),
    ErrorCase("\"\\u12G4\"", 1, 2, "expected four hex digits after \\u"),
    ErrorCase("\"\\ud800x\"", 1, 2, "unpaired surrogate in \\u escape"),
    ErrorCase("[\"é\", ?]", 1, 7, "unexpected '?', expected a value"),
    ErrorCase("{} x", 1, 4, "unexpected 'x' after the JSON value"),
  ]

  @Test("syntax errors give the line, the column and what was expected", arguments: errors)
  func syntaxErrors(_ error: ErrorCase) {
    #expect(throws: JSONParseError(line: error.line, column: error.column, message: error.message)) {
      try JSONValue.parse(error.text)
    }
  }

  /// Numbers that are not finite.
  static let nonFinite: [ErrorCase] = [
    ErrorCase("[1e999]", 1, 2, "number 1e999 is out of range (not a finite Double)"),
    ErrorCase("{\n  \"x\": -1e400\n}", 2, 8, "number -1e400 is out of range (not a finite Double)"),
    ErrorCase("[NaN]", 1, 2, "NaN is not allowed: JSON numbers must be finite"),
    ErrorCase("[Infinity]", 1, 2, "Infinity is not allowed: JSON numbers must be finite"),
    ErrorCase("[-Infinity]", 1, 2, "-Infinity is not allowed: JSON numbers must be finite"),
  ]

  @Test("numbers that are not finite are rejected", arguments: nonFinite)
  func nonFiniteNumbers(_ error: ErrorCase) {
    #expect(throws: JSONParseError(line: error.line, column: error.column, message: error.message)) {
      try JSONValue.parse(error.text)
    }
  }

  @Test("tiny numbers underflow to zero rather than failing")
  func underflow() throws {
    #expect(try JSONValue.parse("1e-400") == .number(0))
  }

  @Test("columns count characters, not bytes")
  func columnsCountCharacters() {
    #expect(throws: JSONParseError(line: 1, column: 9, message: "unexpected '?', expected a value")) {
      try JSONValue.parse("[\"ééé\", ?]")
    }
  }

  @Test("absurd nesting is an error, not a crash")
  func tooDeep() {
    let text = String(repeating: "[", count: 600)
    #expect(throws: JSONParseError(line: 1, column: 513, message: "nesting deeper than 512 levels")) {
      try JSONValue.parse(text)
    }
  }

  @Test("error descriptions read line, column, message")
  func description() {
    #expect(JSONParseError(line: 3, column: 7, message: "boom").description == "line 3, column 7: boom")
  }
}
