/// A strict recursive-descent JSON parser over UTF-8 bytes (RFC 8259).
///
/// Strict means: no comments, no trailing commas, no single quotes, no
/// duplicate keys, no `NaN`/`Infinity`, and numbers must be finite as a
/// `Double` (`1e999` is an error, not infinity). A leading byte-order mark is
/// skipped. Errors point at the start of the offending token.
struct JSONParser {
  /// Deeper nesting is rejected rather than risking the stack.
  static let maximumDepth = 512

  private let bytes: [UInt8]
  /// Where the text starts (after a byte-order mark, if any).
  private let origin: Int
  private var index: Int
  private var depth = 0

  /// A parser for `text`.
  init(_ text: String) {
    bytes = Array(text.utf8)
    origin = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    index = origin
  }

  /// Parses one value and checks that only whitespace follows it.
  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw error("unexpected \(describeCurrent()) after the JSON value")
    }
    return value
  }

  // MARK: Values

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      return try nested { (p: inout JSONParser) throws(JSONParseError) in try p.parseObject() }
    case UInt8(ascii: "["):
      return try nested { (p: inout JSONParser) throws(JSONParseError) in try p.parseArray() }
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
      return try parseLiteral()
    case UInt8(ascii: "'"): throw error("strings must be in double quotes")
    case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
    default: throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func nested(_ body: (inout JSONParser) throws(JSONParseError) -> JSONValue)
    throws(JSONParseError) -> JSONValue
  {
    guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
    depth += 1
    defer { depth -= 1 }
    return try body(&self)
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    index += 1  // {
    var object = JSONObject()
    skipWhitespace()
    if consume("}") { return .object(object) }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'") }
        if index < bytes.count, bytes[index] == UInt8(ascii: "'") {
          throw error("keys must be in double quotes")
        }
        throw error("expected a key in double quotes, found \(describeCurrent())")
      }
      let keyStart = index
      let key = try parseString()
      skipWhitespace()
      guard consume(":") else {
        throw error("expected ':' after the key \"\(key)\", found \(describeCurrent())")
      }
      let value = try parseValue()
      guard object.insert(value, forKey: key) else { throw error("duplicate key \"\(key)\"", at: keyStart) }
      skipWhitespace()
      if consume(",") { continue }
      if consume("}") { return .object(object) }
      throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    index += 1  // [
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume("]") { return .array(elements) }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
      elements.append(try parseValue())
      skipWhitespace()
      if consume(",") { continue }
      if consume("]") { return .array(elements) }
      throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
    }
  }

  private mutating func parseLiteral() throws(JSONParseError) -> JSONValue {
    let start = index
    while index < bytes.count, isLetter(bytes[index]) { index += 1 }
    let word = String(decoding: bytes[start..<index], as: UTF8.self)
    switch word {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    case "NaN", "Infinity", "inf", "nan":
      throw error("\(word) is not allowed: JSON numbers must be finite", at: start)
    default:
      throw error(
        "unknown word '\(word)' (expected true, false, null, a number, a string, an array or an object)",
        at: start)
    }
  }

  // MARK: Numbers

  private mutating func parseNumber() throws(JSONParseError) -> Double {
    let start = index
    _ = consume("-")
    if index < bytes.count, isLetter(bytes[index]) {
      let word = String(decoding: bytes[index...].prefix(while: isLetter), as: UTF8.self)
      throw error("-\(word) is not allowed: JSON numbers must be finite", at: start)
    }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after '-'") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw error("numbers must not have leading zeros", at: start)
      }
    } else {
      skipDigits()
    }
    if consume(".") {
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("expected a digit after the decimal point")
      }
      skipDigits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if !consume("+") { _ = consume("-") }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("expected a digit in the exponent")
      }
      skipDigits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw error("invalid number \(text)", at: start) }
    guard value.isFinite else {
      throw error("number \(text) is out of range (not a finite Double)", at: start)
    }
    return value
  }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  // MARK: Strings

  private mutating func parseString() throws(JSONParseError) -> String {
    let start = index
    index += 1  // "
    // Built only once an escape is met: a string without one is decoded in one step.
    var scalars: String.UnicodeScalarView?
    var runStart = index
    func flush(_ parser: JSONParser, _ end: Int) {
      scalars?.append(
        contentsOf: String(decoding: parser.bytes[runStart..<end], as: UTF8.self).unicodeScalars)
    }
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: start) }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        guard scalars != nil else { return String(decoding: bytes[runStart..<index], as: UTF8.self) }
        flush(self, index)
        return String(scalars!)
      }
      if byte < 0x20 {
        let hex = String(byte, radix: 16, uppercase: true)
        throw error("control character U+\(byte < 16 ? "000" : "00")\(hex) must be escaped in a string")
      }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      if scalars == nil { scalars = String.UnicodeScalarView() }
      flush(self, index)
      scalars?.append(try parseEscape())
      runStart = index
    }
  }

  private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
    let start = index
    index += 1  // backslash
    guard index < bytes.count else { throw error("unterminated string") }
    let letter = bytes[index]
    index += 1
    switch letter {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try parseHex4(escapeStart: start)
      if (0xD800..<0xDC00).contains(first) {
        guard consume("\\"), consume("u") else { throw error("unpaired surrogate in \\u escape", at: start) }
        let second = try parseHex4(escapeStart: start)
        guard (0xDC00..<0xE000).contains(second) else {
          throw error("unpaired surrogate in \\u escape", at: start)
        }
        return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(first) else {
        throw error("unpaired surrogate in \\u escape", at: start)
      }
      return scalar
    default:
      index -= 1
      let character = String(describeCurrent().dropFirst().dropLast())
      throw error("invalid escape \\\(character) in string", at: start)
    }
  }

  private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw error("expected four hex digits after \\u", at: escapeStart)
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  // MARK: Characters and positions

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func consume(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    if isDigit(byte) { return UInt32(byte - UInt8(ascii: "0")) }
    let lower = byte | 0x20
    if lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") {
      return UInt32(lower - UInt8(ascii: "a") + 10)
    }
    return nil
  }

  /// The character at the current position for messages: `'x'` or "end of input".
  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of input" }
    var end = index + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
    let offset = min(offset ?? index, bytes.count)
    var line = 1
    var column = 1
    for byte in bytes[origin..<max(origin, offset)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONParseError(line: line, column: column, message: message)
  }
}
