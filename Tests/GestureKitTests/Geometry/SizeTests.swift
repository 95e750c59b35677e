import Testing

@testable import GestureKit

@Suite("Size")
struct SizeTests {
  @Test("a size keeps its width and height and prints as WxH")
  func basics() {
    let size = Size(width: 960, height: 640.5)
    #expect(size.width == 960)
    #expect(size.height == 640.5)
    #expect(size.description == "960x640.5")
    #expect(Size.zero == Size(width: 0, height: 0))
  }
}
