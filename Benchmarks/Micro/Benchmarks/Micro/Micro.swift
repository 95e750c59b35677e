// The micro-benchmarks of issue 6 (item 4). Each benchmark's iteration is one unit of what
// its name says: one motion event (a finger's, or the mouse's dragging or hovering), one hit
// test, one velocity sample, one frame, one memset.
import Benchmark
import CairoRenderer
import GestureKit
import Glibc

/// One window size for every rendering benchmark: a 1080p output at scale 1.
let frameWidth = 1920
let frameHeight = 1080

/// What drives the card of a ``DragScene``.
enum DragInput {
  /// A finger down on the card.
  case touch
  /// The mouse with its left button held on the card: the pointer's emulated touch drags it
  /// (every motion is also a hover update).
  case pointerDrag
  /// The mouse moving over the card, no button held: hover only (no hover recognizer in the
  /// scene), plus the cursor's query of the view under the pointer.
  case pointerHover
}

/// A window of `count` 40x30 cards in rows over 1920x1080 (overlapping when many), plus a
/// 200x150 card on top at (100, 100) with a pan that drags it, and a finger (or the mouse)
/// down on it. `cardAtBack`: the card is added first, under every other card, and those fill
/// the window's right half only, clear of the card's path.
final class DragScene {
  let window = Window(
    size: Size(width: Double(frameWidth), height: Double(frameHeight)), clock: VirtualClock())
  let card = View(frame: Rect(x: 100, y: 100, width: 200, height: 150))
  let translator: SeatInputTranslator
  var start = Point.zero
  var time = 0.0
  var step = 0
  /// The window's changes and their damage, reused from frame to frame as the app's loop
  /// reuses them.
  var changes = ViewChanges()
  var damage: [Rect] = []
  let tracker = DamageTracker()
  let input: DragInput

  init(views count: Int, input: DragInput = .touch, cardAtBack: Bool = false) {
    self.input = input
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 12), fill: Color(red: 0.9, green: 0.3, blue: 0.2), stroke: .white,
      label: "Drag")
    if cardAtBack { window.rootView.addSubview(card) }
    let columns = cardAtBack ? 24 : 48
    let left = cardAtBack ? Double(frameWidth / 2) : 0
    for index in 0..<count {
      let view = View(
        frame: Rect(
          x: left + Double(index % columns) * 40, y: Double((index / columns) % 36) * 30, width: 38,
          height: 28))
      view.style = ViewStyle(shape: .roundRect(cornerRadius: 4), fill: Color(red: 0.2, green: 0.4, blue: 0.8))
      window.rootView.addSubview(view)
    }
    if !cardAtBack { window.rootView.addSubview(card) }
    let card = card
    var initial = Point.zero
    card.addGestureRecognizer(
      PanGestureRecognizer(action: { recognizer in
        guard let pan = recognizer as? PanGestureRecognizer else { return }
        if pan.state == .began { initial = card.center }
        card.center = initial + pan.translation(in: card.superview)
      }))
    translator = SeatInputTranslator(window: window)
    switch input {
    case .touch:
      translator.handle(.touchDown(id: 0, location: Point(x: 200, y: 175)), at: 0)
      translator.handle(.touchFrame, at: 0)
    case .pointerDrag, .pointerHover:
      translator.handle(.pointerEnter(location: Point(x: 200, y: 175)), at: 0)
      translator.handle(.pointerFrame, at: 0)
      if input == .pointerDrag {
        translator.handle(.pointerButton(button: SeatEvent.leftButton, pressed: true), at: 0)
        translator.handle(.pointerFrame, at: 0)
      }
    }
    for _ in 0..<30 { move() }
    takeDamage()
  }

  /// A frame's damage: the window's changes since the last frame, turned into rectangles by
  /// the tracker (into `damage`).
  func takeDamage() {
    window.takeChanges(into: &changes)
    damage.removeAll(keepingCapacity: true)
    tracker.damage(for: changes, in: window, into: &damage)
  }

  /// One 120 Hz motion event: the finger (or the pointer) goes right and back in 3 px steps
  /// (hovering, 0.5 px steps: it stays over the card).
  func move() {
    time += 1.0 / 120
    step += 1
    let location: Point
    switch input {
    case .touch, .pointerDrag:
      location = Point(x: 200 + Double(abs(step % 200 - 100)) * 3, y: 175 + Double(step % 7))
    case .pointerHover:
      location = Point(x: 200 + Double(abs(step % 200 - 100)) * 0.5, y: 175 + Double(step % 7))
    }
    switch input {
    case .touch:
      translator.handle(.touchMotion(id: 0, location: location), at: time)
      translator.handle(.touchFrame, at: time)
    case .pointerDrag:
      translator.handle(.pointerMotion(location: location), at: time)
      translator.handle(.pointerFrame, at: time)
    case .pointerHover:
      translator.handle(.pointerMotion(location: location), at: time)
      translator.handle(.pointerFrame, at: time)
      // What the cursor asks at the end of the pointer frame.
      blackHole(window.cachedHitTest(location))
    }
  }
}

