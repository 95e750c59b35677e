import GestureKit
import TestSupport
import Testing

@testable import WaylandBackend

/// The layer state machine (LayerPlan.swift) on a real window and views, without a compositor:
/// the extent stands in for the renderer's (a view qualifies unless it is in `refused`), and
/// each frame's changes are the window's own.
@Suite("Layer plan")
struct LayerPlanTests {
  private let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
  private let card = View(frame: Rect(x: 40, y: 30, width: 80, height: 60))
  private let other = View(frame: Rect(x: 200, y: 100, width: 50, height: 50))
  private let badge = View(frame: Rect(x: 4, y: 4, width: 10, height: 10))

  init() {
    card.addSubview(badge)
    window.rootView.addSubview(card)
    window.rootView.addSubview(other)
    _ = window.takeChanges()
  }

  /// The extent of a qualifying view: its frame grown by 4 and rounded out.
  private static func extent(_ view: View) -> Rect {
    view.frame.insetBy(dx: -4, dy: -4).roundedOut
  }

  /// The next frame of `plan` for the window's changes, which are then taken.
  private func next(
    _ plan: LayerPlan, touching: Bool = true, configure: Bool = false, scaleChanged: Bool = false,
    available: Bool = true, canScale: Bool = true, scale: Double = 1, poised: [View] = [],
    refused: [View] = [],
    cut: [View] = []
  ) -> LayerPlan.Frame {
    let frame = plan.next(
      changes: window.changes, touching: touching, configure: configure, scaleChanged: scaleChanged,
      available: available, canScale: canScale, scale: scale, poised: poised
    ) { view, _, room in
      room = nil
      guard !refused.contains(where: { $0 === view }) else { return nil }
      return LayerExtent(rect: Self.extent(view), isCut: cut.contains { $0 === view })
    }
    _ = window.takeChanges()
    return frame
  }

  /// A frame taken as planned.
  @discardableResult
  private func step(
    _ plan: inout LayerPlan, touching: Bool = true, canScale: Bool = true, scale: Double = 1
  ) -> LayerPlan.Frame {
    let frame = next(plan, touching: touching, canScale: canScale, scale: scale)
    plan.took(frame)
    return frame
  }

  /// The actions of `frame` in words, for comparing whole transcripts.
  private func words(_ frame: LayerPlan.Frame) -> [String] {
    frame.actions.map { action in
      switch action {
      case .lift(let view, let slot, let extent, _):
        "lift \(name(view)) \(slot) \(extent.rect)\(extent.isCut ? " cut" : "")"
      case .redraw(let view, let extent, _):
        "redraw \(name(view)) \(extent.rect)\(extent.isCut ? " cut" : "")"
      case .move(let view, let x, let y, let width, let height, let source, _):
        "move \(name(view)) \(x),\(y) \(width)x\(height)"
          + (source.map { " from \($0.x),\($0.y) \($0.width)x\($0.height)" } ?? "")
      case .drop(let view): "drop \(name(view))"
      }
    } + (frame.drawsWindow ? ["window"] : [])
  }

  private func name(_ view: View) -> String { view === card ? "card" : view === other ? "other" : "?" }

