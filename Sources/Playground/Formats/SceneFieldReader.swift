import GestureKit

/// Reads typed fields out of a parsed scene document, turning every mismatch
/// into a one-line ``SceneError`` at the value's key path.
struct SceneFieldReader {
  /// The file name used in errors.
  let file: String

  /// An error at `path`.
  func failure(_ path: SceneKeyPath, _ message: String) -> SceneError {
    SceneError(file: file, location: path.isRoot ? .file : .keyPath(path.description), message: message)
  }

  /// The value as an object whose keys are all in `allowed` and that has every
  /// key in `required`. `what` names the object in messages ("a view").
  func object(
    _ value: JSONValue, at path: SceneKeyPath, what: String, allowed: [String], required: [String]
  ) throws(SceneError) -> JSONObject {
    guard case .object(let object) = value else {
      throw failure(path, "expected \(what) (a JSON object), got \(value.typeDescription)")
    }
    for key in object.keys where !allowed.contains(key) {
      var message = "unknown key"
      if let guess = Self.closest(to: key, in: allowed) { message += ", did you mean \"\(guess)\"?" }
      throw failure(path.key(key), message + " (\(what) takes \(allowed.joined(separator: ", ")))")
    }
    for key in required where object[key] == nil {
      throw failure(path, "missing required key \"\(key)\"")
    }
    return object
  }

  /// A string.
  func string(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> String {
    guard case .string(let string) = value else {
      throw failure(path, "expected a string, got \(value.typeDescription)")
    }
    return string
  }

  /// A string that is not empty.
  func nonEmptyString(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> String {
    let string = try string(value, at: path)
    guard !string.isEmpty else { throw failure(path, "expected a non-empty string") }
    return string
  }

  /// A non-empty id (or the scene's name, `what` "a name"): one line of text, as the strip,
  /// the overlay and the timeline draw it (``text(_:at:what:lineBreaks:)``).
  func identifier(_ value: JSONValue, at path: SceneKeyPath, what: String = "an id") throws(SceneError)
    -> String
  {
    let string = try nonEmptyString(value, at: path)
    try checkDrawable(string, at: path, what: what, lineBreaks: false)
    return string
  }

  /// Text the app draws (a title, a hint, a label; `what` names it in messages, "a label"):
  /// no control characters, which cairo draws as empty boxes, and U+0000 would cut the text
  /// there; line breaks only where `lineBreaks` allows them, and written `\n`.
  func text(_ value: JSONValue, at path: SceneKeyPath, what: String, lineBreaks: Bool) throws(SceneError)
    -> String
  {
    let string = try string(value, at: path)
    try checkDrawable(string, at: path, what: what, lineBreaks: lineBreaks)
    return string
  }

  /// Throws unless `string` is text the app can draw (``text(_:at:what:lineBreaks:)``).
  func checkDrawable(_ string: String, at path: SceneKeyPath, what: String, lineBreaks: Bool)
    throws(SceneError)
  {
    let bad = string.unicodeScalars.enumerated().first { _, scalar in
      !(lineBreaks && scalar == "\n")
        && (scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029)
    }
    guard let (offset, scalar) = bad else { return }
    let digits = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    let note =
      !Character(scalar).isNewline ? "" : lineBreaks ? "; write a line break as \\n" : "; \(what) is one line"
    throw failure(path, "\(what) cannot hold the control character \(code) (code point \(offset + 1))\(note)")
  }

  /// One of a fixed set of strings.
  func choice(_ value: JSONValue, at path: SceneKeyPath, from choices: [String]) throws(SceneError) -> String
  {
    let string = try string(value, at: path)
    guard choices.contains(string) else {
      throw failure(path, "unknown value \"\(string)\" (expected one of \(choices.joined(separator: ", ")))")
    }
    return string
  }

  /// `true` or `false`.
  func bool(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> Bool {
    guard case .bool(let bool) = value else {
      throw failure(path, "expected true or false, got \(value.typeDescription)")
    }
    return bool
  }

  /// A number (always finite: the JSON parser rejects the rest).
  func number(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> Double {
    guard case .number(let number) = value else {
      throw failure(path, "expected a number, got \(value.typeDescription)")
    }
    return number
  }

  /// A number in `range`; `rangeText` says the range in words ("between 0 and 1").
  func number(
    _ value: JSONValue, at path: SceneKeyPath, in range: ClosedRange<Double>, _ rangeText: String
  ) throws(SceneError) -> Double {
    let number = try number(value, at: path)
    guard range.contains(number) else {
      throw failure(path, "expected a number \(rangeText), got \(Self.format(number))")
    }
    return number
  }

  /// A whole number at least `minimum`.
  func integer(_ value: JSONValue, at path: SceneKeyPath, minimum: Int) throws(SceneError) -> Int {
    let number = try number(value, at: path)
    guard number == number.rounded(), number >= Double(minimum), number <= 1_000_000 else {
      throw failure(path, "expected a whole number of at least \(minimum), got \(Self.format(number))")
    }
    return Int(number)
  }

  /// An array.
  func array(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> [JSONValue] {
    guard case .array(let array) = value else {
      throw failure(path, "expected an array, got \(value.typeDescription)")
    }
    return array
  }

  /// An array of exactly `count` numbers; `shape` shows the expected form ("[x, y, width, height]").
  func numbers(_ value: JSONValue, at path: SceneKeyPath, count: Int, shape: String) throws(SceneError)
    -> [Double]
  {
    guard case .array(let array) = value, array.count == count else {
      throw failure(path, "expected \(shape), got \(Self.describeShape(value))")
    }
    var numbers: [Double] = []
    for (index, element) in array.enumerated() {
      numbers.append(try number(element, at: path.index(index)))
    }
    return numbers
  }

  /// An array of ids (gesture ids), each as ``identifier(_:at:what:)`` reads it.
  func strings(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> [String] {
    var strings: [String] = []
    for (index, element) in try array(value, at: path).enumerated() {
      strings.append(try identifier(element, at: path.index(index)))
    }
    return strings
  }

  /// A colour written `#rrggbb` or `#rrggbbaa` (hex digits in either case).
  func color(_ value: JSONValue, at path: SceneKeyPath) throws(SceneError) -> Color {
    let text = try string(value, at: path)
    guard let color = Color(hex: text) else {
      throw failure(path, "expected a colour \"#rrggbb\" or \"#rrggbbaa\", got \"\(text)\"")
    }
    return color
  }

  // MARK: Helpers

  /// A number as a user wrote it: `3` rather than `3.0`.
  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }

  private static func describeShape(_ value: JSONValue) -> String {
    if case .array(let array) = value {
      return "an array of \(array.count) element\(array.count == 1 ? "" : "s")"
    }
    return value.typeDescription
  }

  /// The nearest allowed key within edit distance 2 of `key` (ignoring case), if any.
  static func closest(to key: String, in candidates: [String]) -> String? {
    // A distance is at least the difference in length: a long key (a hostile file's
    // megabyte of text) is far from every candidate without the quadratic comparison.
    let length = key.unicodeScalars.count
    let scored = candidates.filter { abs($0.unicodeScalars.count - length) <= 2 }.map {
      ($0, editDistance(key.lowercased(), $0.lowercased()))
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
    return best.0
  }

  private static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
