import GestureKit
import Glibc

/// The event log of the playground (docs/FORMATS.md): one JSON object per line, for every
/// recognizer transition and `changed` update, every delivery of touches to a view's own
/// handlers, and a `final` line with every view's geometry.
///
/// Numbers are written with at most three decimals; times are the window's (seconds).
public final class EventLog: WindowObserver {
  private let write: (String) -> Void
  /// The scene whose recognizers are logged (for the `kind` of each gesture).
  public var scene: InstalledScene?
  /// The view whose subtree the `final` line lists (a session's scene container); the
  /// window's root view when nil.
  public weak var sceneRoot: View?

  /// Told what each touch did as input (went down, lifted, was cancelled), with the window's
  /// time: what a timeline needs to draw a touch's whole life. Nothing of it is written to
  /// the log.
  public var onInput: ((_ phase: TouchPhase, _ touch: Touch, _ time: Double) -> Void)?

  /// A log that hands each finished line (without newline) to `write`.
  public init(write: @escaping (String) -> Void) {
    self.write = write
  }

  /// Logs a delivery to a view's own touch handlers; one that was withheld (by
  /// `delaysTouchesBegan` or `delaysTouchesEnded`) and is released now carries `since`, the
  /// time of the input it reports for each touch, in the order of `ids`.
  public func window(_ window: Window, didDeliver phase: TouchPhase, touches: [Touch], to view: View) {
    let ids = touches.map { String($0.id) }.joined(separator: ",")
    var since = ""
    let now = window.currentTime
    // The time of the input reported, for a began or an ended delivery.
    let reported: ((Touch) -> Double)? =
      switch phase {
      case .began: { $0.startTimestamp }
      case .ended: { $0.timestamp }
      default: nil
      }
    if let reported, touches.contains(where: { reported($0) < now - 1e-9 }) {
      since = #","since":[\#(touches.map { Self.number(reported($0)) }.joined(separator: ","))]"#
    }
    write(
      #"{"t":\#(Self.number(now)),"type":"touches","view":\#(Self.string(view.identifier ?? "")),"phase":"\#(phase)","ids":[\#(ids)]\#(since)\#(Self.pencils(touches))}"#
    )
  }

  /// The pencil keys of a delivery of `touches`, when some are pencils (none otherwise, so a
  /// log of fingers and the pointer is what it was): `pencils`, their ids, and `force`,
  /// their force (0 to `Touch.pencilMaximumForce`), in the same order, and `erasers`, the
  /// ids of those that are erasers, when some are.
  static func pencils(_ touches: [Touch]) -> String {
    let pencils = touches.filter { $0.type == .pencil }
    guard !pencils.isEmpty else { return "" }
    var keys = #","pencils":[\#(pencils.map { String($0.id) }.joined(separator: ","))]"#
    keys += #","force":[\#(pencils.map { number($0.force) }.joined(separator: ","))]"#
    let erasers = pencils.filter(\.isEraser)
    if !erasers.isEmpty { keys += #","erasers":[\#(erasers.map { String($0.id) }.joined(separator: ","))]"# }
    return keys
  }

  /// Passes the input to ``onInput``; writes nothing.
  public func window(_ window: Window, didReceive phase: TouchPhase, of touch: Touch) {
    onInput?(phase, touch, window.currentTime)
  }

  /// Logs a recognizer transition or `changed` update.
  public func window(
    _ window: Window, recognizer: GestureRecognizer, didEnter state: GestureRecognizer.State
  ) {
    let stateName = recognizer.isDiscrete && state == .ended ? "recognized" : "\(state)"
    var line =
      #"{"t":\#(Self.number(window.currentTime)),"type":"gesture","gesture":\#(Self.string(recognizer.name ?? "")),"kind":\#(Self.string(scene?.kindName(of: recognizer) ?? "custom")),"view":\#(Self.string(recognizer.view?.identifier ?? "")),"state":"\#(stateName)""#
    line +=
      #","location":\#(Self.point(recognizer.location(in: sceneRoot))),"touches":\#(recognizer.numberOfTouches)"#
    write(line + Self.kindSpecificKeys(of: recognizer, in: state) + "}")
  }

  /// The keys of FORMATS.md for the recognizer's kind, each starting with a comma: pan and
  /// screen-edge pan `translation`, `velocity` (in the superview's space); pinch `scale`,
  /// `velocity`; rotation `rotation`, `velocity`; tap `taps` (the taps required); swipe
  /// `direction` (the way it went when recognized, otherwise the allowed directions,
  /// comma-separated); circle `radius` when recognized.
  static func kindSpecificKeys(of recognizer: GestureRecognizer, in state: GestureRecognizer.State) -> String
  {
    switch recognizer {
    case let pan as PanGestureRecognizer:
      let space = recognizer.view?.superview
      return
        #","translation":\#(point(pan.translation(in: space))),"velocity":\#(point(pan.velocity(in: space)))"#
    case let pinch as PinchGestureRecognizer:
      return #","scale":\#(number(pinch.scale)),"velocity":\#(number(pinch.velocity))"#
    case let rotation as RotationGestureRecognizer:
      return #","rotation":\#(number(rotation.rotation)),"velocity":\#(number(rotation.velocity))"#
    case let tap as TapGestureRecognizer:
      return #","taps":\#(tap.numberOfTapsRequired)"#
    case let swipe as SwipeGestureRecognizer:
      let travelled = state == .recognized ? SwipeDirections.travelled(by: swipe) : nil
      return #","direction":\#(string(SwipeDirections.name(of: travelled ?? swipe.direction)))"#
    case let circle as CircleGestureRecognizer where state == .recognized:
      return #","radius":\#(number(circle.radius))"#
    default:
      return ""
    }
  }

  /// Logs the `final` line: every view of the tree with center, scale, rotation and z.
  public func writeFinal(_ window: Window) {
    var views: [String] = []
    func visit(_ view: View) {
      for (z, child) in view.subviews.enumerated() {
        views.append(
          #"{"id":\#(Self.string(child.identifier ?? "")),"center":\#(Self.point(child.center)),"scale":\#(Self.number(child.transform.scale)),"rotation":\#(Self.number(child.transform.rotation)),"z":\#(z)}"#
        )
        visit(child)
      }
    }
    visit(sceneRoot ?? window.rootView)
    write(
      #"{"t":\#(Self.number(window.currentTime)),"type":"final","views":[\#(views.joined(separator: ","))]}"#)
  }

  /// Logs a switch to another scene (the picker) at `time`:
  /// `{"t":…,"type":"scene","scene":NAME,"title":TITLE}`.
  public func writeSceneChange(to scene: Scene, at time: Double) {
    write(
      #"{"t":\#(Self.number(time)),"type":"scene","scene":\#(Self.string(scene.name)),"title":\#(Self.string(scene.title))}"#
    )
  }

  /// A finite number with at most three decimals (non-finite values become 0: JSON has none).
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0.0" }
    // Beyond 2^53 / 1000 a thousandth is below a double's precision (and `value * 1000` can
    // overflow to infinity, which is not JSON): the number as it is.
    guard abs(value) < 9e12 else { return "\(value)" }
    let rounded = (value * 1000).rounded() / 1000
    return "\(rounded == 0 ? 0 : rounded)"
  }

  /// `[x,y]`.
  static func point(_ point: Point) -> String {
    "[\(number(point.x)),\(number(point.y))]"
  }

  /// A JSON string literal.
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