  @Test(
    "a touch's move lifts a view; moves follow in whole pixels, without drawing the window, within a quarter of a device pixel"
  )
  func liftThenFollow() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    #expect(words(step(&plan)) == ["lift card 0 (37,26 88x68)", "window"])
    card.center = card.center + Point(x: 10.2, y: -3.9)
    // 37 + 10.2 and 26 - 3.9, rounded: 0.2 and 0.1 pixel from the exact place.
    #expect(words(step(&plan)) == ["move card 47,22 88x68"])
    #expect(plan.liftedViews.count == 1 && plan.liftedViews[0] === card)
    // 0.4 pixel off (from where the picture was drawn): drawn again where the view is.
    card.center = card.center + Point(x: 0.2, y: 0)
    #expect(words(step(&plan)) == ["redraw card \(Self.extent(card))"])
    card.center = card.center + Point(x: 3, y: 2)
    #expect(words(step(&plan)) == ["move card 50,24 89x69"])
  }

  @Test("at scale 2 a move is a quarter of a device pixel at most; at 1.25 it is by whole device pixels too")
  func followAtScales() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    step(&plan, scale: 2)
    // 0.1 logical pixel is 0.2 device pixels at 2; 0.2 more is 0.6.
    card.center = card.center + Point(x: 0.1, y: 0)
    #expect(words(step(&plan, scale: 2)) == ["move card 37,26 88x68"])
    card.center = card.center + Point(x: 0.2, y: 0)
    #expect(words(step(&plan, scale: 2)) == ["redraw card \(Self.extent(card))"])
    // At 1.25 whole logical pixels are whole device pixels every 4: 8 across is a move, 1 down
    // (1.25 device pixels, a slow move) is not.
    // (The renderer lays extents on that grid: this one is (40,32 88x68).)
    var scaled = LayerPlan()
    card.center = Point(x: 84, y: 66)
    step(&scaled, scale: 1.25)
    card.center = card.center + Point(x: 8, y: 0)
    #expect(words(step(&scaled, scale: 1.25)) == ["move card 48,32 88x68"])
    card.center = card.center + Point(x: 0, y: 1)
    #expect(words(step(&scaled, scale: 1.25)) == ["redraw card \(Self.extent(card))"])
  }

  @Test(
    "a fast move is shown from the picture where the view is, through a source a fraction of a pixel off, or without a viewport at whole pixels; standing, the view is drawn again where it is",
    arguments: [true, false])
  func fastThenStand(canScale: Bool) {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    step(&plan, canScale: canScale)
    // 5.5 pixels in a frame: shown from the picture rather than drawn again, to be drawn
    // (sharp) in place when the card rests. With a viewport the picture (drawn at 37) is shown
    // from buffer pixel 0.5 at 43, its margin cut by a pixel; without one, half a pixel off.
    card.center = card.center + Point(x: 5.5, y: 0)
    let fast = step(&plan, canScale: canScale)
    #expect(
      words(fast) == [canScale ? "move card 43,26 87x68 from 0.5,0.0 87.0x68.0" : "move card 43,26 88x68"])
    #expect(fast.settles)
    // The finger holds still: the picture is drawn where the window would draw the card, once.
    #expect(words(step(&plan, canScale: canScale)) == ["redraw card (42,26 89x68)"])
    let resting = step(&plan, canScale: canScale)
    #expect(words(resting) == ["move card 42,26 89x68"])
    #expect(!resting.settles)
  }

  @Test(
    "a pinch scales the layer through the viewport, a turn draws it again, and without a viewport a scale does"
  )
  func scaleAndTurn() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    step(&plan)
    // Twice the size about the card's centre (81, 60): the layer (37,26 88x68) doubles about it.
    card.transform = AffineTransform(scaleX: 2, y: 2)
    #expect(words(step(&plan)) == ["move card -7,-8 176x136"])
    card.transform = AffineTransform(rotationAngle: 0.3)
    let turned = Self.extent(card)
    #expect(words(step(&plan)) == ["redraw card \(turned)"])
    card.transform = AffineTransform(rotationAngle: 0.3).concatenating(AffineTransform(scaleX: 1.5, y: 1.5))
    #expect(words(step(&plan, canScale: false)) == ["redraw card \(Self.extent(card))"])
  }

  @Test(
    "a layer cut by the window's edge or a clip is drawn again when its view moves, never moved, and kept while it stands"
  )
  func cutLayer() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    // Lifted whole, then moved to where the renderer cuts its extent: drawn again there.
    step(&plan)
    card.center = card.center + Point(x: 5, y: 0)
    var frame = next(plan, cut: [card])
    plan.took(frame)
    #expect(words(frame) == ["redraw card \(Self.extent(card)) cut"])
    // Cut as drawn: a move draws it again, even one back to where it would be whole.
    card.center = card.center + Point(x: -5, y: 0)
    frame = next(plan)
    plan.took(frame)
    #expect(words(frame) == ["redraw card \(Self.extent(card))"])
    // Lifted cut, standing under the finger: kept as it is, nothing drawn.
    var standing = LayerPlan()
    other.center = other.center + Point(x: 1, y: 0)
    frame = next(standing, cut: [other])
    standing.took(frame)
    #expect(words(frame) == ["lift other 0 \(Self.extent(other)) cut", "window"])
    frame = next(standing, cut: [other])
    standing.took(frame)
    #expect(
      words(frame) == ["move other \(Int(Self.extent(other).minX)),\(Int(Self.extent(other).minY)) 58x58"])
  }

  @Test("two views moved by two fingers each get a layer; a third change elsewhere draws the window")
  func twoLayers() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 2, y: 0)
    other.center = other.center + Point(x: 0, y: 2)
    #expect(
      words(step(&plan)) == ["lift other 0 (196,98 58x58)", "lift card 1 (38,26 88x68)", "window"])
    card.center = card.center + Point(x: 2, y: 0)
    other.center = other.center + Point(x: 0, y: 2)
    #expect(words(step(&plan)) == ["move other 196,100 58x58", "move card 40,26 88x68"])
    window.rootView.style.fill = .white
    card.center = card.center + Point(x: 2, y: 0)
    #expect(words(step(&plan)) == ["move other 196,100 58x58", "move card 42,26 88x68", "window"])
  }

  @Test("a change inside a lifted view draws its layer again, not the window")
  func contentChange() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    step(&plan)
    badge.style.fill = .white
    #expect(words(step(&plan)) == ["redraw card \(Self.extent(card))"])
  }

  @Test(
    "a view that moves under touches is lifted when a touch goes down on it, so that its first move only moves the layer"
  )
  func poisedLift() {
    var plan = LayerPlan()
    // Not while no touch is down, nor when it does not qualify.
    #expect(words(next(plan, touching: false, poised: [card])).isEmpty)
    #expect(words(next(plan, poised: [card], refused: [card])).isEmpty)
    var frame = next(plan, poised: [card])
    #expect(words(frame) == ["lift card 0 (36,26 88x68)", "window"])
    plan.took(frame)
    // Held still: kept where it is; then the first move moves the layer, without drawing the
    // window.
    #expect(words(step(&plan)) == ["move card 36,26 88x68"])
    card.center = card.center + Point(x: 12, y: 5)
    #expect(words(step(&plan)) == ["move card 48,31 88x68"])
    // A second finger on it lifts nothing more.
    frame = next(plan, poised: [card])
    #expect(words(frame) == ["move card 48,31 88x68"])
    plan.took(frame)
    // Let go where it stands: dropped.
    #expect(words(step(&plan, touching: false)) == ["drop card", "window"])
    #expect(plan.liftedViews.isEmpty)
  }

  @Test("without a touch, a view is lifted once it moves two frames running, and dropped when it stops")
  func animation() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 3, y: 0)
    #expect(words(step(&plan, touching: false)) == ["window"])
    card.center = card.center + Point(x: 3, y: 0)
    #expect(words(step(&plan, touching: false)) == ["lift card 0 (42,26 88x68)", "window"])
    card.center = card.center + Point(x: 3, y: 0)
    #expect(words(step(&plan, touching: false)) == ["move card 45,26 88x68"])
    // A pass with nothing changed (the settle timer's): the view stopped.
    #expect(words(step(&plan, touching: false)) == ["drop card", "window"])
    #expect(plan.liftedViews.isEmpty)
  }

  @Test("a configure, a new scale, a change nobody locates or no layers drop every layer", arguments: 0..<4)
  func dropsAll(kind: Int) {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    other.center = other.center + Point(x: 1, y: 0)
    step(&plan)
    card.center = card.center + Point(x: 1, y: 0)
    let frame: LayerPlan.Frame
    switch kind {
    case 0: frame = next(plan, configure: true)
    case 1: frame = next(plan, scaleChanged: true)
    case 2: frame = next(plan, available: false)
    default:
      window.needsDisplay = true
      frame = next(plan)
    }
    #expect(words(frame) == ["drop card", "drop other", "window"], "kind \(kind)")
    plan.took(frame)
    #expect(plan.liftedViews.isEmpty)
  }

  @Test("a part of a view redrawn outside the layers draws the window and keeps them")
  func invalidationKeepsLayers() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    step(&plan)
    other.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 5, height: 5))
    #expect(words(step(&plan)) == ["move card 37,26 88x68", "window"])
    // Inside the lifted view: its layer is drawn again, not the window.
    badge.setNeedsDisplay(in: Rect(x: 0, y: 0, width: 2, height: 2))
    #expect(words(step(&plan)) == ["redraw card \(Self.extent(card))"])
  }

  @Test(
    "views are decided front to back, each with the views on layers in front of it; layers stack back to front"
  )
  func frontToBack() {
    var plan = LayerPlan()
    var asked: [(String, [String])] = []
    card.center = card.center + Point(x: 1, y: 0)
    other.center = other.center + Point(x: 1, y: 0)
    let frame = plan.next(
      changes: window.changes, touching: true, configure: false, scaleChanged: false, available: true,
      canScale: true
    ) { view, lifted, room in
      asked.append((name(view), lifted.map(name)))
      room = nil
      return LayerExtent(rect: Self.extent(view))
    }
    _ = window.takeChanges()
    #expect(asked.map(\.0) == ["other", "card"])
    #expect(asked.map(\.1) == [[], ["other"]])
    let stacked = plan.took(frame)
    #expect(stacked, "new layers are stacked")
    #expect(plan.liftedViews.map(name) == ["card", "other"], "back to front")
    card.center = card.center + Point(x: 1, y: 0)
    let restacked = plan.took(next(plan))
    #expect(!restacked, "moves keep the stacking")
  }

  @Test("a view in front that leaves its layer has the lifted views behind it checked again in full")
  func dropInFrontForgetsRooms() {
    var plan = LayerPlan()
    let room = Rect(x: 0, y: 0, width: 400, height: 300)
    var given: [String: Rect?] = [:]
    func frame(refusing refused: View?) -> LayerPlan.Frame {
      let frame = plan.next(
        changes: window.changes, touching: true, configure: false, scaleChanged: false, available: true,
        canScale: true
      ) { view, _, found in
        given[name(view)] = found
        found = room
        return view === refused ? nil : LayerExtent(rect: Self.extent(view))
      }
      _ = window.takeChanges()
      return frame
    }
    card.center = card.center + Point(x: 1, y: 0)
    other.center = other.center + Point(x: 1, y: 0)
    plan.took(frame(refusing: nil))
    // Only the card moves: its room is handed back.
    card.center = card.center + Point(x: 1, y: 0)
    plan.took(frame(refusing: nil))
    #expect(given["card"] == room)
    // The view in front no longer qualifies: the card's room was found with it on a layer.
    card.center = card.center + Point(x: 1, y: 0)
    let dropping = frame(refusing: other)
    #expect(words(dropping) == ["drop other", "move card 39,26 88x68", "window"])
    #expect(given["card"] == .some(nil))
  }

  @Test("a view inside a lifted one is not lifted apart; at most five layers")
  func limits() {
    var plan = LayerPlan()
    card.center = card.center + Point(x: 1, y: 0)
    step(&plan)
    badge.center = badge.center + Point(x: 1, y: 0)
    #expect(words(step(&plan)) == ["redraw card \(Self.extent(card))"])
    var views: [View] = []
    for index in 0...LayerPlan.maximumLayers {
      let view = View(frame: Rect(x: 10 + Double(index) * 50, y: 200, width: 40, height: 40))
      window.rootView.addSubview(view)
      views.append(view)
    }
    step(&plan)
    for view in views { view.center = view.center + Point(x: 1, y: 0) }
    card.center = card.center + Point(x: 1, y: 0)
    let frame = step(&plan)
    #expect(
      frame.actions.filter { if case .lift = $0 { true } else { false } }.count == LayerPlan.maximumLayers - 1
    )
    #expect(plan.liftedViews.count == LayerPlan.maximumLayers)
    #expect(Set(plan.lifted.map(\.slot)) == Set(0..<LayerPlan.maximumLayers))
  }
}

