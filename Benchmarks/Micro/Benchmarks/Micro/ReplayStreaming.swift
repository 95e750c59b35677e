// A long trace replayed as a stream (issue 23): one finger down on the `cards` scene's red
// card, then `count` motions (each with its frame), then up. Each iteration checks and plays
// the whole file, writing the event log to nowhere; peak memory must not grow with `count`
// and time must grow in proportion (`make soak` replays 10 million motions).
import Benchmark
import Glibc
import Playground

/// Writes the trace of `count` motions to a temporary file and returns its path.
func writeLongTrace(motions count: Int) -> String {
  let path = "/tmp/gp-bench-trace-\(getpid())-\(count).jsonl"
  guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
  defer { fclose(file) }
  fputs(
    #"{"t":0,"type":"touch.down","id":0,"x":200,"y":300}"# + "\n" + #"{"t":0,"type":"touch.frame"}"# + "\n",
    file)
  var t = 0.0
  for index in 0..<count {
    t += 0.001
    let time = String(format: "%.3f", t)
    fputs(
      #"{"t":\#(time),"type":"touch.motion","id":0,"x":\#(200 + index % 400),"y":300}"# + "\n"
        + #"{"t":\#(time),"type":"touch.frame"}"# + "\n", file)
  }
  fputs(#"{"t":\#(t + 0.001),"type":"touch.up","id":0}"# + "\n", file)
  return path
}

func replayStreamingBenchmarks() {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
    maxDuration: .seconds(60), maxIterations: 3)
  for count in [10_000, 100_000, 1_000_000] {
    Benchmark("Replay as a stream, \(count) motions", configuration: configuration) { benchmark, path in
      for _ in benchmark.scaledIterations {
        let scene = try SceneLibrary.load("cards")
        let replay = Replay(scene: scene, log: EventLog { blackHole($0) })
        try replay.play(try TraceFile.check(path: path))
        replay.finish()
      }
    } setup: {
      writeLongTrace(motions: count)
    } teardown: {
      unlink("/tmp/gp-bench-trace-\(getpid())-\(count).jsonl")
    }
  }
}
