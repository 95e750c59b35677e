import GestureKit
import Testing

@testable import CairoRenderer

/// A card dragged by fractions of a pixel, repaired in bands of a scratch image widened to
/// the window (as the app's debug overlay widens it): every frame matches cairo's full
/// repaint byte for byte; at exact positions no coverage mask is made for positions seen in one
/// frame only, and at quarter-pixel positions masks are made for at most 16 phases.
/// Also the masks themselves, at many sub-pixel offsets, radii, stroke widths and scales.
@Suite("Renderer fractional drags")
struct RendererFractionalDragTests {
  private static let background = Color(red: 0.12, green: 0.12, blue: 0.14)

  /// Custom drawing over the whole window: repairs through it are widened to the window
  /// (unless `isIdle`: it then draws nothing, and cuts nothing).
  private final class Overlay: View, CustomDrawing {
    var isIdle = false

    func draw(in context: DrawingContext) {
      guard !isIdle else { return }
      context.setColor(.white)
      context.addCircle(center: Point(x: 30, y: 30), radius: 6)
      context.fill()
    }
  }

  @Test(
    "a card dragged by fractional steps in bands repairs as cairo draws, making masks for 16 phases at most",
    arguments: [false, true], [false, true])
  func fractionalDragInBands(idleOverlay: Bool, snapsPositions: Bool) {
    let window = Window(size: Size(width: 200, height: 160), clock: VirtualClock())
    let under = View(frame: Rect(x: 60, y: 40, width: 50, height: 70))
    under.style = ViewStyle(shape: .roundRect(cornerRadius: 9), fill: Color(red: 0.2, green: 0.4, blue: 0.8))
    let card = View(frame: Rect(x: 10, y: 10, width: 70, height: 90))
    card.style = ViewStyle(
      shape: .roundRect(cornerRadius: 12), fill: Color(red: 0.9, green: 0.3, blue: 0.2), stroke: .white,
      strokeWidth: 2)
    let overlay = Overlay(frame: Rect(x: 0, y: 0, width: 200, height: 160))
    overlay.isIdle = idleOverlay
    for view in [under, card, overlay] { window.rootView.addSubview(view) }
    // Bands of 16 rows: the card is cut at the top and bottom of several.
    let renderer = Renderer.banded(rows: 16)
    renderer.snapsPositions = snapsPositions
    let image = Image(width: 200, height: 160)
    renderer.render(window, background: Self.background, into: image.buffer, scale: 1)
    var region = DamageRegion()
    window.takeDamage(into: &region)
    // The still shape under the card gets its mask in the first repair; the card none.
    var masksAfterFirstFrame = 0
    for frame in 0..<24 {
      card.center = card.center + Point(x: 1.37, y: 0.46)
      window.takeDamage(into: &region)
      renderer.render(window, background: Self.background, into: image.buffer, scale: 1, damage: region.rects)
      #expect(
        image.bytes
          == Image.cairoReference(
            of: window, background: Self.background, scale: 1, snapsPositions: snapsPositions
          ).bytes,
        "frame \(frame), idle \(idleOverlay), snapping \(snapsPositions)")
      if frame == 0 { masksAfterFirstFrame = renderer.fastFill.masksMade }
    }
    if snapsPositions {
      // At quarter pixels the moving card's fill and stroke take at most 16 phases each.
      #expect(renderer.fastFill.masksMade - masksAfterFirstFrame <= 2 * 16)
    } else {
      #expect(renderer.fastFill.masksMade == masksAfterFirstFrame)
    }
  }

  @Test("masks at sub-pixel offsets replay cairo's fills and strokes", arguments: [1.0, 1.25, 2.0])
  func subPixelMasks(scale: Double) {
    let window = Window(size: Size(width: 64, height: 48), clock: VirtualClock())
    let view = View(frame: .zero)
    window.rootView.addSubview(view)
    let renderer = Renderer()
    let image = Image(width: Int(64 * scale), height: Int(48 * scale))
    for (index, radius) in [0, 2.7, 9, 40].enumerated() {
      for width in [0, 0.75, 1, 3.5] {
        view.style = ViewStyle(
          shape: index == 0 ? .rect : .roundRect(cornerRadius: radius),
          fill: width == 1 ? nil : Color(red: 0.9, green: 0.3, blue: 0.2),
          stroke: width > 0 ? .white : nil, strokeWidth: width)
        for step in 0..<16 {
          view.frame = Rect(
            x: 3 + Double(step % 4) / 4 + 0.1, y: 5 + Double(step / 4) / 4 + 0.05, width: 41.3, height: 30.6)
          // The second frame makes the masks, the third replays them.
          for _ in 0..<3 {
            renderer.render(window, background: Self.background, into: image.buffer, scale: scale)
          }
          #expect(
            image.bytes == Image.cairoReference(of: window, background: Self.background, scale: scale).bytes,
            "radius \(radius), width \(width), step \(step)")
        }
      }
    }
  }

  @Test("drags at ever new sub-pixel positions keep the mask cache within its byte budget")
  func maskCacheStaysWithinBudget() {
    let window = Window(size: Size(width: 400, height: 400), clock: VirtualClock())
    let card = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    card.style = ViewStyle(shape: .roundRect(cornerRadius: 20), fill: Color(red: 0.9, green: 0.3, blue: 0.2))
    window.rootView.addSubview(card)
    let renderer = Renderer()
    // Exact positions: rounded to quarter pixels, positions would repeat.
    renderer.snapsPositions = false
    let image = Image(width: 400, height: 400)
    // Each position drawn in two frames gets a mask (about 92 kB each): 60 of them are more
    // than the budget holds.
    for step in 0..<60 {
      card.frame.origin = Point(x: 10 + Double(step) * 0.37, y: 10 + Double(step) * 0.11)
      for _ in 0..<2 { renderer.render(window, background: Self.background, into: image.buffer, scale: 1) }
      #expect(renderer.fastFill.maskBytes <= FastFill.maximumMaskBytes)
    }
    #expect(renderer.fastFill.masksMade == 60)
    #expect(renderer.fastFill.maskBytes < 60 * 90_000, "the cache was never emptied")
    #expect(
      image.bytes
        == Image.cairoReference(of: window, background: Self.background, scale: 1, snapsPositions: false)
        .bytes)
  }
}