/// The layer state machine under random frames: views moved, scaled, turned, restyled, added
/// and removed at random, touches down or up (and just down on views), configures and
/// refusals; after every frame the plan's invariants hold.
@Suite("Layer plan under random frames")
struct LayerPlanRandomTests {
  @Test("slots are distinct, at most five layers, no lifted view inside another, all in the window")
  func invariants() {
    var random = SplitMix64(seed: 0x1A7E_9A1)
    for run in 0..<200 {
      let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
      var views: [View] = []
      for index in 0..<8 {
        let view = View(frame: Rect(x: Double(index * 40), y: Double(index * 20), width: 40, height: 30))
        let parent =
          index > 2 && random.next() % 3 == 0
          ? views[Int(random.next() % UInt64(views.count))] : window.rootView
        parent.addSubview(view)
        views.append(view)
      }
      _ = window.takeChanges()
      var plan = LayerPlan()
      for step in 0..<40 {
        for _ in 0..<Int(random.next() % 3) {
          let view = views[Int(random.next() % UInt64(views.count))]
          switch random.next() % 6 {
          case 0, 1: view.center = view.center + Point(x: Double(random.next() % 7) - 3, y: 1)
          case 2: view.transform = AffineTransform(rotationAngle: Double(random.next() % 10) / 10)
          case 3: view.transform = AffineTransform(scaleX: 1.1, y: 1.1)
          case 4: view.style.fill = .white
          default:
            if view.superview != nil, random.next() % 4 == 0 {
              view.removeFromSuperview()
            } else if view.superview == nil {
              window.rootView.addSubview(view)
            }
          }
        }
        let refused = random.next() % 10 == 0 ? views[Int(random.next() % UInt64(views.count))] : nil
        // Touches just down on views that move under touches (any of them, lifted or not,
        // nested or not).
        let poised = (0..<Int(random.next() % 3)).map { _ in views[Int(random.next() % UInt64(views.count))] }
        let frame = plan.next(
          changes: window.changes, touching: random.next() % 4 != 0, configure: random.next() % 25 == 0,
          scaleChanged: random.next() % 40 == 0, available: true, canScale: random.next() % 2 == 0,
          poised: poised
        ) { view, _, room in
          room = nil
          guard view !== refused, view.window === window else { return nil }
          return LayerExtent(rect: view.frame.insetBy(dx: -4, dy: -4).roundedOut)
        }
        _ = window.takeChanges()
        plan.took(frame)
        let lifted = plan.lifted
        let context = "run \(run), step \(step)"
        #expect(lifted.count <= LayerPlan.maximumLayers, "\(context)")
        #expect(Set(lifted.map(\.slot)).count == lifted.count, "\(context): slots \(lifted.map(\.slot))")
        #expect(
          Set(lifted.map { ObjectIdentifier($0.view) }).count == lifted.count, "\(context): a view twice")
        for entry in lifted {
          #expect(entry.view.window === window, "\(context): a lifted view left the window")
          #expect(
            !lifted.contains { $0.view !== entry.view && entry.view.isDescendant(of: $0.view) },
            "\(context): a lifted view inside another")
        }
        if lifted.count != Set(lifted.map(\.slot)).count { return }
      }
    }
  }
}
