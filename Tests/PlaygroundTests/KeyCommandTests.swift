import GestureKit
import Testing

@testable import Playground

/// A press (or release) of `name` with `modifiers`.
private func key(_ name: String, _ modifiers: KeyModifiers = [], pressed: Bool = true) -> KeyPress {
  KeyPress(name: name, isPressed: pressed, modifiers: modifiers, time: 0)
}

@Suite("Key commands")
struct KeyCommandTests {
  @Test("Esc cancels, R rebuilds, Ctrl+Q quits")
  func commands() {
    #expect(KeyCommand(key("Escape")) == .cancelTouches)
    #expect(KeyCommand(key("r")) == .rebuildScene)
    #expect(KeyCommand(key("R", .shift)) == .rebuildScene)
    #expect(KeyCommand(key("q", .control)) == .quit)
    #expect(KeyCommand(key("Q", [.control, .shift])) == .quit)
  }

  @Test("Down and Up step through an open menu, Return and keypad Enter choose; with a modifier, nothing")
  func menuKeys() {
    #expect(KeyCommand(key("Down")) == .nextMenuItem)
    #expect(KeyCommand(key("Up")) == .previousMenuItem)
    #expect(KeyCommand(key("Return")) == .chooseMenuItem)
    #expect(KeyCommand(key("KP_Enter")) == .chooseMenuItem)
    #expect(KeyCommand(key("Down", .shift)) == nil)
    #expect(KeyCommand(key("Return", .control)) == nil)
  }

  @Test("releases, other keys and other modifiers do nothing")
  func nothing() {
    #expect(KeyCommand(key("Escape", pressed: false)) == nil)
    #expect(KeyCommand(key("q")) == nil)
    #expect(KeyCommand(key("r", .control)) == nil)
    #expect(KeyCommand(key("r", .alt)) == nil)
    #expect(KeyCommand(key("Control_L")) == nil)
    #expect(KeyCommand(key("a")) == nil)
  }
}

@Suite("Key commands: repeats")
struct KeyCommandRepeatTests {
  /// A repeated press of `name`.
  private func repeated(_ name: String, _ modifiers: KeyModifiers = []) -> KeyPress {
    KeyPress(name: name, isPressed: true, modifiers: modifiers, time: 0, isRepeat: true)
  }

  @Test("only Tab, Shift+Tab, Down and Up act on a repeat: they step through the scenes and a menu")
  func onlySceneCyclingRepeats() {
    #expect(KeyCommand(repeated("Down")) == .nextMenuItem)
    #expect(KeyCommand(repeated("Up")) == .previousMenuItem)
    #expect(KeyCommand(repeated("Return")) == nil)
    #expect(KeyCommand(repeated("Tab")) == .nextScene)
    #expect(KeyCommand(repeated("ISO_Left_Tab", .shift)) == .previousScene)
    #expect(KeyCommand(repeated("Tab", .shift)) == .previousScene)
    for name in ["Escape", "r", "d", "1", "0"] {
      #expect(KeyCommand(repeated(name)) == nil)
    }
    #expect(KeyCommand(repeated("q", .control)) == nil)
    #expect(KeyCommand.repeats(keyNamed: "Tab"))
    #expect(!KeyCommand.repeats(keyNamed: "Escape"))
  }
}
