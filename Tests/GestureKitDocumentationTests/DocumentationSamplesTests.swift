// Runs every code sample of README.md and GestureKit.docc as the documents show it (each is
// copied here verbatim; DocumentationSyncTests checks that), with `print` collected
// (PrintedLines), and checks what the samples say they print and that they leave nothing
// alive behind them.
//
// Only `import GestureKit` (not @testable): a sample that needs an internal symbol does not
// compile here.

import GestureKit
import Testing

@Suite("Documentation samples")
struct DocumentationSamplesTests {
  @Test("README: using GestureKit in your own package")
  func readme() {
    let printed = PrintedLines()
    var weakWindow = Weak<Window>()
    var weakCard = Weak<View>()
    printed.collect {
      let window = Window(size: Size(width: 800, height: 600), clock: VirtualClock())
      let card = View(frame: Rect(x: 40, y: 40, width: 120, height: 160))
      window.rootView.addSubview(card)
      let pan = PanGestureRecognizer { recognizer in
        let pan = recognizer as! PanGestureRecognizer
        print(pan.state, pan.translation(in: pan.view?.superview))
      }
      card.addGestureRecognizer(pan)
      window.send(InputFrame(timestamp: 0.000, touches: [.down(0, at: Point(x: 100, y: 100))]))
      window.send(InputFrame(timestamp: 0.016, touches: [.motion(0, to: Point(x: 115, y: 100))]))
      window.send(InputFrame(timestamp: 0.032, touches: [.up(0)]))
      // began (15,0)
      // ended (15,0)
      weakWindow.object = window
      weakCard.object = card
    }
    #expect(printed.lines == ["began (15,0)", "ended (15,0)"])
    #expect(weakWindow.object == nil, "the sample's window outlives it")
    #expect(weakCard.object == nil, "the sample's card outlives it")
  }

  @Test("Time and Clocks: a long press on a virtual clock")
  func timeAndClocks() {
    let printed = PrintedLines()
    var weakWindow = Weak<Window>()
    printed.collect {
      let clock = VirtualClock()
      let window = Window(size: Size(width: 400, height: 300), clock: clock)
      let button = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
      window.rootView.addSubview(button)

      let press = LongPressGestureRecognizer { [unowned window] recognizer in
        print(recognizer.state, "at", window.currentTime)
      }
      button.addGestureRecognizer(press)

      window.send(InputFrame(timestamp: 1.0, touches: [.down(0, at: Point(x: 50, y: 50))]))
      print(clock.nextDeadline ?? -1)
      // 1.5
      clock.advance(to: 2.0)
      // began at 1.5
      window.send(InputFrame(timestamp: 2.0, touches: [.up(0)]))
      // ended at 2.0
      weakWindow.object = window
    }
    #expect(printed.lines == ["1.5", "began at 1.5", "ended at 2.0"])
    #expect(weakWindow.object == nil, "the sample's window outlives it")
  }

