import Testing

@testable import WaylandBackend

@Suite("Event time converter")
struct EventTimeConverterTests {
  @Test("compositor milliseconds keep their spacing on the app clock")
  func keepsSpacing() {
    var converter = EventTimeConverter()
    let first = converter.seconds(milliseconds: 5_000, now: 100.010)
    let second = converter.seconds(milliseconds: 5_008, now: 100.030)
    #expect(abs(first - 100.010) < 1e-9)
    #expect(abs((second - first) - 0.008) < 1e-9)
  }

  @Test("a different base, or a drift beyond a second, re-learns the offset")
  func relearnsTheOffset() {
    var converter = EventTimeConverter()
    _ = converter.seconds(milliseconds: 5_000, now: 100)
    let jumped = converter.seconds(milliseconds: 900_000, now: 103)
    #expect(abs(jumped - 103) < 1e-9)
  }

  @Test("times never go backwards")
  func monotonic() {
    var converter = EventTimeConverter()
    let first = converter.seconds(milliseconds: 5_000, now: 100)
    let earlier = converter.seconds(milliseconds: 4_990, now: 100.001)
    #expect(earlier == first)
    #expect(converter.last == first)
  }
}
