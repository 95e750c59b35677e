import Testing

@testable import GestureKit

@Suite("TouchInput and InputFrame")
struct TouchInputTests {
  @Test("the shorthands build the same inputs as the memberwise initializer")
  func shorthands() {
    let p = Point(x: 1, y: 2)
    #expect(TouchInput.down(3, at: p) == TouchInput(kind: .down, id: 3, location: p, type: .direct))
    #expect(
      TouchInput.motion(-1, to: p, type: .indirectPointer)
        == TouchInput(kind: .motion, id: TouchInput.pointerID, location: p, type: .indirectPointer))
    #expect(TouchInput.up(3).kind == .up)
    let frame = InputFrame(timestamp: 1.5, touches: [.up(3)])
    #expect(frame.timestamp == 1.5 && frame.touches.count == 1)
    #expect(TouchType.allCases.map(\.description) == ["direct", "indirectPointer", "pencil"])
    #expect(
      TouchType.allCases.allSatisfy { TouchType(name: $0.description) == $0 }
        && TouchType(name: "stylus") == nil)
  }
}
