import CairoRenderer
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// The scene's hint in the strip: one line when it fits, else two smaller lines, so that the
/// bundled scenes' hints show whole at the window's usual width instead of their first half.
@Suite("Chrome: the hint bar")
struct ChromeHintTests {
  /// A text's width with hinted metrics: whole pixels, 0.55 em a character.
  private static func width(_ text: String, _ size: Double) -> Double {
    (Double(text.count) * 0.55 * size).rounded(.up)
  }

  @Test(
    "a hint that fits is one line of 13 px; a longer one is two of 11 px, broken where they are most even")
  func lines() {
    let short = "Drag a card"
    #expect(ChromeView.hintLines(short, width: 200, measure: Self.width) == (13, [short]))
    let long = "Flick a card left, right, up or down to throw it off screen; tap Reset to bring them all back"
    let (size, lines) = ChromeView.hintLines(long, width: 300, measure: Self.width)
    #expect(size == 11 && lines.count == 2)
    #expect(lines.joined(separator: " ") == long)
    #expect(lines.allSatisfy { Self.width($0, 11) <= 300 })
    // No other break between words leaves a narrower widest line.
    let words = long.split(separator: " ")
    let widest = lines.map { Self.width($0, 11) }.max()!
    for index in 1..<words.count {
      let other = [words[..<index].joined(separator: " "), words[index...].joined(separator: " ")]
      #expect(other.map { Self.width($0, 11) }.max()! >= widest)
    }
    // When even two lines cannot hold it, the first is as long as it can be (the second is cut).
    let (_, cut) = ChromeView.hintLines(long, width: 150, measure: Self.width)
    #expect(cut.count == 2 && Self.width(cut[0], 11) <= 150)
    #expect(Self.width(cut[0] + " " + cut[1].split(separator: " ")[0], 11) > 150)
    // Too long at 13 px but not at 11: one line of 11 px. No word fits: one line, to be cut.
    let medium = String(repeating: "abcd ", count: 10)
    #expect(ChromeView.hintLines(medium, width: 320, measure: Self.width) == (11, [medium]))
    #expect(
      ChromeView.hintLines("Supercalifragilistic word", width: 50, measure: Self.width).lines.count == 1)
  }

  @Test("a Japanese hint, written without spaces, is broken between characters, not before 。 or after 「")
  func japaneseHint() {
    let hint = "カードを指でドラッグしてください。「Esc」を押すとドラッグが取り消され、カードは元の場所に戻ります。"
    let (size, lines) = ChromeView.hintLines(hint, width: 300, measure: Self.width)
    #expect(size == 11 && lines.count == 2)
    #expect(lines.joined() == hint)
    #expect(lines.allSatisfy { Self.width($0, 11) <= 300 })
    let legal = LineBreaks.breaks(in: hint)
    #expect(!legal.isEmpty)
    for place in legal {
      #expect(
        !LineBreaks.noBreakBefore.contains(hint[place.start]), "a line would start with \(hint[place.start])")
      #expect(!LineBreaks.noBreakAfter.contains(hint[hint.index(before: place.end)]))
    }
    // The break chosen is the most even of the legal ones.
    let widest = lines.map { Self.width($0, 11) }.max()!
    for place in legal {
      let other = [String(hint[..<place.end]), String(hint[place.start...])]
      #expect(other.map { Self.width($0, 11) }.max()! >= widest)
    }
    // At spaces, between a Latin word and Japanese; never inside a Latin word, nor before ー.
    let mixed = "Drag theカード"
    let split = LineBreaks.breaks(in: mixed).map { "\(mixed[..<$0.end])|\(mixed[$0.start...])" }
    #expect(split == ["Drag|theカード", "Drag the|カード", "Drag theカー|ド"])
  }

  @Test(
    "a hint of a million characters is laid out from its first 2,000, with a bounded number of measurements")
  func hugeHint() {
    let huge = String(repeating: "word ", count: 200_000)
    var measured = 0
    var longest = 0
    let (size, lines) = ChromeView.hintLines(huge, width: 500) { text, size in
      measured += 1
      longest = max(longest, text.count)
      return Self.width(text, size)
    }
    #expect(size == 11 && lines.count == 2)
    #expect(lines.joined(separator: " ").count <= ChromeView.hintCharacterLimit)
    #expect(longest <= ChromeView.hintCharacterLimit)
    // The breaks tried stop where the first line no longer fits: about 80 characters here.
    #expect(measured < 100, "\(measured) measurements")
    // Chinese breaks between any two characters: two measurements a break that fits.
    measured = 0
    let chinese = ChromeView.hintLines(String(repeating: "日", count: 1_000_000), width: 500) { text, size in
      measured += 1
      return Self.width(text, size)
    }
    #expect(chinese.lines.count == 2 && chinese.lines[0].count == 82)
    #expect(measured < 200, "\(measured) measurements")
  }

  @Test("every bundled scene's hint shows whole in the window the app first asks for (960 wide)")
  func bundledHintsFit() throws {
    let catalog = SceneCatalog.bundled()
    var hints: [String] = []
    for entry in catalog.entries {
      if let hint = try entry.load().hint { hints.append(hint) }
    }
    #expect(hints.count == catalog.entries.count)
    let room = ChromeView.hintWidth(stripWidth: 960)
    // The renderer's own text measure, from a view that measures as it is drawn.
    let probe = MeasuringView(frame: Rect(x: 0, y: 0, width: 10, height: 10)) { context in
      hints.map { hint in
        let (size, lines) = ChromeView.hintLines(hint, width: room) { context.textWidth($0, size: $1) }
        return lines.allSatisfy { context.textWidth($0, size: size) <= room } ? nil : hint
      }.compactMap { $0 }
    }
    let window = Window(size: Size(width: 20, height: 20), clock: VirtualClock())
    window.rootView.addSubview(probe)
    _ = render(window)
    #expect(probe.result == [], "cut in the 960 px strip")
  }

  @Test(
    "at 800 px, a portrait tablet's width, every bundled hint shows whole: beside the mouse hint where it fits, else in its room"
  )
  func bundledHintsFitAt800() throws {
    let catalog = SceneCatalog.bundled()
    var hints: [String: String] = [:]
    for entry in catalog.entries {
      if let hint = try entry.load().hint { hints[entry.name] = hint }
    }
    let probe = MeasuringView(frame: Rect(x: 0, y: 0, width: 10, height: 10)) { context in
      var report: [String] = []
      for (name, hint) in hints.sorted(by: { $0.key < $1.key }) {
        let measure = { (text: String, size: Double) in context.textWidth(text, size: size) }
        let layout = ChromeView.hintLayout(hint, stripWidth: 800, measure: measure)
        if !layout.lines.allSatisfy({ measure($0, layout.size) <= layout.width }) {
          report.append("\(name): cut")
        }
        // The mouse hint goes only where the hint would be cut beside it.
        let beside = ChromeView.hintLines(
          hint, width: ChromeView.hintWidth(stripWidth: 800), measure: measure)
        let fitsBeside = beside.lines.allSatisfy {
          measure($0, beside.size) <= ChromeView.hintWidth(stripWidth: 800)
        }
        if layout.showsMouseHint != fitsBeside {
          report.append("\(name): mouse hint \(layout.showsMouseHint)")
        }
        if !fitsBeside { report.append("wider") }
      }
      return report
    }
    let window = Window(size: Size(width: 20, height: 20), clock: VirtualClock())
    window.rootView.addSubview(probe)
    _ = render(window)
    // Five of the fifteen (gestures, direct, hit-shapes, paint, taps) are cut beside the
    // mouse hint at this width, and take its room: the rule is exercised.
    let report = try #require(probe.result)
    #expect(report.filter { $0 != "wider" } == [])
    #expect(report.filter { $0 == "wider" }.count >= 1)
  }

  @Test("where the bar has no room for the mouse hint, the layout never shows it")
  func noRoomForMouseHint() {
    let layout = ChromeView.hintLayout("Drag", stripWidth: 360) { text, size in Self.width(text, size) }
    #expect(!layout.showsMouseHint)
    #expect(layout.lines == ["Drag"])
    let wide = ChromeView.hintLayout("Drag", stripWidth: 960) { text, size in Self.width(text, size) }
    #expect(wide.showsMouseHint && wide.width == ChromeView.hintWidth(stripWidth: 960))
  }
}

