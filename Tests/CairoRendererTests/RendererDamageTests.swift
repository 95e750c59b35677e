import CairoRenderer
import GestureKit
import TestSupport
import Testing

/// A 160x120 window on #202020 with shapes that exercise every drawing path:
/// - `card`: red round rect (20.5, 20.25, 40, 30) with a white stroke and a label;
/// - `disc`: blue circle (90, 10, 50, 50) at alpha 0.6 (a group);
/// - `tilted`: green 30x20 square centred at (50, 90), rotated 30°;
/// - `frame`: a clipping (100, 70, 50, 40) holding `inner`, a yellow (30, 10, 40, 20) that
///   the frame cuts at its right edge.
private func damageScene() -> (window: Window, card: View, disc: View, tilted: View, inner: View) {
  let window = Window(size: Size(width: 160, height: 120), clock: VirtualClock())
  let card = View(frame: Rect(x: 20.5, y: 20.25, width: 40, height: 30))
  card.style = ViewStyle(
    shape: .roundRect(cornerRadius: 6), fill: Color(hex: "#ff0000"), stroke: .white, label: "Hi",
    fontSize: 12)
  let disc = View(frame: Rect(x: 90, y: 10, width: 50, height: 50))
  disc.style = ViewStyle(shape: .circle, fill: Color(hex: "#0000ff"))
  disc.alpha = 0.6
  let tilted = View(frame: Rect(x: 35, y: 80, width: 30, height: 20))
  tilted.style = ViewStyle(fill: Color(hex: "#00ff00"))
  tilted.transform = AffineTransform(rotationAngle: Double.pi / 6)
  let clip = View(frame: Rect(x: 100, y: 70, width: 50, height: 40))
  clip.clipsToBounds = true
  clip.style = ViewStyle(fill: Color(hex: "#404040"))
  let inner = View(frame: Rect(x: 30, y: 10, width: 40, height: 20))
  inner.style = ViewStyle(fill: Color(hex: "#ffff00"))
  clip.addSubview(inner)
  for view in [card, disc, tilted, clip] { window.rootView.addSubview(view) }
  return (window, card, disc, tilted, inner)
}

/// Fills every pixel of `image` with `word`.
private func fill(_ image: Image, with word: UInt32) {
  let buffer = image.buffer
  for y in 0..<buffer.height {
    let row = buffer.data.advanced(by: y * buffer.stride).assumingMemoryBound(to: UInt32.self)
    for x in 0..<buffer.width { row[x] = word }
  }
}

private let sentinel: UInt32 = 0xFFFF_00FF
private let backdrop = Color(hex: "#202020")!

@Suite("Renderer with damage")
struct RendererDamageTests {
  /// Each change applied to a fresh scene; the damage it records is redrawn.
  static let changes: [(String, @Sendable (Window, View, View, View, View) -> Void)] = [
    ("a dragged card", { _, card, _, _, _ in card.center = card.center + Point(x: 37.3, y: 41.6) }),
    ("a rotated card", { _, card, _, _, _ in card.transform = AffineTransform(rotationAngle: 0.7) }),
    ("a faded disc", { _, _, disc, _, _ in disc.alpha = 0.3 }),
    ("a hidden tilted square", { _, _, _, tilted, _ in tilted.isHidden = true }),
    ("a clipped child moved", { _, _, _, _, inner in inner.center = Point(x: 5, y: 35) }),
    (
      "the card sent to the front over the disc",
      { window, card, _, _, _ in
        card.center = Point(x: 100, y: 40)
        window.rootView.bringSubviewToFront(card)
      }
    ),
  ]

