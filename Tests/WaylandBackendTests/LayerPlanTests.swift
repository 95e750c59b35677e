import GestureKit
import Testing

@testable import WaylandBackend

/// The layer state machine (LayerPlan.swift) on a real window and views, without a compositor:
/// the extent stands in for the renderer's (a view qualifies unless it is in `refused`).
@Suite("Layer plan")
struct LayerPlanTests {
  private let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
  private let card = View(frame: Rect(x: 40, y: 30, width: 80, height: 60))
  private let other = View(frame: Rect(x: 200, y: 100, width: 50, height: 50))

  init() {
    window.rootView.addSubview(card)
    window.rootView.addSubview(other)
  }

  /// The extent of a qualifying view: its frame grown by 4 and rounded out.
  private static func extent(_ view: View) -> Rect {
    view.frame.insetBy(dx: -4, dy: -4).roundedOut
  }

  private func next(
    _ plan: LayerPlan, moving: View?, touching: Bool = true, configure: Bool = false, scale: Int? = 1,
    refused: [View] = []
  ) -> LayerPlan.Step {
    plan.next(moving: moving, touching: touching, configure: configure, scale: scale) { view, _, room in
      room = nil
      return refused.contains { $0 === view } ? nil : Self.extent(view)
    }
  }

  @Test("a touch's move of a qualifying view lifts it; its later moves only move the layer, in whole pixels")
  func liftThenFollow() throws {
    var plan = LayerPlan()
    let step = next(plan, moving: card)
    guard case .lift(let view, let extent, let scale, _) = step else {
      Issue.record("expected a lift, got \(step)")
      return
    }
    #expect(view === card)
    #expect(extent == Rect(x: 36, y: 26, width: 88, height: 68))
    #expect(scale == 1)
    plan.took(step)
    #expect(plan.liftedView === card)
    card.center = card.center + Point(x: 10.4, y: -3.6)
    let follow = next(plan, moving: card)
    guard case .follow(let x, let y, _) = follow else {
      Issue.record("expected a follow, got \(follow)")
      return
    }
    // 36 + 10.4 and 26 - 3.6, rounded: at most half a pixel from the exact place.
    #expect((x, y) == (46, 22))
    plan.took(follow)
    #expect(plan.liftedView === card)
  }

  @Test("anything but another move of the lifted view drops it", arguments: 0..<6)
  func drops(kind: Int) {
    var plan = LayerPlan()
    let lift = next(plan, moving: card)
    plan.took(lift)
    let step: LayerPlan.Step
    switch kind {
    case 0: step = next(plan, moving: nil)  // another change, or several
    case 1: step = next(plan, moving: other)  // another view moved
    case 2: step = next(plan, moving: card, touching: false)  // the last touch lifted
    case 3: step = next(plan, moving: card, configure: true)
    case 4: step = next(plan, moving: card, scale: 2)  // a new scale
    default: step = next(plan, moving: card, refused: [card])  // no longer qualifies
    }
    guard case .drop(let view) = step else {
      Issue.record("kind \(kind): expected a drop, got \(step)")
      return
    }
    #expect(view === card)
    plan.took(step)
    #expect(plan.liftedView == nil)
  }

  @Test("each check gets the room the last one left: none for a lift, the lift's, then the follow's")
  func roomHandedOn() {
    var plan = LayerPlan()
    var given: [Rect?] = []
    var counter = 0.0
    // The check records the room it is given and leaves a new one.
    let check = { (view: View, _: Int, room: inout Rect?) -> Rect? in
      given.append(room)
      counter += 1
      room = Rect(x: counter, y: 0, width: 400, height: 300)
      return Self.extent(view)
    }
    for _ in 0..<3 {
      card.center = card.center + Point(x: 3, y: 1)
      let step = plan.next(moving: card, touching: true, configure: false, scale: 1, extent: check)
      plan.took(step)
    }
    #expect(given.map { $0?.minX } == [nil, 1, 2])
    // A drop forgets the room: the next lift starts without one.
    plan.took(plan.next(moving: nil, touching: true, configure: false, scale: 1, extent: check))
    plan.took(plan.next(moving: card, touching: true, configure: false, scale: 1, extent: check))
    #expect(given.last! == nil)
  }

  @Test("without a touch, at a fractional scale, on a configure or for a refused view, nothing is lifted")
  func noLift() {
    let plan = LayerPlan()
    let steps = [
      next(plan, moving: card, touching: false), next(plan, moving: card, scale: nil),
      next(plan, moving: card, configure: true), next(plan, moving: card, refused: [card]),
      next(plan, moving: nil),
    ]
    for step in steps {
      guard case .draw = step else {
        Issue.record("expected a plain draw, got \(step)")
        continue
      }
    }
  }
}
