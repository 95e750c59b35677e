import GestureKit
import WaylandBackend

/// Reads the typed fields of one trace line, turning every mismatch into a one-line
/// ``TraceError`` at that line: `drag.jsonl:4: "x": expected a number, got a string`.
struct TraceLineReader {
  /// The file name used in errors.
  let file: String
  /// The 1-based line number.
  let line: Int
  /// The line's members.
  let object: JSONObject

  /// An error at this line.
  func failure(_ message: String) -> TraceError {
    TraceError(file: file, location: .line(line), message: message)
  }

  /// An error about the value of `key`.
  func failure(_ key: String, _ message: String) -> TraceError {
    failure("\"\(key)\": \(message)")
  }

  /// A number (always finite: the JSON parser rejects the rest).
  func number(_ key: String) throws(TraceError) -> Double {
    let value = object[key]!
    guard case .number(let number) = value else {
      throw failure(key, "expected a number, got \(value.typeDescription)")
    }
    return number
  }

  /// A number of at least `minimum`.
  func number(_ key: String, atLeast minimum: Double) throws(TraceError) -> Double {
    let number = try number(key)
    guard number >= minimum else {
      throw failure(
        key,
        "expected a number of at least \(SceneFieldReader.format(minimum)), got \(SceneFieldReader.format(number))"
      )
    }
    return number
  }

  /// A whole number in `range`; `rangeText` says the range in words.
  func integer(_ key: String, in range: ClosedRange<Double>, _ rangeText: String) throws(TraceError) -> Double
  {
    let number = try number(key)
    guard number == number.rounded(), range.contains(number) else {
      throw failure(key, "expected a whole number \(rangeText), got \(SceneFieldReader.format(number))")
    }
    return number
  }

  /// A surface-local coordinate: a number within ±`SeatInputTranslator.coordinateLimit`.
  func coordinate(_ key: String) throws(TraceError) -> Double {
    let number = try number(key)
    let limit = SeatInputTranslator.coordinateLimit
    guard abs(number) <= limit else {
      throw failure(
        key,
        "expected a coordinate within ±\(SceneFieldReader.format(limit)) px, got \(SceneFieldReader.format(number))"
      )
    }
    return number
  }

  /// The point `[x, y]` of a line.
  func location() throws(TraceError) -> Point {
    Point(x: try coordinate("x"), y: try coordinate("y"))
  }

  /// A touch id: a whole number that fits an `int32` and is not negative (negative ids are
  /// kept for the pointer's emulated touch).
  func touchID() throws(TraceError) -> Int {
    Int(try integer("id", in: 0...2_147_483_647, "from 0 to 2147483647"))
  }

  /// A tablet tool's number: a whole number from 0 to 1000000.
  func tool() throws(TraceError) -> Int {
    Int(try integer("tool", in: 0...1_000_000, "from 0 to 1000000"))
  }

  /// The pair `[x, y]` of numbers at `key` (a tablet tool's tilt, in degrees).
  func pair(_ key: String) throws(TraceError) -> (Double, Double) {
    let value = object[key]!
    guard case .array(let elements) = value, elements.count == 2,
      case .number(let x) = elements[0], case .number(let y) = elements[1]
    else { throw failure(key, "expected [x, y], two numbers, got \(value.typeDescription)") }
    return (x, y)
  }

  /// A finger count of a touchpad gesture.
  func fingers() throws(TraceError) -> Int {
    Int(try integer("fingers", in: 1...100, "from 1 to 100"))
  }

  /// A string.
  func string(_ key: String) throws(TraceError) -> String {
    let value = object[key]!
    guard case .string(let string) = value else {
      throw failure(key, "expected a string, got \(value.typeDescription)")
    }
    return string
  }

  /// One of a fixed set of strings.
  func choice(_ key: String, from choices: [String]) throws(TraceError) -> String {
    let string = try string(key)
    guard choices.contains(string) else {
      throw failure(
        key, "unknown value \"\(string)\" (expected one of \(choices.joined(separator: ", ")))")
    }
    return string
  }

  /// `true` or `false`.
  func bool(_ key: String) throws(TraceError) -> Bool {
    let value = object[key]!
    guard case .bool(let bool) = value else {
      throw failure(key, "expected true or false, got \(value.typeDescription)")
    }
    return bool
  }

  /// An xkb keysym name (`key`, `shifted`, `latin`): known to xkbcommon, with a guess when it is not.
  func keysymName(_ key: String) throws(TraceError) -> String {
    let name = try string(key)
    guard !name.isEmpty else { throw failure(key, "expected an xkb keysym name such as \"Escape\"") }
    guard KeySymbolNames.isKnown(name) else {
      let guess =
        (KeySymbolNames.caseCorrected(name)
        ?? SceneFieldReader.closest(to: name, in: KeySymbolNames.allNames)).map {
          ", did you mean \"\($0)\"?"
        } ?? ""
      throw failure(
        key, "unknown key name \"\(name)\"\(guess) (xkb keysym names: Escape, Tab, q, Alt_L, F11, ...)")
    }
    return name
  }

  /// `state`: `pressed` (true) or `released` (false).
  func isPressed() throws(TraceError) -> Bool {
    try choice("state", from: TraceEventType.stateNames) == "pressed"
  }

  /// `button`: `left`, `right`, `middle` or a Linux input code.
  func button() throws(TraceError) -> UInt32 {
    let value = object["button"]!
    if case .number = value {
      return UInt32(try integer("button", in: 0...4_294_967_295, "from 0 to 4294967295 (a Linux input code)"))
    }
    guard case .string(let name) = value else {
      throw failure(
        "button", "expected left, right, middle or a Linux input code, got \(value.typeDescription)")
    }
    guard let entry = TraceEventType.buttonNames.first(where: { $0.name == name }) else {
      throw failure(
        "button", "unknown button \"\(name)\" (expected left, right, middle or a Linux input code)")
    }
    return entry.code
  }
}