  @Test(
    "in the damage's rows, pixels equal a full repaint; elsewhere, the buffer is untouched",
    arguments: [1.0, 1.5], 0..<6)
  func matchesFullRepaint(scale: Double, changeIndex: Int) {
    let scene = damageScene()
    let tracker = DamageTracker()
    _ = tracker.takeDamage(of: scene.window)
    Self.changes[changeIndex].1(scene.window, scene.card, scene.disc, scene.tilted, scene.inner)
    let damage = tracker.takeDamage(of: scene.window)
    #expect(!damage.isEmpty)

    let width = Int(160 * scale)
    let height = Int(120 * scale)
    let reference = Image(width: width, height: height)
    Renderer().render(scene.window, background: backdrop, into: reference.buffer, scale: scale)
    let repaired = Image(width: width, height: height)
    fill(repaired, with: sentinel)
    Renderer().render(scene.window, background: backdrop, into: repaired.buffer, scale: scale, damage: damage)

    let bands = Renderer.bands(for: damage, scale: scale, width: width, height: height)
    // The bands hold the damage's rows and no other.
    let rows = Renderer.bufferRects(for: damage, scale: scale, width: width, height: height)
      .reduce(into: Set<Int>()) { $0.formUnion(Int($1.minY)..<Int($1.maxY)) }
    #expect(Set(bands.flatMap { Array($0) }) == rows)
    let expected = reference.words
    let actual = repaired.words
    var mismatches = 0
    for y in 0..<height {
      let drawn = bands.contains { $0.contains(y) }
      for x in 0..<width {
        let got = actual[y * width + x]
        let right = drawn ? Image.isClose(got, expected[y * width + x]) : got == sentinel
        if !right {
          let want = drawn ? expected[y * width + x] : sentinel
          mismatches += 1
          if mismatches == 1 {
            print(
              "mismatch at \(x),\(y): \(String(got, radix: 16)) want \(String(want, radix: 16))"
            )
          }
        }
      }
    }
    #expect(mismatches == 0, "\(Self.changes[changeIndex].0) at scale \(scale)")
  }

  @Test("repairing the previous frame with the damage gives the full repaint", arguments: 0..<6)
  func repairsPreviousFrame(changeIndex: Int) {
    let scene = damageScene()
    let buffer = Image(width: 160, height: 120)
    Renderer().render(scene.window, background: backdrop, into: buffer.buffer, scale: 1)
    let tracker = DamageTracker()
    _ = tracker.takeDamage(of: scene.window)
    Self.changes[changeIndex].1(scene.window, scene.card, scene.disc, scene.tilted, scene.inner)
    Renderer().render(
      scene.window, background: backdrop, into: buffer.buffer, scale: 1,
      damage: tracker.takeDamage(of: scene.window))
    let reference = Image(width: 160, height: 120)
    Renderer().render(scene.window, background: backdrop, into: reference.buffer, scale: 1)
    let mismatches = zip(buffer.words, reference.words).filter { !Image.isClose($0, $1) }.count
    #expect(mismatches == 0, "\(Self.changes[changeIndex].0)")
  }

  @Test("empty damage draws nothing")
  func emptyDamage() {
    let scene = damageScene()
    let buffer = Image(width: 160, height: 120)
    fill(buffer, with: sentinel)
    Renderer().render(scene.window, background: backdrop, into: buffer.buffer, scale: 1, damage: [])
    #expect(buffer.words.allSatisfy { $0 == sentinel })
  }

  @Test("damage rectangles are scaled to buffer pixels, rounded out and clipped")
  func bufferRects() {
    let rects = Renderer.bufferRects(
      for: [Rect(x: 1, y: 1, width: 3, height: 3), Rect(x: 150, y: 0, width: 20, height: 5)], scale: 1.5,
      width: 240, height: 180)
    #expect(rects == [Rect(x: 1, y: 1, width: 5, height: 5), Rect(x: 225, y: 0, width: 15, height: 8)])
  }
}

@Suite("Renderer repairs at a clip's snapped edge")
struct RendererClipEdgeDamageTests {
  @Test(
    "a view moving outside its clipping parent but inside the device pixel the clip snaps out to is repaired",
    arguments: [2.0, 1.25, 1.75])
  func snappedClipEdge(scale: Double) throws {
    // The parent's right edge is at 40.6: the renderer clips to the whole device pixels it
    // touches (at scale 2, column 81 is drawn through the clip), so a child at x 30.7 in the
    // parent shows a sliver there, which moves with it. Before the fix the tracker clipped at 40.6 exactly
    // and saw no change at all: the sliver went stale (the 10x soak's run 1483).
    let window = Window(size: Size(width: 80, height: 60), clock: VirtualClock())
    let parent = View(frame: Rect(x: 10, y: 10, width: 30.6, height: 30))
    parent.clipsToBounds = true
    let child = View(frame: Rect(x: 30.7, y: 5, width: 20, height: 20))
    child.style = ViewStyle(fill: Color(hex: "#ff00ff"))
    parent.addSubview(child)
    window.rootView.addSubview(parent)
    let tracker = DamageTracker()
    let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
    let renderer = Renderer()
    _ = tracker.takeDamage(of: window)
    renderer.render(window, background: backgroundColor, into: image.buffer, scale: scale)
    child.frame.origin.y = 12
    let damage = tracker.takeDamage(of: window)
    renderer.render(window, background: backgroundColor, into: image.buffer, scale: scale, damage: damage)
    let reference = Image.cairoReference(of: window, background: backgroundColor, scale: scale)
    #expect(image.difference(from: reference) == nil, "damage \(damage)")
  }
}
