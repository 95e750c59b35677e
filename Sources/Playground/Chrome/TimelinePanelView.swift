import CairoRenderer
import GestureKit

/// The live timeline (T, or the strip's timeline button): the last `seconds` of the event
/// log as a ``TimelinePicture``, over the lower part of the scene, redrawn as lines arrive.
/// Hidden, it keeps nothing (the session only feeds it while it is shown); never hit.
public final class TimelinePanelView: View, CustomDrawing {
  /// How much of the past it shows, in seconds.
  public static let seconds = 4.0
  /// The most lanes it shows (the latest).
  static let maximumLanes = 8

  private var timeline = Timeline(keepsLatest: true)

  /// A hidden panel.
  public init() {
    super.init(frame: Rect(x: 0, y: 0, width: 400, height: 200))
    identifier = "chrome.timeline-panel"
    isUserInteractionEnabled = false
    isHidden = true
    clipsToBounds = true
  }

  /// Lays the panel over the bottom of `area` (the scene's part of the window), as tall as
  /// its lanes need and at most half of it.
  func layOut(in area: Rect) {
    let height = min(area.height / 2, TimelinePicture.height(lanes: Self.maximumLanes, width: area.width))
    frame = Rect(x: area.minX, y: area.maxY - height, width: area.width, height: height)
  }

  /// Adds one line of the event log, forgets what is older than `seconds`, and redraws.
  public func add(logLine line: String) {
    timeline.add(logLine: line)
    if let end = timeline.end { timeline.forget(before: end - Self.seconds * 1000) }
    setNeedsDisplay()
  }

  /// Adds what `touch` did as input (`Timeline.add(input:of:at:)`).
  public func add(input phase: TouchPhase, of touch: Touch, at seconds: Double) {
    timeline.add(input: phase, of: touch, at: seconds)
    setNeedsDisplay()
  }

  /// Forgets everything.
  public func reset() {
    timeline = Timeline(keepsLatest: true)
    setNeedsDisplay()
  }

  /// The last `seconds` up to the latest line, clipped to the panel.
  public func draw(in context: DrawingContext) {
    let end = timeline.end ?? 0
    // As many of the latest lanes as leave room for the axis and the legend.
    let room = Int(
      (bounds.height - TimelinePicture.height(lanes: 0, width: bounds.width)) / TimelinePicture.laneHeight)
    var shown = timeline
    shown.keepLatest(lanes: max(1, min(Self.maximumLanes, room)))
    TimelinePicture(shown, width: bounds.width, range: (end - Self.seconds * 1000)...end, labelsFrom: end)
      .draw(in: context)
  }
}
