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
    let error = ImageError.cannotRead(path: "/nonexistent/x.png", reason: "No such file or directory")
    #expect(throws: error) { try Image(contentsOfPNG: "/nonexistent/x.png") }
    #expect(error.description == "/nonexistent/x.png: cannot read PNG image: No such file or directory")
  }

  @Test("a directory, random bytes, a truncated header and an oversized image each say what they are")
  func badFiles() throws {
    let folder = temporaryDirectory()
    #expect(throws: ImageError.isDirectory(path: folder)) { try Image(contentsOfPNG: folder) }
    #expect(ImageError.isDirectory(path: folder).description == "\(folder): is a directory, not a PNG image")
    let random = folder + "/random.png"
    var generator = SplitMix64(seed: 42)
    try write((0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }, to: random)
    #expect(throws: ImageError.notPNG(path: random)) { try Image(contentsOfPNG: random) }
    // A PNG whose header declares 20000 x 20000 pixels: refused before anything is decoded.
    let signature: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    let huge = folder + "/huge.png"
    try write(signature + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0], to: huge)
    let tooLarge = ImageError.tooLarge(path: huge, width: 20_000, height: 20_000)
    #expect(throws: tooLarge) { try Image(contentsOfPNG: huge) }
    #expect(
      tooLarge.description
        == "\(huge): the PNG image is 20000x20000 pixels, over the limit of 16384 pixels a side")
    // 8000 x 8000 is within a side but over 40 megapixels: the message names that limit.
    try write(signature + [0, 0, 0x1F, 0x40, 0, 0, 0x1F, 0x40, 8, 6, 0, 0, 0], to: huge)
    let area = ImageError.tooLarge(path: huge, width: 8000, height: 8000)
    #expect(throws: area) { try Image(contentsOfPNG: huge) }
    #expect(
      area.description
        == "\(huge): the PNG image is 8000x8000 pixels (64.0 megapixels), over the limit of 40 megapixels")
    let truncated = folder + "/truncated.png"
    try write(Array(signature.prefix(10)), to: truncated)
    #expect(throws: ImageError.notPNG(path: truncated)) { try Image(contentsOfPNG: truncated) }
    for file in [random, huge, truncated] { unlink(file) }
  }

  /// Writes `bytes` to a new file at `path`.
  private func write(_ bytes: [UInt8], to path: String) throws {
    let file = try #require(fopen(path, "wb"))
    defer { fclose(file) }
    #expect(bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) } == bytes.count)
  }

  @Test("a PNG cut short says so; a FIFO is refused at once, not waited on")
  func truncatedAndFIFO() throws {
    let folder = temporaryDirectory()
    let whole = folder + "/whole.png"
    let image = Image(width: 64, height: 48)
    try image.writePNG(to: whole)
    let bytes = try image.pngData()
    #expect(try Image(contentsOfPNG: whole).width == 64)
    let cut = folder + "/cut.png"
    try write(Array(bytes.prefix(bytes.count - 20)), to: cut)
    #expect(throws: ImageError.truncated(path: cut)) { try Image(contentsOfPNG: cut) }
    #expect(
      ImageError.truncated(path: cut).description
        == "\(cut): the PNG image is cut short (the file ends before the image does)")
    let fifo = folder + "/fifo.png"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: ImageError.notRegular(path: fifo, kind: "a FIFO")) { try Image(contentsOfPNG: fifo) }
    #expect(throws: ImageError.notRegular(path: "/dev/zero", kind: "a character device")) {
      try Image(contentsOfPNG: "/dev/zero")
    }
  }

  @Test("writing into a missing folder throws")
  func unwritable() {
    #expect(throws: ImageError.self) { try Image(width: 1, height: 1).writePNG(to: "/nonexistent/x.png") }
  }
}
