import Foundation
import GestureKit
import TestSupport
import Testing

@testable import Playground

/// Memory of this process from /proc/self/status, in kB.
enum ProcessMemory {
  /// `VmRSS` (current) or `VmHWM` (peak since start or the last reset), in kB.
  static func read(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
  }

  /// Resets `VmHWM` to the current RSS (Linux ≥ 4.0); false when the kernel refuses.
  static func resetPeak() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    defer { fclose(file) }
    return fputs("5", file) >= 0
  }
}

/// Realistic random seat input for whatever scene a ``Replay`` shows: drags, taps, long
/// presses, pinches, pointer drags, wheel scrolls, touchpad gestures, the occasional Esc, R
/// or D, and a Tab to the next scene every `eventsPerScene` events.
struct SessionInputGenerator {
  var random: SplitMix64
  /// Events between scene switches.
  var eventsPerScene: Int
  /// The virtual time of the next event.
  private(set) var time = 0.0
  /// Events sent so far.
  private(set) var events = 0
  private var sinceSwitch = 0

  init(seed: UInt64, eventsPerScene: Int) {
    random = SplitMix64(seed: seed)
    self.eventsPerScene = eventsPerScene
  }

  /// Sends one gesture's worth of events (a few to a few dozen) to `replay`.
  mutating func step(_ replay: Replay) {
    let size = replay.window.size
    func point() -> Point {
      Point(
        x: Double.random(in: 0...size.width, using: &random),
        y: Double.random(in: 0...size.height, using: &random))
    }
    if sinceSwitch >= eventsPerScene {
      sinceSwitch = 0
      send(.key(name: "Tab", pressed: true), replay)
      send(.key(name: "Tab", pressed: false), replay)
      return
    }
    switch random.int(0...11) {
    case 0...3:  // one-finger drag
      let id = random.int(0...9)
      var p = point()
      send(.touchDown(id: id, location: p), replay)
      send(.touchFrame, replay)
      for _ in 0..<random.int(2...30) {
        p.x += Double.random(in: -12...12, using: &random)
        p.y += Double.random(in: -12...12, using: &random)
        send(.touchMotion(id: id, location: p), replay)
        send(.touchFrame, replay)
      }
      send(.touchUp(id: id), replay)
      send(.touchFrame, replay)
    case 4:  // tap, sometimes a long press
      let p = point()
      send(.touchDown(id: 0, location: p), replay)
      send(.touchFrame, replay)
      if random.chance(0.3) { time += 0.7 }
      send(.touchUp(id: 0), replay)
      send(.touchFrame, replay)
    case 5, 6:  // two-finger pinch / rotate
      var a = point()
      var b = point()
      send(.touchDown(id: 1, location: a), replay)
      send(.touchDown(id: 2, location: b), replay)
      send(.touchFrame, replay)
      for _ in 0..<random.int(2...20) {
        a.x -= 3
        b.x += 3
        a.y += Double.random(in: -4...4, using: &random)
        send(.touchMotion(id: 1, location: a), replay)
        send(.touchMotion(id: 2, location: b), replay)
        send(.touchFrame, replay)
      }
      if random.chance(0.1) {
        send(.touchCancel, replay)
      } else {
        send(.touchUp(id: 1), replay)
        send(.touchUp(id: 2), replay)
        send(.touchFrame, replay)
      }
    case 7:  // mouse drag
      var p = point()
      send(.pointerEnter(location: p), replay)
      send(.pointerButton(button: 272, pressed: true), replay)
      send(.pointerFrame, replay)
      for _ in 0..<random.int(2...20) {
        p.x += Double.random(in: -10...10, using: &random)
        send(.pointerMotion(location: p), replay)
        send(.pointerFrame, replay)
      }
      send(.pointerButton(button: 272, pressed: false), replay)
      send(.pointerFrame, replay)
      if random.chance(0.3) { send(.pointerLeave, replay) }
    case 8:  // wheel
      send(.pointerMotion(location: point()), replay)
      for _ in 0..<random.int(1...8) {
        send(.pointerAxis(axis: .vertical, value: 15, source: .wheel, discrete: 1), replay)
        send(.pointerFrame, replay)
      }
    case 9:  // touchpad pinch and swipe
      send(.pinchBegin(fingers: 2), replay)
      for _ in 0..<random.int(1...10) {
        send(.pinchUpdate(delta: Point(x: 1, y: 0), scale: 1.05, rotation: 2), replay)
      }
      send(.pinchEnd(cancelled: random.chance(0.2)), replay)
      send(.swipeBegin(fingers: 3), replay)
      send(.swipeUpdate(delta: Point(x: 5, y: 0)), replay)
      send(.swipeEnd(cancelled: false), replay)
    case 10:  // a key: Esc, R or D
      let key = random.pick(["Escape", "r", "d"])
      send(.key(name: key, pressed: true), replay)
      send(.key(name: key, pressed: false), replay)
    default:  // a pause for timers
      time += Double.random(in: 0...1, using: &random)
      send(.pointerMotion(location: point()), replay)
    }
  }

  private mutating func send(_ event: SeatEvent, _ replay: Replay) {
    time += 1.0 / 120
    replay.clock.advance(to: time)
    replay.translator.handle(event, at: time)
    events += 1
    sinceSwitch += 1
  }
}

/// A long session replayed across every bundled scene keeps memory flat.
/// `GP_REPLAY_EVENTS` sets the events after warm-up (`make soak`: 1,000,000, checked alone
/// in its process, so the peak RSS growth is asserted to be at most 8 MB; `make test` runs
/// 50,000 alongside other tests and only reports the figures).
@Suite("Long replay")
struct LongReplayTests {
  @Test("a long random session across all scenes keeps peak RSS flat")
  func longSession() throws {
    let environment = ProcessInfo.processInfo.environment["GP_REPLAY_EVENTS"].flatMap { Int($0) }
    let target = environment ?? 50_000
    let catalog = SceneCatalog.bundled()
    #expect(catalog.entries.count >= 14)
    let first = try catalog.entries[0].load()
    var lines = 0
    let replay = Replay(scene: first, log: EventLog { _ in lines += 1 }, catalog: catalog)
    var input = SessionInputGenerator(seed: 0x10AD_5E55, eventsPerScene: 1500)
    // Warm-up: every scene shown (and read) twice.
    while input.events < 1500 * catalog.entries.count * 2 { input.step(replay) }
    let warmUp = input.events
    let resetOK = ProcessMemory.resetPeak()
    let start = ProcessMemory.read("VmRSS")
    var sampledPeak = start
    let started = ContinuousClock.now
    var nextSample = input.events + 5000
    while input.events < warmUp + target {
      input.step(replay)
      if input.events >= nextSample {
        sampledPeak = max(sampledPeak, ProcessMemory.read("VmRSS"))
        nextSample += 5000
      }
    }
    let elapsed = ContinuousClock.now - started
    let end = ProcessMemory.read("VmRSS")
    let peak = max(sampledPeak, end, resetOK ? ProcessMemory.read("VmHWM") : 0)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      "long replay: \(input.events - warmUp) events (after \(warmUp) warm-up) over \(catalog.entries.count) scenes, "
        + "\(lines) log lines, \(String(format: "%.1f", seconds)) s, RSS start \(start) kB, peak \(peak) kB, "
        + "end \(end) kB, peak growth \(peak - start) kB")
    if environment != nil {
      #expect(peak - start <= 8 * 1024, "peak RSS grew by \(peak - start) kB")
    }
  }
}
