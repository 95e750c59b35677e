import Foundation
import TestSupport

@testable import Playground

/// Settings from the environment: `GP_FUZZ_CASES` (mutants per parser; `make soak` sets a
/// large number) and `GP_FUZZ_SEED` (the first case's seed; fixed by default so `make test`
/// is deterministic).
enum FuzzSettings {
  /// Mutants per parser in `make test`.
  static let defaultCases = 1000
  /// The seed `make test` uses.
  static let defaultSeed: UInt64 = 0x5EED_F11E

  static var cases: Int {
    ProcessInfo.processInfo.environment["GP_FUZZ_CASES"].flatMap { Int($0) } ?? defaultCases
  }

  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["GP_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed
  }

  /// The longest one case may take before it counts as a blow-up: 5 s (debug build), or
  /// `GP_FUZZ_CASE_LIMIT` seconds (`make asan` allows more: AddressSanitizer is much slower).
  static var caseLimit: Duration {
    .seconds(ProcessInfo.processInfo.environment["GP_FUZZ_CASE_LIMIT"].flatMap { Double($0) } ?? 5)
  }

  /// The generator of case `index`.
  static func random(case index: Int, seed: UInt64) -> SplitMix64 {
    SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
  }
}

/// Mutates the bytes of a JSON or JSON Lines file the way hostile or damaged files look.
///
/// Every mutant is at most ``maximumSize`` bytes, which bounds the work of one case.
struct FileMutator {
  /// The largest mutant produced (deep nesting and long strings stay below it).
  static let maximumSize = 1 << 20

  /// Characters that change the meaning of JSON text.
  private static let significant: [UInt8] = Array("{}[]\":,\\ \t\r\n-+.eE0123456789tfn/'".utf8)

  /// Replacements for numbers: huge, negative, non-finite spellings and malformed ones.
  private static let numbers = [
    "1e999", "-1e999", "1e308", "-1e308", "NaN", "-Infinity", "Infinity", "nan", "-0", "0",
    "-1", "-2147483649", "2147483648", "4294967296", "9223372036854775808", "1e-400", "0.5",
    "123456789012345678901234567890", "00", "1.", ".5", "1e", "-", "1e+", "5e-324",
    "1.7976931348623157e308", "99999999", "-99999999", "1000001", "1000000.5",
  ]

  /// Values of the wrong type for any key.
  private static let values = [
    "null", "true", "false", "[]", "{}", "\"\"", "\"x\"", "[1,2]", "[1,2,3,4]", "{\"a\":1}", "0",
    "\"\\u0000\"", "\"\\ud800\"", "\"\\n\"", "\"tap\"", "\"image\"", "\"#zzz\"", "\"#ff000080\"",
    "[\"a\"]", "\"a\\nb\"",
  ]

  /// Keys that the formats know, spliced in to reach deeper checks.
  private static let keys = [
    "t", "type", "id", "x", "y", "key", "state", "button", "axis", "value", "source", "discrete", "value120",
    "fingers", "dx", "dy", "scale", "rotation", "cancelled", "name", "title", "size", "views",
    "frame", "shape", "image", "gestures", "kind", "behavior", "children", "requireToFail",
    "simultaneousWith", "hitTest", "corner", "fontSize", "label", "hint", "\n", "a\"b",
  ]

  /// Invalid UTF-8 sequences.
  private static let invalidUTF8: [[UInt8]] = [
    [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80],
    [0xEF, 0xBB, 0xBF],
  ]

  /// `seed` changed by 1 to 4 random mutations; `isTrace` adds line-level ones.
  static func mutate(_ seed: [UInt8], isTrace: Bool, using random: inout SplitMix64) -> [UInt8] {
    var bytes = seed
    for _ in 0..<random.int(1...4) {
      mutateOnce(&bytes, isTrace: isTrace, using: &random)
      if bytes.count > maximumSize { bytes.removeLast(bytes.count - maximumSize) }
    }
    return bytes
  }

