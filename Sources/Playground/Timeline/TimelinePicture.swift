import GestureKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A ``Timeline`` laid out as a picture: shapes in a `width` x `height` box, written as SVG
/// (``svg()``) or drawn with cairo (``TimelineView``), so that both show the same.
///
/// Time runs left to right in milliseconds of the log's `t`, from its first line to its
/// last, with an axis at the top. Below it, a lane per
/// touch (a grey bar from its first delivery to its last, and a mark at every delivery to its
/// view's own handlers: began, moved, ended, cancelled), then a lane per recognizer (a light
/// strip while it is possible, from the touch that started its attempt; a band while it is
/// began or changed, a tick at every action call, and a mark where it is
/// recognized or ends, fails or is cancelled). A legend ends the picture.
public struct TimelinePicture {
  /// Something drawn.
  public enum Shape: Equatable {
    /// A filled rectangle.
    case rect(Rect, Color)
    /// A line of `width`.
    case line(Point, Point, Color, width: Double)
    /// One line of text, its baseline starting at the point (or centred on it).
    case text(String, Point, size: Double, Color, centered: Bool)
  }

  /// The picture's width in pixels.
  public let width: Double
  /// The picture's height in pixels.
  public let height: Double
  /// Back to front.
  public private(set) var shapes: [Shape] = []

  /// Width of the lanes' names, and of the time axis, in pixels.
  let labelWidth: Double
  let plotWidth: Double
  static let laneHeight = 30.0
  static let top = 46.0
  static let ink = Color(red: 0.15, green: 0.16, blue: 0.19)
  static let faint = Color(red: 0.55, green: 0.57, blue: 0.6)
  static let phaseColors: [(String, Color)] = [
    ("began", Color(red: 0.16, green: 0.62, blue: 0.3)), ("moved", Color(red: 0.3, green: 0.5, blue: 0.9)),
    ("ended", Color(red: 0.15, green: 0.16, blue: 0.19)),
    ("cancelled", Color(red: 0.93, green: 0.5, blue: 0.08)),
  ]
  /// A touch's lane after it was cancelled to its view, while the finger stays down.
  static let notDelivered = Color(red: 0.97, green: 0.72, blue: 0.45)
  /// A recognizer's lane while it is possible: from the touch that started its attempt.
  static let possibleColor = Color(red: 0.86, green: 0.87, blue: 0.89)
  static let stateColors: [(String, Color)] = [
    ("began / changed", Color(red: 0.62, green: 0.75, blue: 0.97)),
    ("recognized / ended", Color(red: 0.16, green: 0.62, blue: 0.3)),
    ("failed", Color(red: 0.85, green: 0.16, blue: 0.16)),
    ("cancelled", Color(red: 0.93, green: 0.5, blue: 0.08)),
  ]

  /// The height of a picture of `lanes` lanes, `width` pixels wide (its legend's rows).
  static func height(lanes: Int, width: Double) -> Double {
    top + Double(lanes) * laneHeight + 80 + 20 * Double(legendLayout(width: width).rows - 1)
  }

