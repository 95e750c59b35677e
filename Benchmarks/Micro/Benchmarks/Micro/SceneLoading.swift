// Reading and building a scene of 100 000 views (issue 23): the JSON text is made once, then
// each iteration parses, checks and builds it, as `--scene FILE` does. Linear in the views,
// flat or nested to the depth the JSON parser allows (chains 250 views deep).
import Benchmark
import GestureKit
import Playground

/// A scene of `count` 6x6 views: side by side at the top level, or in chains `depth` deep.
func sceneText(views count: Int, depth: Int) -> String {
  var text = #"{"name": "large", "size": [800, 800], "views": ["#
  var made = 0
  var firstChain = true
  while made < count {
    let length = min(depth, count - made)
    text += firstChain ? "" : ","
    firstChain = false
    for level in 0..<length {
      text += ##"{"id": "v\##(made + level)", "frame": [1, 1, 6, 6], "fill": "#ff0000""##
      text += level + 1 < length ? #", "children": ["# : "}"
    }
    text += String(repeating: "]}", count: length - 1)
    made += length
  }
  return text + "]}"
}

func sceneLoadingBenchmarks() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 1,
    maxDuration: .seconds(10), maxIterations: 5)
  for (name, depth) in [("flat", 1), ("nested 250 deep", 250)] {
    Benchmark("Scene load and build, 100000 views, \(name)", configuration: configuration) { benchmark, text in
      for _ in benchmark.scaledIterations {
        let scene = try Scene(json: text, fileName: "large.json")
        let container = View(frame: Rect(x: 0, y: 0, width: 800, height: 800))
        blackHole(scene.install(into: container))
      }
    } setup: {
      sceneText(views: 100_000, depth: depth)
    }
  }
}