  private static func mutateOnce(_ bytes: inout [UInt8], isTrace: Bool, using random: inout SplitMix64) {
    let position = random.index(bytes.count + 1)
    switch random.int(0...15) {
    case 0:  // flip bits of a byte
      guard !bytes.isEmpty else { return }
      bytes[random.index(bytes.count)] ^= UInt8(1 << random.int(0...7))
    case 1:  // insert a JSON-significant character
      bytes.insert(random.pick(significant), at: position)
    case 2:  // delete a range
      guard !bytes.isEmpty else { return }
      let start = random.index(bytes.count)
      bytes.removeSubrange(start..<min(bytes.count, start + random.int(1...16)))
    case 3:  // truncate
      bytes.removeSubrange(position..<bytes.count)
    case 4:  // replace a number
      replaceToken(&bytes, where: isNumberByte, with: Array(random.pick(numbers).utf8), using: &random)
    case 5:  // replace a value after a colon with one of another type
      replaceValue(&bytes, with: Array(random.pick(values).utf8), using: &random)
    case 6:  // duplicate a key/value member
      duplicateMember(&bytes, using: &random)
    case 7:  // rename a key to another known key
      replaceString(&bytes, with: Array(("\"" + random.pick(keys) + "\"").utf8), using: &random)
    case 8:  // deep nesting
      let depth = random.pick([10, 200, 511, 512, 513, 5000, 100_000])
      let open = Array((random.chance(0.5) ? "[" : "{\"a\":").utf8)
      var nest: [UInt8] = []
      for _ in 0..<depth { nest += open }
      if random.chance(0.5) { nest += Array("1".utf8) }
      bytes.insert(contentsOf: nest, at: position)
    case 9:  // a very long string or key
      let length = random.pick([1000, 70_000, 300_000])
      let filler = random.pick(["a", "\\u0041", "é", "\\n", "\\\""])
      let string = "\"" + String(repeating: filler, count: length / filler.utf8.count) + "\""
      replaceString(&bytes, with: Array(string.utf8), using: &random)
    case 10:  // invalid UTF-8
      bytes.insert(contentsOf: random.pick(invalidUTF8), at: position)
    case 11:  // duplicate a line
      var lines = splitLines(bytes)
      guard !lines.isEmpty else { return }
      let line = random.index(lines.count)
      lines.insert(lines[line], at: random.index(lines.count + 1))
      bytes = joinLines(lines)
    case 12:  // swap two lines (for traces: time may go backwards)
      var lines = splitLines(bytes)
      guard lines.count > 1 else { return }
      lines.swapAt(random.index(lines.count), random.index(lines.count))
      bytes = joinLines(lines)
    case 13:  // remove a line
      var lines = splitLines(bytes)
      guard !lines.isEmpty else { return }
      lines.remove(at: random.index(lines.count))
      bytes = joinLines(lines)
    case 14:  // control characters and line breaks
      bytes.insert(random.pick([0x00, 0x0D, 0x0A, 0x1B, 0x7F, 0x09]), at: position)
    default:  // traces: make t go backwards or far; scenes: shuffle a random span
      if isTrace {
        replaceTime(&bytes, with: random.pick(["-1", "0", "1e300", "5e-324", "-0.0"]), using: &random)
      } else if bytes.count > 2 {
        let start = random.index(bytes.count - 1)
        let end = min(bytes.count, start + random.int(2...64))
        bytes[start..<end].shuffle(using: &random)
      }
    }
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "e")
  }

  /// Replaces the run of bytes matching `matches` around a random position that matches.
  private static func replaceToken(
    _ bytes: inout [UInt8], where matches: (UInt8) -> Bool, with replacement: [UInt8],
    using random: inout SplitMix64
  ) {
    let candidates = bytes.indices.filter { matches(bytes[$0]) && (bytes[$0] >= 0x30 && bytes[$0] <= 0x39) }
    guard !candidates.isEmpty else { return }
    var start = random.pick(candidates)
    var end = start
    while start > 0, matches(bytes[start - 1]) { start -= 1 }
    while end < bytes.count, matches(bytes[end]) { end += 1 }
    bytes.replaceSubrange(start..<end, with: replacement)
  }

  /// Replaces the value after a random `:` up to the next `,` or `}`.
  private static func replaceValue(
    _ bytes: inout [UInt8], with value: [UInt8], using random: inout SplitMix64
  ) {
    let colons = bytes.indices.filter { bytes[$0] == UInt8(ascii: ":") }
    guard !colons.isEmpty else { return }
    let start = random.pick(colons) + 1
    var end = start
    var depth = 0
    while end < bytes.count {
      let byte = bytes[end]
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
      if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        if depth == 0 { break }
        depth -= 1
      }
      if byte == UInt8(ascii: ","), depth == 0 { break }
      end += 1
    }
    bytes.replaceSubrange(start..<end, with: value)
  }

  /// Copies a random `"key": value` member next to itself (a duplicate key).
  private static func duplicateMember(_ bytes: inout [UInt8], using random: inout SplitMix64) {
    let commas = bytes.indices.filter { bytes[$0] == UInt8(ascii: ",") }
    guard commas.count > 1 else { return }
    let index = random.index(commas.count - 1)
    let member = Array(bytes[commas[index]..<commas[index + 1]])
    bytes.insert(contentsOf: member, at: commas[index])
  }

  /// Replaces a random string literal (a key or a value).
  private static func replaceString(
    _ bytes: inout [UInt8], with string: [UInt8], using random: inout SplitMix64
  ) {
    let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
    guard quotes.count > 1 else { return }
    let index = random.index(quotes.count - 1)
    bytes.replaceSubrange(quotes[index]...quotes[index + 1], with: string)
  }

  /// Replaces the value of a random `"t":`.
  private static func replaceTime(_ bytes: inout [UInt8], with time: String, using random: inout SplitMix64) {
    let key = Array("\"t\":".utf8)
    var starts: [Int] = []
    var index = 0
    while index + key.count <= bytes.count {
      if bytes[index..<index + key.count].elementsEqual(key) { starts.append(index + key.count) }
      index += 1
    }
    guard !starts.isEmpty else { return }
    let start = random.pick(starts)
    var end = start
    while end < bytes.count, bytes[end] == 0x20 || isNumberByte(bytes[end]) { end += 1 }
    bytes.replaceSubrange(start..<end, with: Array((" " + time).utf8))
  }

  private static func splitLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
  }

  private static func joinLines(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
    Array(lines.joined(separator: [0x0A]))
  }
}