  /// The picture of `timeline`, `width` pixels wide (1220 by default), from its first line to
  /// its last or over `range` (ms), its axis labelled in ms since `origin` (the log's 0 by
  /// default; a live panel counts back from now).
  public init(
    _ timeline: Timeline, width: Double = 1220, range: ClosedRange<Double>? = nil,
    labelsFrom origin: Double = 0
  ) {
    let lanes = timeline.touches.count + timeline.recognizers.count
    // Room on the right for the name of a state entered at the end.
    self.width = max(width, 400)
    labelWidth = min(230, self.width * 0.25)
    plotWidth = self.width - labelWidth - 90
    let dropped = timeline.droppedTouches + timeline.droppedRecognizers > 0
    height = Self.height(lanes: max(lanes, 1), width: self.width) + (dropped ? 20 : 0)
    let start = range?.lowerBound ?? timeline.start ?? 0
    let span = max((range?.upperBound ?? timeline.end ?? start) - start, 1)
    let (left, plot) = (labelWidth, plotWidth)
    let x = { (ms: Double) in left + (ms - start) / span * plot }
    shapes.append(.rect(Rect(x: 0, y: 0, width: self.width, height: height), .white))
    axis(start: start, span: span, origin: origin, x: x)
    var y = Self.top
    for lane in timeline.touches {
      touchLane(lane, y: y, x: x, logEnd: timeline.end ?? start)
      y += Self.laneHeight
    }
    let causes = timeline.causes()
    let touchStarts = timeline.touches.map { (start: $0.start, view: $0.view) }.sorted { $0.start < $1.start }
    for lane in timeline.recognizers {
      recognizerLane(
        lane, y: y, x: x, end: timeline.end ?? start, causes: causes, touchStarts: touchStarts)
      y += Self.laneHeight
    }
    legend(y: y + 24)
    if dropped {
      let text =
        "not drawn: \(timeline.droppedTouches) more touches and \(timeline.droppedRecognizers) more recognizers "
        + "(a timeline keeps \(Timeline.maximumTouchLanes) touches and \(Timeline.maximumRecognizerLanes) recognizers)"
      shapes.append(.text(text, Point(x: 10, y: height - 14), size: 11, Self.ink, centered: false))
    }
  }

  /// The milliseconds axis: a tick every 1, 2 or 5 times a power of ten (at least 1 ms), at
  /// least 70 px apart, so at most one tick per 70 px whatever the span.
  private mutating func axis(start: Double, span: Double, origin: Double, x: (Double) -> Double) {
    // The smallest step 70 px long, rounded up to 1, 2 or 5 times a power of ten.
    let least = max(span * 70 / max(plotWidth, 1), 1)
    let power = pow(10, floor(log10(least)))
    let step = [1.0, 2.0, 5.0, 10.0].map { $0 * power }.first { $0 >= least * (1 - 1e-12) } ?? 10 * power
    shapes.append(.line(Point(x: x(start), y: 30), Point(x: x(start + span), y: 30), Self.faint, width: 1))
    let first = origin + ((start - origin) / step).rounded(.up) * step
    for index in 0..<Int(plotWidth / 70) + 2 {
      let tick = first + Double(index) * step
      guard tick <= start + span + 1e-9 else { break }
      shapes.append(.line(Point(x: x(tick), y: 26), Point(x: x(tick), y: 34), Self.faint, width: 1))
      shapes.append(
        .text(
          "\(Self.number(tick - origin)) ms", Point(x: x(tick), y: 20), size: 11, Self.ink, centered: true))
    }
  }

  /// A touch's lane: a bar from the finger's down to its lift (or, when the input is not
  /// known, from its first delivery to its last), thin where its view is no longer told
  /// (cancelled to it while the finger stays down), a tick where the finger lifted, and a
  /// mark at every delivery.
  private mutating func touchLane(
    _ lane: Timeline.TouchLane, y: Double, x: (Double) -> Double, logEnd: Double
  ) {
    let middle = y + Self.laneHeight / 2
    shapes.append(
      .text(
        "touch \(lane.id) · \(lane.type) · \(lane.view)", Point(x: 10, y: middle + 4), size: 12, Self.ink,
        centered: false))
    let delivered = lane.end ?? lane.deliveries.last?.time ?? lane.start
    // Still down at the log's end: to the end.
    let end = lane.hasInput ? max(lane.inputEnd ?? logEnd, delivered) : delivered
    // Cancelled to its view while the finger stayed down: the rest of its life, not delivered.
    let cut = lane.deliveries.last.flatMap { $0.phase == "cancelled" && lane.hasInput ? $0.time : nil }
    let solidEnd = min(cut ?? end, end)
    shapes.append(
      .rect(
        Rect(x: x(lane.start), y: middle - 3, width: max(x(solidEnd) - x(lane.start), 2), height: 6),
        Self.faint))
    if let cut, end > cut {
      shapes.append(
        .rect(Rect(x: x(cut), y: middle - 1, width: x(end) - x(cut), height: 2), Self.notDelivered))
    }
    if let lift = lane.inputEnd {
      shapes.append(
        .line(Point(x: x(lift), y: middle - 8), Point(x: x(lift), y: middle + 8), Self.ink, width: 1.5))
    }
    for delivery in lane.deliveries {
      let color = Self.phaseColors.first { $0.0 == delivery.phase }?.1 ?? Self.ink
      let size = delivery.phase == "moved" ? 6.0 : 10.0
      let mark = Rect(x: x(delivery.time) - size / 2, y: middle - size / 2, width: size, height: size)
      shapes.append(.rect(mark, color))
      // Withheld, then released: hollow, with a thin line back to the input it reports.
      if let since = delivery.since {
        shapes.append(.rect(mark.insetBy(dx: 2.5, dy: 2.5), .white))
        shapes.append(
          .line(Point(x: x(since), y: middle + 8), Point(x: mark.minX, y: middle + 8), color, width: 1))
        shapes.append(
          .line(Point(x: x(since), y: middle + 4), Point(x: x(since), y: middle + 12), color, width: 1))
      }
    }
  }