/// A pixel buffer of the benchmark frame size.
func makeFrame() -> Image {
  Image(width: frameWidth, height: frameHeight)
}

let background = Color(red: 0.12, green: 0.12, blue: 0.14)

let benchmarks: @Sendable () -> Void = {
  let quick = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, warmupIterations: 100,
    maxDuration: .seconds(2), maxIterations: 20_000)
  let frames = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 5,
    maxDuration: .seconds(3), maxIterations: 300)

  for count in [10, 100, 1000, 10000] {
    Benchmark("Motion dispatch, \(count) views", configuration: quick) { benchmark, scene in
      for _ in benchmark.scaledIterations {
        scene.move()
        scene.takeDamage()
      }
    } setup: {
      DragScene(views: count)
    }
  }

  for count in [10, 100, 1000, 10000] {
    Benchmark("Pointer drag motion, \(count) views", configuration: quick) { benchmark, scene in
      for _ in benchmark.scaledIterations {
        scene.move()
        scene.takeDamage()
      }
    } setup: {
      DragScene(views: count, input: .pointerDrag)
    }
    Benchmark("Pointer hover motion, \(count) views", configuration: quick) { benchmark, scene in
      for _ in benchmark.scaledIterations {
        scene.move()
        scene.takeDamage()
      }
    } setup: {
      DragScene(views: count, input: .pointerHover)
    }
  }

  for depth in [1, 10, 100, 1000] {
    Benchmark("Hit test, depth \(depth)", configuration: quick) { (benchmark: Benchmark, window: Window) in
      for _ in benchmark.scaledIterations {
        blackHole(window.hitTest(Point(x: 960, y: 540)))
      }
    } setup: {
      // Nested views, each 1 px inside its parent, all containing the point.
      let window = Window(size: Size(width: 1920, height: 1080), clock: VirtualClock())
      var parent = window.rootView
      for level in 0..<depth {
        let inset = Double(level % 400)
        let child = View(frame: Rect(x: 1, y: 1, width: 1900 - 2 * inset, height: 1060 - 2 * inset))
        parent.addSubview(child)
        parent = child
      }
      return window
    }
  }

  for breadth in [10, 100, 1000, 10000] {
    Benchmark("Hit test, breadth \(breadth)", configuration: quick) {
      (benchmark: Benchmark, window: Window) in
      for _ in benchmark.scaledIterations {
        blackHole(window.hitTest(Point(x: 5, y: 5)))
      }
    } setup: {
      // Siblings side by side; the point hits the back-most, so every sibling is tried.
      let window = Window(size: Size(width: 1920, height: 1080), clock: VirtualClock())
      for index in 0..<breadth {
        window.rootView.addSubview(
          View(
            frame: Rect(x: Double(index % 190) * 10, y: Double(index / 190 % 100) * 10, width: 10, height: 10)
          ))
      }
      return window
    }
  }

  Benchmark("Velocity, one sample and estimate", configuration: quick) { benchmark in
    var tracker = VelocityTracker()
    var time = 0.0
    for _ in benchmark.scaledIterations {
      time += 1.0 / 120
      tracker.addSample(Point(x: time * 300, y: time * 100), at: time)
      blackHole(tracker.velocity(at: time))
    }
  }

  Benchmark("Frame 1920x1080, dragged card, damage only", configuration: frames) {
    (benchmark: Benchmark, state: (DragScene, Image, Renderer)) in
    let (scene, image, renderer) = state
    for _ in benchmark.scaledIterations {
      scene.move()
      scene.takeDamage()
      renderer.render(
        scene.window, background: background, into: image.buffer, scale: 1, damage: scene.damage)
    }
  } setup: {
    let scene = DragScene(views: 100)
    let image = makeFrame()
    let renderer = Renderer()
    renderer.render(scene.window, background: background, into: image.buffer, scale: 1)
    return (scene, image, renderer)
  }

  for (overlay, ring) in [(false, false), (true, false), (true, true)] {
    let layer = overlay ? (ring ? ", ring overlay" : ", idle marker layer") : ""
    let name = "Frame 1920x1080, dragged card by fractional steps, damage only" + layer
    Benchmark(name, configuration: frames) {
      (benchmark: Benchmark, state: (FractionalDrag, Image, Renderer)) in
      let (drag, image, renderer) = state
      for _ in benchmark.scaledIterations {
        drag.move()
        renderer.render(
          drag.scene.window, background: background, into: image.buffer, scale: 1,
          damage: drag.scene.damage)
      }
    } setup: {
      let drag = FractionalDrag(step: 1.37, overlay: overlay, ring: ring)
      let image = makeFrame()
      let renderer = Renderer()
      renderer.render(drag.scene.window, background: background, into: image.buffer, scale: 1)
      return (drag, image, renderer)
    }
  }

  // The app draws each frame of a drag after sleeping while the compositor ran, its caches
  // and TLB cold: 32 MiB written before each frame (not measured) evict them here too.
  Benchmark(
    "Frame 1920x1080, dragged card by fractional steps, damage only, caches evicted", configuration: frames
  ) { (benchmark: Benchmark, state: (FractionalDrag, Image, Renderer, CacheEviction)) in
    let (drag, image, renderer, eviction) = state
    drag.move()
    eviction.run()
    benchmark.startMeasurement()
    renderer.render(
      drag.scene.window, background: background, into: image.buffer, scale: 1, damage: drag.scene.damage
    )
    benchmark.stopMeasurement()
  } setup: {
    let drag = FractionalDrag(step: 1.37, overlay: false)
    let image = makeFrame()
    let renderer = Renderer()
    renderer.render(drag.scene.window, background: background, into: image.buffer, scale: 1)
    return (drag, image, renderer, CacheEviction())
  }

  layerFrameBenchmarks(configuration: quick)
  layerPictureBenchmarks(configuration: frames)
  paintFrameBenchmarks(configuration: frames)
  sceneLoadingBenchmarks()
  replayStreamingBenchmarks()

  Benchmark("Frame 1920x1080, dragged card, full repaint", configuration: frames) {
    (benchmark: Benchmark, state: (DragScene, Image, Renderer)) in
    let (scene, image, renderer) = state
    for _ in benchmark.scaledIterations {
      scene.move()
      scene.window.needsDisplay = false
      renderer.render(scene.window, background: background, into: image.buffer, scale: 1)
    }
  } setup: {
    (DragScene(views: 100), makeFrame(), Renderer())
  }

  Benchmark("Frame 1920x1080, background only, full repaint", configuration: frames) { benchmark, state in
    let (window, image, renderer) = state
    for _ in benchmark.scaledIterations {
      renderer.render(window, background: background, into: image.buffer, scale: 1)
    }
  } setup: {
    (Window(size: Size(width: 1920, height: 1080), clock: VirtualClock()), makeFrame(), Renderer())
  }

  Benchmark("memset 1920x1080x4", configuration: frames) { benchmark, image in
    let buffer = image.buffer
    for index in benchmark.scaledIterations {
      memset(buffer.data, Int32(index & 0xff), buffer.stride * buffer.height)
      blackHole(buffer.data.load(as: UInt8.self))
    }
  } setup: {
    makeFrame()
  }
}
