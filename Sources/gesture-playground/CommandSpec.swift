import Glibc

/// One `--name <VALUE>` option of a subcommand.
struct OptionSpec: Sendable {
  /// The name after `--`.
  let name: String
  /// The value's placeholder in the usage line and the help (`FILE`, `NAME-or-PATH`).
  let valueName: String
  /// The one-sentence help shown in `--help` and after a wrong use of the option.
  let help: String
  /// Whether leaving the option out is an error.
  var isRequired = false
  /// The value used when the option is left out, shown in `--help`.
  var defaultValue: String?

  /// `--name <VALUE>`, as the help and the error messages write the option.
  var synopsis: String { "--\(name) <\(valueName)>" }
}

/// A subcommand of `gesture-playground`: what it accepts and what its `--help` says.
///
/// The help, the usage line and the error messages have the layout of
/// swift-argument-parser's, which the program used before: the same text for the same
/// command line.
struct CommandSpec: Sendable {
  /// The subcommand's name (`run`).
  let name: String
  /// The first sentence of the help (`OVERVIEW:`).
  let abstract: String
  /// The paragraphs after it.
  let discussion: String
  /// The options, in the order the usage line and the help list them.
  let options: [OptionSpec]

  /// `gesture-playground NAME` followed by each option, optional ones in brackets.
  var usage: String {
    var words = [CommandSpec.programName, name]
    for option in options {
      words.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
    }
    return words.joined(separator: " ")
  }

  /// The full `--help` text for a terminal `width` columns wide, with its final newline.
  func helpText(width: Int) -> String {
    var elements = options.map { option in
      HelpElement(
        label: option.synopsis,
        abstract: option.help + (option.defaultValue.map { " (default: \($0))" } ?? ""))
    }
    elements.append(HelpElement.help)
    return CommandSpec.overview(abstract: abstract, discussion: discussion, width: width)
      + "USAGE: \(usage)\n\n" + HelpElement.section("OPTIONS", elements, width: width) + "\n"
  }

  /// The program's name in usage lines and messages.
  static let programName = "gesture-playground"

  /// `OVERVIEW: abstract`, the discussion after a blank line, wrapped, and a blank line.
  /// A line of a table (indented, a label, then two or more spaces: `  1   success`)
  /// continues under its text rather than at the margin.
  static func overview(abstract: String, discussion: String, width: Int) -> String {
    let text = "OVERVIEW: " + abstract + (discussion.isEmpty ? "" : "\n\n" + discussion)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let hang = hangingIndent(of: line)
      guard hang > 0, hang < width else { return wrap(String(line), to: width) }
      let rest = wrap(String(line.dropFirst(hang)), to: width, indent: hang)
      return String(line.prefix(hang)) + rest.dropFirst(hang)
    }
    return lines.joined(separator: "\n") + "\n\n"
  }

  /// The column where the text of a table line starts (after its indentation, a label and
  /// at least two spaces), or 0 when `line` is not one.
  static func hangingIndent(of line: Substring) -> Int {
    guard line.first == " " else { return 0 }
    let label = line.drop { $0 == " " }
    let afterLabel = label.drop { $0 != " " }
    let text = afterLabel.drop { $0 == " " }
    guard afterLabel.count - text.count >= 2, !text.isEmpty else { return 0 }
    return line.count - text.count
  }

  /// The columns the help is wrapped to: `$COLUMNS`, else the terminal's width on standard
  /// output, else 80.
  static func screenWidth() -> Int {
    if let value = getenv("COLUMNS"), let columns = Int(String(cString: value)) {
      return columns
    }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// Wraps `text` at spaces to lines of at most `width` columns (a longer word gets a line
  /// of its own), indenting every non-empty line by `indent` columns within that width.
  static func wrap(_ text: String, to width: Int, indent: Int = 0) -> String {
    let columns = width - indent
    guard columns > 0 else { return "" }
    var lines: [Substring] = []
    var current = text.startIndex
    while true {
      let chunk = text[current...].prefix(columns)
      if let lineBreak = chunk.lastIndex(of: "\n") {
        lines.append(
          contentsOf: text[current..<lineBreak].split(separator: "\n", omittingEmptySubsequences: false))
        current = text.index(after: lineBreak)
      } else if chunk.endIndex == text.endIndex {
        lines.append(text[current...])
        break
      } else if let space = chunk.lastIndex(of: " ") {
        lines.append(text[current..<space])
        current = text.index(after: space)
      } else if let space = text[current...].firstIndex(of: " ") {
        lines.append(text[current..<space])
        current = text.index(after: space)
      } else {
        lines.append(text[current...])
        break
      }
    }
    let margin = String(repeating: " ", count: indent)
    return lines.map { $0.isEmpty ? "" : margin + $0 }.joined(separator: "\n")
  }
}

/// One line (or more, wrapped) of a help section: a label and what it means.
struct HelpElement {
  /// `--scene <NAME-or-PATH>`, `-h, --help`, a subcommand's name.
  let label: String
  /// Its help, wrapped in the column after the labels.
  let abstract: String

  /// The `-h, --help` line every command has.
  static let help = HelpElement(label: "-h, --help", abstract: "Show help information.")

  /// Labels are indented by 2 columns; the help starts at column 26.
  private static let labelIndent = 2
  private static let helpColumn = 26

  /// The element's lines, each ending with a newline.
  func rendered(width: Int) -> String {
    let padded = String(repeating: " ", count: Self.labelIndent) + label
    guard !abstract.isEmpty else { return padded + "\n" }
    let wrapped = CommandSpec.wrap(abstract, to: width, indent: Self.helpColumn)
    if padded.count < Self.helpColumn {
      return padded + wrapped.dropFirst(padded.count) + "\n"
    }
    return padded + "\n" + wrapped + "\n"
  }

  /// `TITLE:` and the elements' lines.
  static func section(_ title: String, _ elements: [HelpElement], width: Int) -> String {
    "\(title):\n" + elements.map { $0.rendered(width: width) }.joined()
  }
}