  private mutating func recognizerLane(
    _ lane: Timeline.RecognizerLane, y: Double, x: (Double) -> Double, end: Double, causes: [Int: String],
    touchStarts: [(start: Double, view: String)]
  ) {
    let middle = y + Self.laneHeight / 2
    shapes.append(
      .text(
        "\(lane.name) (\(lane.kind)) · \(lane.view)", Point(x: 10, y: middle + 4), size: 12, Self.ink,
        centered: false))
    shapes.append(
      .line(
        Point(x: labelWidth, y: middle), Point(x: labelWidth + plotWidth, y: middle),
        Self.faint, width: 0.5))
    var bandStart: Double?
    // Where the next labelled mark of the lane is, after each change (one pass from the end):
    // a cause is written only where it fits.
    var nextLabel: [Int: Double] = [:]
    var following = labelWidth + plotWidth + 90
    for change in lane.changes.reversed() {
      nextLabel[change.order] = following
      if ["ended", "recognized", "failed", "cancelled"].contains(change.state) || causes[change.order] != nil
      {
        following = x(change.time)
      }
    }
    func fitting(_ text: String, _ short: String?, after change: Timeline.StateChange) -> String? {
      let room = (nextLabel[change.order] ?? following) - x(change.time) - 12
      if Double(text.count) * 5.6 <= room { return text }
      return short.flatMap { Double($0.count) * 5.6 <= room ? $0 : nil }
    }
    // An attempt is possible from the first touch that came down since the last one ended: on
    // the recognizer's view, or (a recognizer of an ancestor, which the log cannot tell) any.
    var lastEnd = -Double.infinity
    var attempting = false
    // The touches by start: the first one at or after `lastEnd` found by halving.
    func attemptStart(before time: Double) -> Double? {
      var low = 0
      var high = touchStarts.count
      while low < high {
        let middle = (low + high) / 2
        if touchStarts[middle].start < lastEnd { low = middle + 1 } else { high = middle }
      }
      let recent = touchStarts[low...].prefix { $0.start < time }
      return (recent.first { $0.view == lane.view } ?? recent.first)?.start
    }
    for change in lane.changes {
      if !attempting, let from = attemptStart(before: change.time) {
        shapes.append(
          .rect(
            Rect(x: x(from), y: middle - 4, width: x(change.time) - x(from), height: 8), Self.possibleColor))
      }
      attempting = true
      if change.state == "began" { bandStart = change.time }
      let terminal = ["ended", "recognized", "failed", "cancelled"].contains(change.state)
      if terminal, let from = bandStart {
        shapes.append(
          .rect(
            Rect(x: x(from), y: middle - 7, width: max(x(change.time) - x(from), 2), height: 14),
            Self.stateColors[0].1))
        bandStart = nil
      }
      if change.state != "failed" {
        shapes.append(
          .line(
            Point(x: x(change.time), y: middle - 9), Point(x: x(change.time), y: middle + 9), Self.ink,
            width: 1))
      }
      if terminal {
        lastEnd = change.time
        attempting = false
      }
      let cause = causes[change.order]
      if terminal {
        let color = Self.stateColors.first { $0.0.contains(change.state) }?.1 ?? Self.ink
        shapes.append(.rect(Rect(x: x(change.time) - 5, y: middle - 5, width: 10, height: 10), color))
        if let label = fitting(cause ?? change.state, change.state, after: change) {
          shapes.append(
            .text(label, Point(x: x(change.time) + 8, y: middle - 4), size: 10, color, centered: false))
        }
      } else if let cause, let label = fitting(cause, nil, after: change) {
        shapes.append(
          .text(label, Point(x: x(change.time) + 8, y: middle - 4), size: 10, Self.ink, centered: false))
      }
    }
    if let from = bandStart {
      shapes.append(
        .rect(
          Rect(x: x(from), y: middle - 7, width: max(x(end) - x(from), 2), height: 14), Self.stateColors[0].1)
      )
    }
  }

