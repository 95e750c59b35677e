import CairoRenderer
import GestureKit
import Testing
import WaylandBackend

@testable import Playground

/// An opaque colour as 8-bit channels.
private func rgba(_ color: Color) -> RGBA8 {
  RGBA8(
    r: UInt8((color.red * 255).rounded()), g: UInt8((color.green * 255).rounded()),
    b: UInt8((color.blue * 255).rounded()))
}

/// The client-side title bar as the app draws it: the title cut before the buttons, a
/// highlight under the pointer, red for close, the restore glyph when maximised.
@Suite("Title bar")
struct TitleBarViewTests {
  /// `bar` drawn by the live session's drawing side at `scale`.
  private func draw(_ bar: TitleBar, scale: Double = 1) -> Image {
    let window = Window(size: Size(width: 10, height: 10), clock: VirtualClock())
    let drawing = SceneDrawing(window: window) { .black }
    let image = Image(width: Int(Double(bar.width) * scale), height: Int(Double(TitleBar.height) * scale))
    let buffer = image.buffer
    let target = FrameTarget(
      data: buffer.data, width: buffer.width, height: buffer.height, stride: buffer.stride, scale: scale)
    #expect(drawing.drawTitleBar(bar, into: target))
    return image
  }

  /// Whether any pixel of `image` in columns `xs` and rows `ys` is close to `color`.
  private func has(_ color: Color, in image: Image, xs: Range<Int>, ys: Range<Int>) -> Bool {
    let target = rgba(color)
    return ys.contains { y in xs.contains { x in image.pixel(x: x, y: y).isClose(to: target, tolerance: 12) }
    }
  }

  @Test("a long title is cut with an ellipsis before the buttons; a short one is drawn whole")
  func titleCut() {
    let long = draw(TitleBar(title: String(repeating: "Wide title ", count: 40), width: 400))
    let buttonsLeft = TitleBar(title: "", width: 400).buttonX(.minimize)
    // Ink of the title (its light colour) reaches near the cut (12 px before the buttons),
    // never past it.
    #expect(has(TitleBarView.foreground, in: long, xs: buttonsLeft - 40..<buttonsLeft - 12, ys: 8..<24))
    #expect(!has(TitleBarView.foreground, in: long, xs: buttonsLeft - 11..<buttonsLeft + 10, ys: 4..<28))
    let short = draw(TitleBar(title: "Hi", width: 400))
    #expect(has(TitleBarView.foreground, in: short, xs: 10..<30, ys: 8..<24))
    #expect(!has(TitleBarView.foreground, in: short, xs: 60..<buttonsLeft, ys: 4..<28))
  }

  @Test("the button under the pointer is lit; close in red; nothing lit otherwise")
  func hover() {
    let bar = TitleBar(title: "t", width: 400)
    let plain = draw(bar)
    for button in TitleBar.Button.allCases {
      let xs = bar.buttonX(button) + 6..<bar.buttonX(button) + 12
      #expect(!has(TitleBarView.hoverFill, in: plain, xs: xs, ys: 6..<10), "\(button)")
      var hovered = bar
      hovered.hovered = button
      let lit = draw(hovered)
      let fill = button == .close ? TitleBarView.closeFill : TitleBarView.hoverFill
      #expect(has(fill, in: lit, xs: xs, ys: 6..<10), "\(button)")
      var pressed = bar
      pressed.pressed = button
      #expect(
        has(
          button == .close ? TitleBarView.closeFill : TitleBarView.pressFill, in: draw(pressed), xs: xs,
          ys: 6..<10))
    }
  }

  @Test("maximised, the maximise button shows restore; glyphs are anti-aliased at scale 2")
  func restoreGlyph() {
    let bar = TitleBar(title: "t", width: 300)
    var maximized = bar
    maximized.isMaximized = true
    let normal = draw(bar, scale: 2)
    let restore = draw(maximized, scale: 2)
    let box = (bar.buttonX(.maximize) * 2)..<((bar.buttonX(.maximize) + TitleBar.buttonWidth) * 2)
    let differs = (0..<TitleBar.height * 2).contains { y in
      box.contains { x in normal.pixel(x: x, y: y) != restore.pixel(x: x, y: y) }
    }
    #expect(differs)
    // The close cross's diagonal has partly covered pixels: between the bar and the glyph.
    let close = (bar.buttonX(.close) * 2)..<((bar.buttonX(.close) + TitleBar.buttonWidth) * 2)
    let background = rgba(TitleBarView.background)
    let foreground = rgba(TitleBarView.foreground)
    let blended = (0..<TitleBar.height * 2).contains { y in
      close.contains { x in
        let pixel = normal.pixel(x: x, y: y)
        return !pixel.isClose(to: background, tolerance: 8) && !pixel.isClose(to: foreground, tolerance: 8)
      }
    }
    #expect(blended)
  }

  @Test("without minimise and maximise, close alone sits at the right end and the title takes the room")
  func closeOnly() {
    let bar = TitleBar(title: String(repeating: "Wide title ", count: 40), width: 400, buttons: [.close])
    #expect(bar.buttonX(.close) == 360)
    #expect(bar.titleWidth == 360)
    var hovered = bar
    hovered.hovered = .close
    let image = draw(hovered)
    #expect(has(TitleBarView.closeFill, in: image, xs: 366..<372, ys: 6..<10))
    // The title's ink reaches up to 12 px before close; with no title, no glyph is drawn
    // where minimise and maximise were.
    #expect(has(TitleBarView.foreground, in: image, xs: 300..<348, ys: 8..<24))
    var untitled = bar
    untitled.title = ""
    #expect(!has(TitleBarView.foreground, in: draw(untitled), xs: 0..<360, ys: 4..<28))
    #expect(has(TitleBarView.foreground, in: draw(untitled), xs: 360..<400, ys: 4..<28))
  }
}
