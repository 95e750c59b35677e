import CWaylandClient

// The frame's pixels when the drawing side draws no title bar: a plain bar with blocky
// glyphs, and the border's transparent buffer.
extension ClientDecoration {
  /// Clears the border's buffer: transparent, it only takes input.
  static func clear(_ buffer: ShmBuffer) {
    buffer.data.initializeMemory(as: UInt8.self, repeating: 0, count: buffer.stride * buffer.height)
  }

  /// Draws the title bar and its glyphs into a buffer of the bar's size.
  static func paintTitleBar(_ bar: TitleBar, scale: Int, into buffer: ShmBuffer) {
    let pixels = buffer.data.bindMemory(to: UInt32.self, capacity: buffer.stride / 4 * buffer.height)
    let rowPixels = buffer.stride / 4
    func fill(_ x: Int, _ y: Int, _ width: Int, _ height: Int, _ color: UInt32) {
      let x0 = max(0, x)
      let y0 = max(0, y)
      let x1 = min(buffer.width, x + width)
      let y1 = min(buffer.height, y + height)
      guard x0 < x1, y0 < y1 else { return }
      for row in y0..<y1 {
        let start = row * rowPixels
        for column in x0..<x1 { pixels[start + column] = color }
      }
    }
    let s = scale
    let height = TitleBar.height
    fill(0, 0, bar.width * s, height * s, titleBarColor)
    fill(0, (height - 1) * s, bar.width * s, s, separatorColor)
    let glyph = 10 * s
    let thickness = max(1, (3 * s) / 2)
    for button in bar.buttons {
      let centreX = (bar.buttonX(button) + TitleBar.buttonWidth / 2) * s
      let centreY = height * s / 2
      let gx = centreX - glyph / 2
      let gy = centreY - glyph / 2
      switch button {
      case .minimize:
        fill(gx, gy + glyph - thickness, glyph, thickness, glyphColor)
      case .maximize:
        fill(gx, gy, glyph, thickness, glyphColor)
        fill(gx, gy + glyph - thickness, glyph, thickness, glyphColor)
        fill(gx, gy, thickness, glyph, glyphColor)
        fill(gx + glyph - thickness, gy, thickness, glyph, glyphColor)
      case .close:
        for step in 0..<glyph {
          fill(gx + step, gy + step, thickness, thickness, glyphColor)
          fill(gx + glyph - 1 - step, gy + step, thickness, thickness, glyphColor)
        }
      }
    }
  }
}