/// Aborts the test process, naming the case, when one case runs longer than `limit`
/// seconds: a hang in a parser becomes a reported failure instead of a stuck test run.
final class FuzzWatchdog: @unchecked Sendable {
  private let lock = NSLock()
  /// Signalled by every new case and by `stop()`; the watchdog blocks on it with the time
  /// limit as its timeout, so it wakes only when a case starts or runs too long.
  private let progress = DispatchSemaphore(value: 0)
  private var current: (label: String, start: ContinuousClock.Instant)?
  private var stopped = false

  init(limit: Duration) {
    let (seconds, attoseconds) = limit.components
    let timeout = Double(seconds) + Double(attoseconds) / 1e18
    let thread = Thread { [self] in
      while true {
        let timedOut = progress.wait(timeout: .now() + timeout) == .timedOut
        lock.lock()
        if stopped {
          lock.unlock()
          return
        }
        if timedOut, let current, ContinuousClock.now - current.start > limit {
          FileHandle.standardError.write(Data("fuzz: HANG in \(current.label) (over \(limit))\n".utf8))
          abort()
        }
        lock.unlock()
      }
    }
    thread.start()
  }

  /// Marks the start of a case.
  func begin(_ label: String) {
    lock.lock()
    current = (label, ContinuousClock.now)
    lock.unlock()
    progress.signal()
  }

  /// Ends the watch.
  func stop() {
    lock.lock()
    stopped = true
    lock.unlock()
    progress.signal()
  }
}
