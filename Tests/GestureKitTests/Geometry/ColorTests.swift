import Testing

@testable import GestureKit

@Suite("Color")
struct ColorTests {
  @Test("hex strings with six or eight digits parse, in either case")
  func parsing() throws {
    let red = try #require(Color(hex: "#e06c75"))
    #expect(red == Color(red: 224.0 / 255, green: 108.0 / 255, blue: 117.0 / 255, alpha: 1))
    let translucent = try #require(Color(hex: "#FF000080"))
    #expect(translucent.red == 1 && translucent.green == 0 && translucent.blue == 0)
    #expect(translucent.alpha == 128.0 / 255)
    #expect(translucent.hexString == "#ff000080")
  }

  @Test("malformed hex strings are rejected")
  func rejection() {
    for text in ["e06c75", "#e06c7", "#e06c7512a", "#g06c75", "", "#", "#12345678 "] {
      #expect(Color(hex: text) == nil, "\(text)")
    }
  }

  @Test("components are clamped to 0...1")
  func clamping() {
    let color = Color(red: 2, green: -1, blue: 0.5, alpha: 1.5)
    #expect(color == Color(red: 1, green: 0, blue: 0.5, alpha: 1))
    #expect(Color.white.hexString == "#ffffffff")
    #expect(Color.clear.alpha == 0)
  }
}
