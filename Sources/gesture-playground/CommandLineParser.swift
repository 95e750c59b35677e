/// What a subcommand's arguments ask for.
enum ParsedArguments: Equatable {
  /// Run the subcommand with these option values, by option name.
  case values([String: String])
  /// Show the subcommand's help (`-h`, `--help` anywhere before `--`).
  case help
  /// The command line is wrong: say why and exit with `ExitStatus.usage`.
  case failure(UsageError)
}

/// A wrong command line: the message and, for a missing option or value, that option's help.
struct UsageError: Error, Equatable {
  /// `Unknown option '--x'`, `Missing value for '--log <FILE>'`, ...
  let message: String
  /// The option the message is about (`--log <FILE>`), shown under it with `optionHelp`.
  var optionSynopsis: String?
  /// That option's help.
  var optionHelp: String?

  /// An error saying `message`, about `option` when given.
  init(_ message: String, about option: OptionSpec? = nil) {
    self.message = message
    optionSynopsis = option?.synopsis
    optionHelp = option?.help
  }

  /// The text written to standard error for `usage` (a command's usage line) and
  /// `helpHint` (the command whose `--help` to suggest; nil: none).
  func report(usage: String, helpHint: String?) -> String {
    var text = "Error: \(message)\n"
    if let optionSynopsis, let optionHelp { text += "Help:  \(optionSynopsis)  \(optionHelp)\n" }
    text += "Usage: \(usage)"
    if let helpHint { text += "\n  See '\(helpHint) --help' for more information." }
    return text
  }
}

extension CommandSpec {
  /// Parses `arguments` (after the subcommand's name): `--name VALUE` or `--name=VALUE` for
  /// each option (the last one given wins), `--` ending the options.
  ///
  /// Errors, first of: a missing value, a missing required option (in declaration order),
  /// then the first unknown option or unexpected argument, as swift-argument-parser
  /// reported them.
  func parse(_ arguments: ArraySlice<String>) -> ParsedArguments {
    for argument in arguments {
      if argument == "--" { break }
      if argument == "-h" || argument == "--help" || argument.hasPrefix("--help=") { return .help }
    }
    var values: [String: String] = [:]
    var other: UsageError?
    var index = arguments.startIndex
    var optionsEnded = false
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(argument) {
        if other == nil { other = UsageError("Unexpected argument '\(argument)'") }
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let isLong = argument.hasPrefix("--")
      let body = argument.dropFirst(isLong ? 2 : 1)
      let equals = isLong ? body.firstIndex(of: "=") : nil
      let name = String(equals.map { body[..<$0] } ?? body)
      guard isLong, let option = options.first(where: { $0.name == name }) else {
        if other == nil { other = UsageError(unknownOption: isLong ? "--" + name : argument, in: self) }
        continue
      }
      if let equals {
        let inline = body[body.index(after: equals)...]
        guard !inline.isEmpty else { return .failure(.missingValue(option)) }
        values[name] = String(inline)
      } else if index < arguments.endIndex, !Self.looksLikeOption(arguments[index]) {
        values[name] = arguments[index]
        index += 1
      } else {
        return .failure(.missingValue(option))
      }
    }
    if let missing = options.first(where: { $0.isRequired && values[$0.name] == nil }) {
      return .failure(UsageError("Missing expected argument '\(missing.synopsis)'", about: missing))
    }
    if let other { return .failure(other) }
    return .values(values)
  }

  /// `-x`, `--name`, `--`: not a value (a lone `-` is one).
  static func looksLikeOption(_ argument: String) -> Bool {
    argument.hasPrefix("-") && argument.count > 1
  }
}

extension UsageError {
  /// A `--name` option that takes no value, suggesting the closest option of `command`
  /// when one is less than 4 edits away (never for a one-letter `-x`).
  init(unknownOption given: String, in command: CommandSpec) {
    let isShort = !given.hasPrefix("--") && given.count == 2
    let names = command.options.map { "--" + $0.name } + ["--help"]
    let suggestion =
      isShort
      ? nil
      : names.map { (name: $0, distance: Self.editDistance($0, given)) }.filter { $0.distance < 4 }
        .min { $0.distance < $1.distance }?.name
    self.init("Unknown option '\(given)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
  }

  /// `--name` was given without a value.
  static func missingValue(_ option: OptionSpec) -> UsageError {
    UsageError("Missing value for '\(option.synopsis)'", about: option)
  }

  /// The Levenshtein distance between `a` and `b`, in characters.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
