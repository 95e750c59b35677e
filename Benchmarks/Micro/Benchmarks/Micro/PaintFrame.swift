// A frame of a finger drawing on a paint canvas (`"touchHandler": "paint"`) that already
// holds N samples: one motion, its damage, and the repair of that damage. The canvas damages
// only around the new sample and skips the strokes and segments outside the repair, so a
// frame costs what the ink in the repaired rows costs, not what the whole canvas holds.
import Benchmark
import CairoRenderer
import GestureKit
import Glibc
import Playground

/// Registers the paint rows: canvases of 1,000 to 100,000 samples over a 1920x1080 window.
func paintFrameBenchmarks(configuration: Benchmark.Configuration) {
  for samples in [1000, 10000, 100_000] {
    Benchmark(
      "Paint frame, 1920x1080 canvas of \(samples) samples, damage only", configuration: configuration
    ) {
      benchmark, paint in
      for _ in benchmark.scaledIterations {
        paint.frame()
      }
    } setup: {
      try PaintScene(samples: samples)
    }
  }
}

/// A window that is one paint canvas, filled with strokes of 200 samples each in wavy rows
/// across it, and a finger down on it that circles on.
final class PaintScene {
  let window: Window
  let renderer = Renderer()
  let tracker = DamageTracker()
  let frameImage = makeFrame()
  var time = 0.0
  var step = 0

  init(samples: Int) throws {
    let json = """
      {"name": "paint", "size": [\(frameWidth), \(frameHeight)], "views": [
        {"id": "canvas", "frame": [0, 0, \(frameWidth), \(frameHeight)], "fill": "#21252b",
         "touchHandler": "paint"}]}
      """
    let scene = try Scene(json: json, fileName: "paint.json")
    window = Window(size: scene.size, clock: VirtualClock())
    _ = scene.install(in: window)
    for stroke in 0..<(samples / 200) {
      let y = 40 + Double((stroke * 13) % 1000)
      send(.down, Point(x: 40, y: y))
      for i in 1..<200 {
        send(.motion, Point(x: 40 + Double((i * 9) % 1840), y: y + 20 * sin(Double(i) / 5)))
      }
      send(.up, Point(x: 40, y: y))
    }
    send(.down, circlePoint())
    renderer.render(window, background: background, into: frameImage.buffer, scale: 1)
    _ = tracker.takeDamage(of: window)
  }

  /// Where the circling finger is at the current step: 9 px apart on a circle of radius 300.
  func circlePoint() -> Point {
    let angle = Double(step) * 0.03
    return Point(x: 960 + 300 * cos(angle), y: 540 + 300 * sin(angle))
  }

  func send(_ kind: TouchInput.Kind, _ location: Point) {
    time += 0.008
    window.send(InputFrame(timestamp: time, touches: [TouchInput(kind: kind, id: 0, location: location)]))
  }

  /// One motion of the circling finger and the repair of its damage.
  func frame() {
    step += 1
    send(.motion, circlePoint())
    let damage = tracker.takeDamage(of: window)
    renderer.render(window, background: background, into: frameImage.buffer, scale: 1, damage: damage)
    blackHole(damage)
  }
}