  @Test("Getting Started: a draggable view, its translation and its velocity")
  func gettingStarted() {
    let printed = PrintedLines()
    var weakWindow = Weak<Window>()
    printed.collect {
      let clock = VirtualClock()
      let window = Window(size: Size(width: 400, height: 300), clock: clock)

      let card = View(frame: Rect(x: 40, y: 40, width: 120, height: 160))
      card.identifier = "card"
      card.style = ViewStyle(shape: .roundRect(cornerRadius: 12), fill: Color(hex: "#3478f6"))
      window.rootView.addSubview(card)

      var centerAtStart = Point.zero

      let pan = PanGestureRecognizer { recognizer in
        guard let pan = recognizer as? PanGestureRecognizer, let view = pan.view else { return }
        switch pan.state {
        case .began:
          centerAtStart = view.center
          view.center = centerAtStart + pan.translation(in: view.superview)
        case .changed, .ended:
          view.center = centerAtStart + pan.translation(in: view.superview)
        case .cancelled:
          view.center = centerAtStart
        default:
          break
        }
        print(pan.state, pan.translation(in: view.superview), view.center)
      }
      card.addGestureRecognizer(pan)

      let send = { (time: Double, touches: [TouchInput]) in
        clock.advance(to: time)
        window.send(InputFrame(timestamp: time, touches: touches))
      }

      send(0.000, [.down(0, at: Point(x: 100, y: 100))])
      send(0.016, [.motion(0, to: Point(x: 106, y: 100))])
      send(0.032, [.motion(0, to: Point(x: 112, y: 100))])
      send(0.048, [.motion(0, to: Point(x: 118, y: 100))])
      // began (12,0) (112,120)
      // changed (18,0) (118,120)
      #expect(printed.lines == ["began (12,0) (112,120)", "changed (18,0) (118,120)"])

      print(pan.velocity(in: nil))
      // (375,0): 6 px every 16 ms

      send(0.064, [.up(0)])
      // ended (18,0) (118,120)
      print(pan.state, card.center)
      // possible (118,120)
      weakWindow.object = window
    }
    #expect(
      printed.lines == [
        "began (12,0) (112,120)", "changed (18,0) (118,120)", "(375,0)", "ended (18,0) (118,120)",
        "possible (118,120)",
      ])
    #expect(weakWindow.object == nil, "the sample's window outlives it")
  }

  @Test("Arbitration: a single tap that waits for a double tap to fail")
  func arbitration() {
    let printed = PrintedLines()
    var weakWindow = Weak<Window>()
    printed.collect {
      let clock = VirtualClock()
      let window = Window(size: Size(width: 400, height: 300), clock: clock)
      let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
      window.rootView.addSubview(view)

      let single = TapGestureRecognizer { _ in print("single") }
      let double = TapGestureRecognizer { _ in print("double") }
      double.numberOfTapsRequired = 2
      single.require(toFail: double)
      view.addGestureRecognizer(single)
      view.addGestureRecognizer(double)

      func tap(at time: Double) {
        clock.advance(to: time)
        window.send(InputFrame(timestamp: time, touches: [.down(0, at: Point(x: 50, y: 50))]))
        clock.advance(to: time + 0.05)
        window.send(InputFrame(timestamp: time + 0.05, touches: [.up(0)]))
      }
      tap(at: 1.0)
      #expect(printed.lines == [], "the single tap fires before the double tap has failed")
      clock.advance(to: 2.0)
      #expect(printed.lines == ["single"])
      tap(at: 3.0)
      tap(at: 3.2)
      clock.advance(to: 4.0)
      weakWindow.object = window
    }
    #expect(printed.lines == ["single", "double"])
    #expect(weakWindow.object == nil, "the sample's window outlives it")
  }

  @Test("Input from a Seat: a translator feeding a window, the last lift without a frame")
  func inputFromASeat() {
    let printed = PrintedLines()
    var weakWindow = Weak<Window>()
    var weakTranslator = Weak<SeatInputTranslator>()
    printed.collect {
      let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
      let card = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
      window.rootView.addSubview(card)
      card.addGestureRecognizer(
        PanGestureRecognizer { recognizer in
          let pan = recognizer as! PanGestureRecognizer
          print("pan", pan.state, pan.translation(in: nil))
        })

      let translator = SeatInputTranslator(window: window)
      translator.onKey = { key in
        if key.name == "Escape" && key.isPressed { window.cancelAllTouches(at: key.time) }
      }
      translator.onWarning = { message in print("warning:", message) }

      translator.handle(.touchDown(id: 0, location: Point(x: 100, y: 100)), at: 0.000)
      translator.handle(.touchFrame, at: 0.000)
      translator.handle(.touchMotion(id: 0, location: Point(x: 120, y: 100)), at: 0.016)
      translator.handle(.touchFrame, at: 0.016)
      translator.handle(.touchUp(id: 0), at: 0.032)
      weakWindow.object = window
      weakTranslator.object = translator
    }
    #expect(printed.lines == ["pan began (20,0)", "pan ended (20,0)"])
    #expect(weakWindow.object == nil, "the sample's window outlives it")
    #expect(weakTranslator.object == nil, "the sample's translator outlives it")
  }

  @Test("Writing a Custom Recognizer: the scrub's transcripts")
  func customRecognizer() {
    for (moves, expected) in [
      (
        [Point(x: 131, y: 110), Point(x: 131, y: 140)],
        [
          "view began [0]", "scrub began", "view cancelled [0]", "began 10.0", "scrub changed",
          "changed 40.0", "scrub ended", "ended 40.0",
        ]
      ),
      ([Point(x: 145, y: 100)], ["view began [0]", "scrub failed", "view moved [0]", "view ended [0]"]),
    ] {
      let printed = PrintedLines()
      var weakWindow = Weak<Window>()
      printed.collect {
        let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
        let observer = ScrubTranscript()
        window.observer = observer
        let slider = View(frame: Rect(x: 100, y: 50, width: 60, height: 200))
        window.rootView.addSubview(slider)

        let scrub = VerticalScrubGestureRecognizer { recognizer in
          let scrub = recognizer as! VerticalScrubGestureRecognizer
          print(scrub.state, scrub.offset)
        }
        slider.addGestureRecognizer(scrub)

        var time = 0.0
        window.send(InputFrame(timestamp: time, touches: [.down(0, at: Point(x: 130, y: 100))]))
        for location in moves {
          time += 0.016
          window.send(InputFrame(timestamp: time, touches: [.motion(0, to: location)]))
        }
        window.send(InputFrame(timestamp: time + 0.016, touches: [.up(0)]))
        weakWindow.object = window
      }
      #expect(printed.lines == expected)
      #expect(weakWindow.object == nil, "the sample's window outlives it")
    }
  }

  @Test("Time and Clocks: the sample clock for another event loop runs a long press")
  func loopClock() {
    var time = 10.0
    let clock = LoopClock { time }
    let window = Window(size: Size(width: 400, height: 300), clock: clock)
    let view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    window.rootView.addSubview(view)
    var states: [String] = []
    view.addGestureRecognizer(
      LongPressGestureRecognizer { [unowned window] recognizer in
        states.append("\(recognizer.state) at \(window.currentTime)")
      })
    window.send(InputFrame(timestamp: 10, touches: [.down(0, at: Point(x: 50, y: 50))]))
    #expect(clock.timeUntilNextTimer == 0.5)
    time = 10.25
    clock.fireDueTimers()
    #expect(states == [])
    #expect(clock.timeUntilNextTimer == 0.25)
    time = 10.6
    clock.fireDueTimers()
    #expect(states == ["began at 10.5"])
    #expect(clock.timeUntilNextTimer == nil)
  }
}

/// The transcript format of GestureKit.docc/WritingACustomRecognizer.md: "view began [0]" for
/// a delivery to the view, "scrub began" for the scrub's state changes, printed among the
/// sample's own lines so that they interleave as in the article.
private final class ScrubTranscript: WindowObserver {
  func window(_ window: Window, didDeliver phase: TouchPhase, touches: [Touch], to view: View) {
    print("view", phase, "[" + touches.map { String($0.id) }.joined(separator: ",") + "]")
  }

  func window(_ window: Window, recognizer: GestureRecognizer, didEnter state: GestureRecognizer.State) {
    print("scrub", state)
  }
}
