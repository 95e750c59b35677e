import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer

/// A lifted view's room (`Renderer.layerExtent(of:in:scale:room:)`): while only the view
/// moves, an extent inside the room that an earlier check found qualifies without walking the
/// views drawn after it, and that answer must be the full check's.
@Suite("Renderer layer rooms")
struct RendererLayerRoomTests {
  /// A view covering its superview that paints small squares at `spots` and says where it
  /// paints nothing, as the app's two-finger marker does.
  private final class Spots: View, CustomDrawing {
    var spots: [Point] = []

    var boxes: [Rect] { spots.map { Rect(x: $0.x - 3, y: $0.y - 3, width: 6, height: 6) } }

    func draw(in context: DrawingContext) {
      context.setColor(.white)
      for box in boxes { context.addRect(box) }
      context.fill()
    }

    func paintsNothing(in rect: Rect) -> Bool {
      boxes.allSatisfy { !$0.intersects(rect) }
    }
  }

  @Test("random views moved inside the room an earlier check found qualify exactly when a full check says so")
  func randomRoomsAgreeWithFullChecks() {
    var held = 0
    var clipped = 0
    for run in RandomRenderRuns.cases(300) {
      var random = RandomRenderRuns.generator(seed: 0x2007_4000 &+ UInt64(run) &* 0x9E37_79B9)
      let (window, lifted) = Self.randomScene(&random)
      let scale = random.chance(0.5) ? 1.0 : 2.0
      let renderer = Renderer()
      var room: Rect?
      guard renderer.layerExtent(of: lifted, in: window, scale: scale, room: &room) != nil, let found = room
      else {
        continue
      }
      let start = lifted.center
      for step in 0..<20 {
        lifted.center = start + Point(x: random.double(-40...40), y: random.double(-30...30))
        var given: Rect? = found
        let withRoom = renderer.layerExtent(of: lifted, in: window, scale: scale, room: &given)
        let full = renderer.layerExtent(of: lifted, in: window, scale: scale)
        #expect(
          withRoom == full, "run \(run) step \(step): with the room \(found) \(String(describing: withRoom))")
        guard let full, found.contains(full) else { continue }
        held += 1
        if lifted.superview?.clipsToBounds == true { clipped += 1 }
      }
    }
    // Many moves stay in their room, so the comparison above is mostly about rooms, in and
    // out of clipping containers.
    #expect(held > 800 * RandomRenderRuns.multiplier, "\(held) moves inside their room")
    #expect(clipped > 200 * RandomRenderRuns.multiplier, "\(clipped) of them in a clipping container")
  }

  /// A 320x240 window of random opaque cards, some in a clipping container at a fractional
  /// place, maybe a ``Spots`` view, and the card to lift among them: inside the container
  /// (half the time), where it starts whole, up to a pixel from its edges.
  private static func randomScene(_ random: inout SplitMix64) -> (Window, View) {
    let window = Window(size: Size(width: 320, height: 240), clock: VirtualClock())
    func card(in bounds: Size) -> View {
      let view = View(
        frame: Rect(
          x: random.double(-10...bounds.width), y: random.double(-10...bounds.height),
          width: random.double(6...80), height: random.double(6...60)))
      view.style = ViewStyle(fill: RandomLabels.color(&random), label: random.chance(0.2) ? "Ab" : nil)
      return view
    }
    var parent = window.rootView
    if random.chance(0.5) {
      let container = View(
        frame: Rect(
          x: random.double(0...150), y: random.double(0...100), width: random.double(70...160),
          height: random.double(60...130)))
      container.clipsToBounds = true
      window.rootView.addSubview(container)
      parent = container
    }
    let lifted = View(
      frame: Rect(
        x: 0, y: 0, width: random.double(10...parent.bounds.width / 2), height: random.double(10...50)))
    lifted.style = ViewStyle(fill: .white, label: random.chance(0.3) ? "Lift" : nil)
    lifted.center = Point(
      x: random.double(lifted.bounds.width / 2 + 1...parent.bounds.width - lifted.bounds.width / 2 - 1),
      y: random.double(0...parent.bounds.height))
    for _ in 0..<random.int(0...6) { window.rootView.addSubview(card(in: window.size)) }
    for _ in 0..<random.int(0...3) where parent !== window.rootView {
      parent.addSubview(card(in: parent.bounds.size))
    }
    parent.insertSubview(lifted, at: random.int(0...parent.subviews.count))
    if random.chance(0.5) {
      let spots = Spots(frame: Rect(origin: .zero, size: window.size))
      spots.spots = (0..<random.int(1...3)).map { _ in
        Point(x: random.double(0...window.size.width), y: random.double(0...window.size.height))
      }
      window.rootView.insertSubview(spots, at: random.int(0...window.rootView.subviews.count))
    }
    return (window, lifted)
  }

  @Test("the room keeps clear of views painting above the view, and is the extent when one covers it")
  func roomShapes() throws {
    let window = Window(size: Size(width: 600, height: 400), clock: VirtualClock())
    let card = View(frame: Rect(x: 100, y: 100, width: 80, height: 60))
    card.style = ViewStyle(fill: .white)
    window.rootView.addSubview(card)
    // Above the card and clear of it: a card to its right, one far below.
    let right = View(frame: Rect(x: 250, y: 0, width: 40, height: 400))
    right.style = ViewStyle(fill: .black)
    window.rootView.addSubview(right)
    let far = View(frame: Rect(x: 0, y: 390, width: 20, height: 10))
    far.style = ViewStyle(fill: .black)
    window.rootView.addSubview(far)
    let renderer = Renderer()
    var room: Rect?
    let extent = try #require(renderer.layerExtent(of: card, in: window, scale: 1, room: &room))
    #expect(extent == Rect(x: 96, y: 96, width: 88, height: 68))
    // The reach, cut at the right-hand card; the far one lies past the reach.
    let reach = Renderer.layerReach
    #expect(room == Rect(x: 0, y: 0, width: 250, height: 96 + 68 + reach))
    // A view covering the window that paints away from the card: the room is the extent.
    let spots = Spots(frame: Rect(origin: .zero, size: window.size))
    spots.spots = [Point(x: 140, y: 20)]
    window.rootView.addSubview(spots)
    room = nil
    #expect(renderer.layerExtent(of: card, in: window, scale: 1, room: &room) == extent)
    #expect(room == extent)
    // ... and none when it paints on the card (a change of the window's: no room is handed on).
    spots.spots = [Point(x: 140, y: 130)]
    room = nil
    #expect(renderer.layerExtent(of: card, in: window, scale: 1, room: &room) == nil)
    #expect(room == nil)
  }

  @Test(
    "a view within a rounding of its clip's edge qualifies, its extent cut to the clip; further in, the room keeps inside"
  )
  func clipRooms() throws {
    let window = Window(size: Size(width: 400, height: 300), clock: VirtualClock())
    let container = View(frame: Rect(x: 20.3, y: 20, width: 300, height: 200))
    container.clipsToBounds = true
    window.rootView.addSubview(container)
    let card = View(frame: Rect(x: 0.5, y: 50, width: 80, height: 60))
    card.style = ViewStyle(fill: .white)
    container.addSubview(card)
    let renderer = Renderer()
    var room: Rect?
    // The card's box starts half a pixel inside the clip (at x = 20.8); its extent, rounded
    // out to x = 16, is cut to the clip's whole pixels (x = 20).
    let placement = try #require(renderer.layerPlacement(of: card, in: window, scale: 1, room: &room))
    #expect(placement.extent == Rect(x: 20, y: 66, width: 85, height: 68) && placement.isCut)
    card.center = card.center + Point(x: 10, y: 0)
    room = nil
    let extent = try #require(renderer.layerExtent(of: card, in: window, scale: 1, room: &room))
    #expect(extent == Rect(x: 26, y: 66, width: 89, height: 68))
    // The reach (to x = 243, y = 262), inside the clip grown by the margin.
    let found = try #require(room)
    let margin = Renderer.layerMargin
    let expected = [20.3 - margin, 20 - margin, 115 + Renderer.layerReach, 200 + 20 + margin]
    for (edge, value) in zip([found.minX, found.minY, found.maxX, found.maxY], expected) {
      #expect(abs(edge - value) < 1e-9, "room \(found)")
    }
  }
}
