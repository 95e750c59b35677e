import Testing

@testable import GestureKit

extension ScrollHarness {
  /// A harness whose pan moves `wheelStepDistance` a wheel step.
  convenience init(wheelStepDistance: Double?) {
    self.init()
    pan.wheelStepDistance = wheelStepDistance
  }

  /// One wheel event of `value` px with `discrete` steps (and `value120` 120ths of a step),
  /// in a frame of its own.
  func wheel(
    _ time: Double, _ axis: ScrollAxis = .vertical, value: Double, discrete: Int?, value120: Int? = nil
  ) {
    send(
      time, .pointerAxis(axis: axis, value: value, source: .wheel, discrete: discrete, value120: value120),
      .pointerFrame)
  }
}

@Suite("Wheel steps")
struct WheelStepTests {
  @Test(
    "with a wheelStepDistance, each whole step moves the pan that far, whatever the compositor's distance")
  func wholeSteps() {
    let h = ScrollHarness(wheelStepDistance: 80)
    h.wheel(1, value: 15, discrete: 1)
    h.wheel(1.05, value: 30, discrete: 2)
    h.wheel(1.1, .horizontal, value: -10, discrete: -1)
    h.send(2)
    #expect(
      h.take() == [
        "pan began (0,-80)", "pan changed (0,-240)", "pan changed (80,-240)", "pan ended (80,-240)",
      ])
  }

  @Test("without one, the pan moves by the compositor's distance, as before")
  func compositorDistance() {
    for distance in [nil, 0, -5, .nan, .infinity] as [Double?] {
      let h = ScrollHarness(wheelStepDistance: distance)
      h.wheel(1, value: 15, discrete: 1)
      h.wheel(1.05, value: 15, discrete: 1)
      h.send(2)
      #expect(
        h.take() == ["pan began (0,-15)", "pan changed (0,-30)", "pan ended (0,-30)"],
        "\(String(describing: distance))")
    }
  }

  @Test("a high-resolution wheel's fractions of a step count by the compositor's distance for a whole one")
  func fractions() {
    // Until a whole step says otherwise, a step is 15 px (libinput's usual click angle).
    let h = ScrollHarness(wheelStepDistance: 80)
    h.wheel(1, value: 3.75, discrete: 0)
    h.wheel(1.02, value: 7.5, discrete: 0)
    #expect(h.take() == ["pan began (0,-20)", "pan changed (0,-60)"])
    // A compositor that reports 10 px a whole step (Weston's X11 backend, mutter): its
    // fractions are fractions of 10 px from then on.
    h.wheel(1.04, value: 10, discrete: 1)
    h.wheel(1.06, value: 2.5, discrete: 0)
    #expect(h.take() == ["pan changed (0,-140)", "pan changed (0,-160)"])
    // The distance learned is the compositor's: it outlives the pointer leaving.
    h.send(1.5, .pointerLeave, .pointerFrame)
    h.send(2, .pointerEnter(location: Point(x: 50, y: 50)), .pointerFrame)
    _ = h.take()
    h.wheel(2.1, value: 5, discrete: 0)
    #expect(h.take() == ["pan began (0,-40)"])
  }

  @Test("a high-resolution wheel's 120ths of a step count exactly, and tell the compositor's distance")
  func value120() {
    // mutter's report of an eighth of a click: 1.25 px and 15/120, with 0 whole clicks.
    let h = ScrollHarness(wheelStepDistance: 80)
    for index in 0..<8 { h.wheel(1 + Double(index) * 0.02, value: 1.25, discrete: 0, value120: 15) }
    h.send(2)
    let lines = h.take()
    #expect(lines.first == "pan began (0,-10)")
    #expect(lines.suffix(2) == ["pan changed (0,-80)", "pan ended (0,-80)"])
    #expect(lines.count == 9)
    // It said 10 px a click, so a later fraction without 120ths counts against 10 px.
    h.wheel(3, value: 5, discrete: 0)
    #expect(h.take() == ["pan began (0,-40)"])
    // The 120ths win over whole clicks that disagree with them (a half click, up, on the
    // other axis; a backend truncates it to 0 clicks).
    h.wheel(3.02, .horizontal, value: -5, discrete: 0, value120: -60)
    #expect(h.take() == ["pan changed (40,-40)"])
  }

  @Test("absurd 120ths are dropped with a warning")
  func absurdValue120() {
    let h = ScrollHarness(wheelStepDistance: 80)
    h.wheel(1, value: 15, discrete: 0, value120: 120_000_001)
    #expect(h.take() == [])
    #expect(h.warnings.count == 1)
    h.wheel(2, value: 15, discrete: 0, value120: 120_000_000)
    #expect(h.take() == ["pan began (0,-80000000)"])
  }

  @Test("a wheel event without steps (an old compositor) counts its value in steps too")
  func noSteps() {
    let h = ScrollHarness(wheelStepDistance: 80)
    h.send(1, .pointerAxis(axis: .vertical, value: 15, source: nil, discrete: nil), .pointerFrame)
    h.send(1.05, .pointerAxis(axis: .vertical, value: 30, source: .wheel, discrete: nil), .pointerFrame)
    #expect(h.take() == ["pan began (0,-80)", "pan changed (0,-240)"])
  }

  @Test("touchpad scrolling moves the pan by its distance, wheelStepDistance or not")
  func touchpad() {
    let h = ScrollHarness(wheelStepDistance: 80)
    h.send(1, .pointerAxis(axis: .vertical, value: 15, source: .finger, discrete: nil), .pointerFrame)
    h.send(1.01, .pointerAxisStop(axis: .vertical), .pointerFrame)
    #expect(h.take() == ["pan began (0,-15)", "pan ended (0,-15)"])
  }

  @Test("the distance is in the pan's view's coordinates: a view shown at twice its size moves twice as far")
  func viewCoordinates() {
    let h = ScrollHarness(wheelStepDistance: 80)
    h.card.transform = AffineTransform(scaleX: 2, y: 2)
    h.wheel(1, value: 15, discrete: 1)
    #expect(h.pan.translation(in: nil) == Point(x: 0, y: -160))
    #expect(h.pan.translation(in: h.card) == Point(x: 0, y: -80))
  }

  @Test("absurd steps are dropped with a warning; an absurd distance a step is not learned")
  func absurd() {
    let h = ScrollHarness(wheelStepDistance: 80)
    h.wheel(1, value: 15, discrete: 2_000_000)
    #expect(h.take() == [])
    #expect(h.warnings.count == 1)
    // 0.001 px a step (or 1,000): not believed, so the fractions after it stay in 15 px steps.
    h.wheel(2, value: 0.001, discrete: 1)
    h.wheel(2.02, value: 7.5, discrete: 0)
    h.wheel(2.04, value: 15_000, discrete: 15)
    h.wheel(2.06, value: 7.5, discrete: 0)
    #expect(
      h.take() == [
        "pan began (0,-80)", "pan changed (0,-120)", "pan changed (0,-1320)", "pan changed (0,-1360)",
      ])
  }
}
