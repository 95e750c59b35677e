import GestureKit
import Testing

@Suite("Seat input translator: key repeats")
struct KeyRepeatTranslationTests {
  @Test("a press of a key already down is a repeat; a release ends it; modifiers go with it")
  func pressOfAHeldKeyIsARepeat() {
    let translator = SeatInputTranslator(
      window: Window(size: Size(width: 100, height: 100), clock: VirtualClock()))
    var keys: [KeyPress] = []
    translator.onKey = { keys.append($0) }
    let events: [SeatEvent] = [
      .key(name: "Shift_L", pressed: true),
      .key(name: "ISO_Left_Tab", pressed: true),
      .key(name: "ISO_Left_Tab", pressed: true),
      .key(name: "ISO_Left_Tab", pressed: false),
      .key(name: "Shift_L", pressed: false),
      .key(name: "Tab", pressed: true),
    ]
    for (index, event) in events.enumerated() { translator.handle(event, at: Double(index)) }
    #expect(keys.map(\.isRepeat) == [false, false, true, false, false, false])
    #expect(keys[2].modifiers == .shift)
    #expect(keys[2].isPressed)
    #expect(keys[5].modifiers.isEmpty)
  }

  @Test("a key's Shift-level digit and Latin letter go with its press")
  func shiftedName() {
    let translator = SeatInputTranslator(
      window: Window(size: Size(width: 100, height: 100), clock: VirtualClock()))
    var keys: [KeyPress] = []
    translator.onKey = { keys.append($0) }
    translator.handle(.key(name: "ampersand", pressed: true, shifted: "1"), at: 0)
    translator.handle(.key(name: "ampersand", pressed: false), at: 0.1)
    translator.handle(.key(name: "Cyrillic_ve", pressed: true, latin: "d"), at: 0.2)
    #expect(keys.map(\.shiftedName) == ["1", nil, nil])
    #expect(keys.map(\.latinName) == [nil, nil, "d"])
  }
}