  /// What a legend entry shows before its words.
  enum LegendMark {
    /// A group's title, on a new row.
    case title
    /// A filled square of the colour.
    case square(Color)
    /// A hollow square: a delivery withheld and released later.
    case hollow
    /// The thin bar of a touch no longer delivered.
    case thinBar
    /// A tick: a lift, or an action call.
    case tick
  }

  /// The legend's entries in order: the touches' marks, then the recognizers'.
  static let legendEntries: [(mark: LegendMark, label: String)] =
    [(.title, "deliveries:")] + phaseColors.map { (.square($0.1), $0.0) }
    + [(.hollow, "withheld, released later"), (.thinBar, "not delivered"), (.tick, "lift")]
    + [(.title, "recognizers:"), (.square(possibleColor), "possible")]
    + stateColors.map { (.square($0.1), $0.0) }
    + [(.tick, "an action call")]

  /// Where each legend entry goes in a picture `width` wide (its left edge and row), each
  /// group on a new row and an entry that would pass the right edge on the next, and how many
  /// rows that takes.
  static func legendLayout(width: Double) -> (places: [(x: Double, row: Int)], rows: Int) {
    var places: [(x: Double, row: Int)] = []
    var x = 10.0
    var row = -1
    for (mark, label) in legendEntries {
      var isTitle = false
      if case .title = mark { isTitle = true }
      let wide = (isTitle ? 10 : 24) + Double(label.count) * 6.5
      if isTitle {
        row += 1
        x = 10
      } else if x + wide > width - 10, x > 10 {
        row += 1
        x = 10
      }
      places.append((x, row))
      x += wide
    }
    return (places, row + 1)
  }

  /// The legend, its first row at `y`.
  private mutating func legend(y: Double) {
    for ((mark, label), place) in zip(Self.legendEntries, Self.legendLayout(width: width).places) {
      let x = place.x
      let y = y + 20 * Double(place.row)
      var textX = x + 14
      switch mark {
      case .title: textX = x
      case .square(let color): shapes.append(.rect(Rect(x: x, y: y - 5, width: 10, height: 10), color))
      case .hollow:
        let hollow = Rect(x: x, y: y - 5, width: 10, height: 10)
        shapes.append(.rect(hollow, Self.ink))
        shapes.append(.rect(hollow.insetBy(dx: 2.5, dy: 2.5), .white))
      case .thinBar: shapes.append(.rect(Rect(x: x, y: y - 1, width: 10, height: 2), Self.notDelivered))
      case .tick:
        shapes.append(.line(Point(x: x + 4, y: y - 6), Point(x: x + 4, y: y + 6), Self.ink, width: 1.5))
      }
      shapes.append(.text(label, Point(x: textX, y: y + 4), size: 11, Self.ink, centered: false))
    }
  }

  /// A number of milliseconds without a needless fraction.
  static func number(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
