import CairoRenderer
import GestureKit
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Image")
struct ImageTests {
  @Test("a new image is transparent")
  func transparent() {
    let image = Image(width: 3, height: 2)
    #expect(image.pixel(x: 2, y: 1) == RGBA8(r: 0, g: 0, b: 0, a: 0))
  }

  @Test("pixels come back un-premultiplied")
  func unpremultiplied() {
    let image = Image(width: 1, height: 1)
    let word: UInt32 = 0x8040_2000  // alpha 0x80, premultiplied r 0x40, g 0x20, b 0
    image.buffer.data.storeBytes(of: word, as: UInt32.self)
    #expect(image.pixel(x: 0, y: 0) == RGBA8(r: 0x80, g: 0x40, b: 0, a: 0x80))
  }

  @Test("a rendered image survives a PNG round trip pixel for pixel")
  func pngRoundTrip() throws {
    let image = render(renderedWindow())
    let path = temporaryDirectory() + "/frame.png"
    try image.writePNG(to: path)
    let loaded = try Image(contentsOfPNG: path)
    #expect(loaded.width == image.width && loaded.height == image.height)
    var differences = 0
    for y in 0..<image.height {
      for x in 0..<image.width where loaded.pixel(x: x, y: y) != image.pixel(x: x, y: y) {
        differences += 1
      }
    }
    #expect(differences == 0)
    unlink(path)
  }

  @Test("reading a missing PNG throws a one-line error naming the file")
  func missingPNG() {
    #expect(throws: ImageError.cannotRead(path: "/nonexistent/x.png", reason: "file not found")) {
      try Image(contentsOfPNG: "/nonexistent/x.png")
    }
    #expect(
      ImageError.cannotRead(path: "/nonexistent/x.png", reason: "file not found").description
        == "/nonexistent/x.png: cannot read PNG image: file not found")
  }

  @Test("writing into a missing folder throws")
  func unwritable() {
    #expect(throws: ImageError.self) { try Image(width: 1, height: 1).writePNG(to: "/nonexistent/x.png") }
  }
}