extension ChromeHintTests {
  /// The columns of the hint's ink in a 960 px window's strip showing `hint`: the hint's
  /// colour in the hint bar's rows, left of the mouse hint.
  static func hintInk(_ hint: String) -> ClosedRange<Int>? {
    let window = Window(size: Size(width: 960, height: 700), clock: VirtualClock())
    let chrome = ChromeView(
      windowSize: window.size, hint: hint, tabNames: ["one", "two"], selected: 0, overlayVisible: false,
      onTab: { _ in }, onOverlayButton: {})
    window.rootView.addSubview(chrome)
    let image = render(window)
    let room = Int(ChromeView.hintWidth(stripWidth: 960)) + 10
    let top = Int(chrome.frame.minY)
    var columns: [Int] = []
    for x in 0..<room {
      let inked = (top..<top + Int(ChromeLayout.hintBarHeight)).contains { y in
        image.pixel(x: x, y: y).isClose(to: RGBA8(r: 0xc8, g: 0xcc, b: 0xd4), tolerance: 60)
      }
      if inked { columns.append(x) }
    }
    guard let first = columns.first, let last = columns.last else { return nil }
    return first...last
  }

  @Test("a right-to-left hint sits at the right of its room, a left-to-right one at the left")
  func rightToLeftHint() throws {
    let room = ChromeView.hintWidth(stripWidth: 960) + 10
    for hint in ["גררו כרטיס באצבע או בעכבר", "اسحب البطاقة بإصبعك أو بالفأرة", "٣ اسحب البطاقة"] {
      let ink = try #require(Self.hintInk(hint), "no ink for \(hint)")
      #expect(Double(ink.upperBound) > room - 6 && Double(ink.lowerBound) > room / 2, "\(hint): \(ink)")
    }
    // Its first strong letter decides: Latin first reads left to right, even with Hebrew after.
    for hint in ["Drag a card with a finger", "Drag כרטיס with a finger"] {
      let ink = try #require(Self.hintInk(hint), "no ink for \(hint)")
      #expect(ink.lowerBound < 14 && Double(ink.upperBound) < room / 2, "\(hint): \(ink)")
    }
  }
}

/// A view that runs `measure` with the drawing context when it is drawn, keeping the result.
private final class MeasuringView: View, CustomDrawing {
  private let measure: (DrawingContext) -> [String]
  private(set) var result: [String]?

  init(frame: Rect, measure: @escaping (DrawingContext) -> [String]) {
    self.measure = measure
    super.init(frame: frame)
  }

  func draw(in context: DrawingContext) {
    result = measure(context)
  }
}
