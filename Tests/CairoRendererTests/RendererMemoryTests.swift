import GestureKit
import TestSupport
import Testing

@testable import CairoRenderer
@testable import Playground

/// The renderer's memory bounds keep its pixels: translucent views' groups clipped to their
/// subtree (compared with window-sized groups), and damage repaired in place, touching no
/// pixel outside it (compared with a full repaint within `Image.tolerance`).
@Suite("Renderer memory bounds")
struct RendererMemoryTests {
  private static let backdrop = Color(hex: "#202020")!

  /// A 240x200 window: a translucent stroked, labelled round card whose subtree reaches past
  /// it (a rotated child, a circle, a translucent nested child, a clipping child), a
  /// translucent small view whose label is far too long for it (truncated and clipped to the
  /// view, so its group needs no more than the view's box), and opaque shapes under them.
  private static func translucentScene() -> (window: Window, card: View) {
    let window = Window(size: Size(width: 240, height: 200), clock: VirtualClock())
    let under = View(frame: Rect(x: 10.5, y: 15.25, width: 200, height: 60))
    under.style = ViewStyle(shape: .roundRect(cornerRadius: 9), fill: Color(hex: "#3366cc"))
    let disc = View(frame: Rect(x: 150.3, y: 90.6, width: 70, height: 70))
    disc.style = ViewStyle(shape: .circle, fill: Color(hex: "#e06c75"), stroke: .white, strokeWidth: 2)
    let card = View(frame: Rect(x: 40.4, y: 50.7, width: 120, height: 80))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 14), fill: Color(hex: "#c678dd"), stroke: .white, strokeWidth: 3,
      label: "Two fingers\nor one", fontSize: 13)
    card.alpha = 0.8
    let tilted = View(frame: Rect(x: 90, y: 50, width: 50, height: 30))
    tilted.style = ViewStyle(fill: Color(hex: "#98c379"), stroke: Color(hex: "#000000"), strokeWidth: 1.5)
    tilted.transform = AffineTransform(rotationAngle: 0.5)
    let dot = View(frame: Rect(x: -15.5, y: -10.25, width: 30, height: 30))
    dot.style = ViewStyle(shape: .circle, fill: Color(hex: "#61afef"))
    dot.alpha = 0.5
    let clipper = View(frame: Rect(x: 5, y: 55, width: 40, height: 20))
    clipper.clipsToBounds = true
    clipper.style = ViewStyle(fill: Color(hex: "#404040"))
    let inner = View(frame: Rect(x: 20, y: -10, width: 60, height: 40))
    inner.style = ViewStyle(shape: .circle, fill: Color(hex: "#ffff00"))
    clipper.addSubview(inner)
    for view in [tilted, dot, clipper] { card.addSubview(view) }
    let tag = View(frame: Rect(x: 170, y: 4, width: 16, height: 12))
    tag.style = ViewStyle(
      fill: Color(hex: "#56b6c2"), label: "A label much wider than its view", fontSize: 11)
    tag.alpha = 0.6
    for view in [under, disc, card, tag] { window.rootView.addSubview(view) }
    return (window, card)
  }

  /// A full repaint with window-sized groups (cairo's clip left as it is).
  private static func unclippedRender(_ window: Window, scale: Double) -> Image {
    let image = Image(width: Int(window.size.width * scale), height: Int(window.size.height * scale))
    let renderer = Renderer()
    renderer.clipsGroups = false
    renderer.render(window, background: backdrop, into: image.buffer, scale: scale)
    return image
  }

  @Test(
    "a translucent subtree drawn fully through a clipped group matches a window-sized group",
    arguments: [1.0, 1.5, 2.0])
  func groupFull(scale: Double) {
    let scene = Self.translucentScene()
    let reference = Self.unclippedRender(scene.window, scale: scale)
    let image = Image(width: reference.width, height: reference.height)
    let renderer = Renderer()
    // Twice: the second frame uses the cached label layouts and masks.
    for _ in 0..<2 {
      renderer.render(scene.window, background: Self.backdrop, into: image.buffer, scale: scale)
      #expect(Self.mismatches(image.bytes, reference.bytes) == 0)
    }
    // The largest group is the card's subtree (with its margin), far from the whole window.
    let window = reference.width * reference.height
    #expect(renderer.largestGroupArea > 0)
    #expect(renderer.largestGroupArea * 2 < window, "\(renderer.largestGroupArea) of \(window) pixels")
  }

  @Test(
    "a translucent subtree moved and repaired through its damage matches a full repaint",
    arguments: [1.0, 1.5])
  func groupDamage(scale: Double) {
    let scene = Self.translucentScene()
    let clipped = Image(width: Int(240 * scale), height: Int(200 * scale))
    let unclipped = Image(width: Int(240 * scale), height: Int(200 * scale))
    let renderer = Renderer()
    let windowSized = Renderer()
    windowSized.clipsGroups = false
    renderer.render(scene.window, background: Self.backdrop, into: clipped.buffer, scale: scale)
    windowSized.render(scene.window, background: Self.backdrop, into: unclipped.buffer, scale: scale)
    let tracker = DamageTracker()
    _ = tracker.takeDamage(of: scene.window)
    let moves: [(View) -> Void] = [
      { $0.center = $0.center + Point(x: 23.7, y: 31.2) },
      { $0.transform = AffineTransform(rotationAngle: 0.3) },
      { $0.alpha = 0.45 },
      { $0.center = Point(x: 10, y: 190) },
    ]
    for (index, move) in moves.enumerated() {
      move(scene.card)
      let damage = tracker.takeDamage(of: scene.window)
      renderer.render(
        scene.window, background: Self.backdrop, into: clipped.buffer, scale: scale, damage: damage)
      windowSized.render(
        scene.window, background: Self.backdrop, into: unclipped.buffer, scale: scale, damage: damage)
      let reference = Self.unclippedRender(scene.window, scale: scale).bytes
      let same = Self.mismatches(clipped.bytes, unclipped.bytes)
      let full = Self.mismatches(clipped.bytes, reference)
      #expect(same == 0 && full == 0, "move \(index) at scale \(scale): \(same), \(full) bytes differ")
    }
  }

  /// Bytes of `a` more than `Image.tolerance` levels from `b`'s.
  private static func mismatches(_ a: [UInt8], _ b: [UInt8]) -> Int {
    zip(a, b).reduce(0) { $0 + (abs(Int($1.0) - Int($1.1)) <= Image.tolerance ? 0 : 1) }
  }

  /// A 200x300 window of shapes with slanted and curved edges at fractional positions: rotated
  /// rects and round rects, circles and ellipses (one translucent), a stroked rotated circle.
  private static func curvedScene() -> Window {
    let window = Window(size: Size(width: 200, height: 300), clock: VirtualClock())
    var state: UInt64 = 7
    func next(_ range: Double) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * range
    }
    for index in 0..<14 {
      let view = View(
        frame: Rect(x: next(170) - 10, y: next(280) - 10, width: 12 + next(60), height: 12 + next(90)))
      let shapes: [ViewShape] = [.rect, .circle, .roundRect(cornerRadius: 3 + next(10))]
      view.style = ViewStyle(
        shape: shapes[index % 3], fill: Color(red: next(1), green: next(1), blue: next(1)),
        stroke: index % 2 == 0 ? .white : nil, strokeWidth: 1 + next(2))
      if index % 4 != 3 { view.transform = AffineTransform(rotationAngle: next(3)) }
      if index % 5 == 2 { view.alpha = 0.7 }
      window.rootView.addSubview(view)
    }
    return window
  }

  @Test(
    "a damaged rectangle's rows are repaired and not a pixel outside them", arguments: [1.0, 1.25, 1.5, 2.0])
  func repairStaysInside(scale: Double) {
    let window = Self.curvedScene()
    let width = Int(200 * scale)
    let height = Int(300 * scale)
    let reference = Image(width: width, height: height)
    Renderer().render(window, background: Self.backdrop, into: reference.buffer, scale: scale)
    let expected = reference.bytes
    // Rectangles of the whole height, or starting and ending at fractional rows, crossing the
    // shapes at many heights.
    let damages = [
      Rect(x: 30, y: 0, width: 90, height: 300), Rect(x: 55.5, y: 13.3, width: 60.2, height: 251.9),
      Rect(x: 0, y: 40.7, width: 200, height: 170),
    ]
    for damaged in damages {
      let image = Image(width: width, height: height)
      let sentinel: [UInt8] = [0xFF, 0x00, 0xFF, 0xFF]
      for offset in stride(from: 0, to: width * height * 4, by: 4) {
        image.buffer.data.storeBytes(of: 0xFFFF_00FF as UInt32, toByteOffset: offset, as: UInt32.self)
      }
      Renderer().render(
        window, background: Self.backdrop, into: image.buffer, scale: scale, damage: [damaged])
      let inside = Renderer.bufferRects(for: [damaged], scale: scale, width: width, height: height)[0]
      // Whole logical pixels, then whole buffer pixels: the rectangle only grows.
      #expect(inside.minY <= damaged.minY * scale && inside.maxY >= damaged.maxY * scale)
      let actual = image.bytes
      var mismatches = 0
      for y in 0..<height {
        for x in 0..<width {
          let offset = (y * width + x) * 4
          let drawn = Double(y) >= inside.minY && Double(y) < inside.maxY
          let want = drawn ? Array(expected[offset..<offset + 4]) : sentinel
          let got = Array(actual[offset..<offset + 4])
          if drawn ? Self.mismatches(got, want) > 0 : got != want { mismatches += 1 }
        }
      }
      #expect(mismatches == 0, "\(damaged) at scale \(scale)")
    }
  }

  @Test("damage at the frame's edge over a circle crossing it is repaired")
  func damageAtFrameEdge() {
    let window = Window(size: Size(width: 120, height: 90), clock: VirtualClock())
    for (x, y) in [(-20.5, 10.25), (95.3, 40.6)] {
      let disc = View(frame: Rect(x: x, y: y, width: 45, height: 45))
      disc.style = ViewStyle(shape: .circle, fill: Color(hex: "#61afef"), stroke: .white, strokeWidth: 2)
      disc.transform = AffineTransform(rotationAngle: 0.3)
      window.rootView.addSubview(disc)
    }
    let reference = Image(width: 120, height: 90)
    Renderer().render(window, background: Self.backdrop, into: reference.buffer, scale: 1)
    let image = Image(width: 120, height: 90)
    Renderer().render(window, background: Self.backdrop, into: image.buffer, scale: 1)
    let renderer = Renderer()
    renderer.render(
      window, background: Self.backdrop, into: image.buffer, scale: 1,
      damage: [Rect(x: 0, y: 0, width: 30, height: 90), Rect(x: 100, y: 30, width: 20, height: 40)])
    #expect(Self.mismatches(image.bytes, reference.bytes) == 0)
  }
}
