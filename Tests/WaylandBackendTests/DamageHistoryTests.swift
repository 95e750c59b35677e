import GestureKit
import Testing

@testable import WaylandBackend

@Suite("Damage history")
struct DamageHistoryTests {
  private let a = Rect(x: 0, y: 0, width: 10, height: 10)
  private let b = Rect(x: 100, y: 0, width: 10, height: 10)
  private let c = Rect(x: 200, y: 0, width: 10, height: 10)

  @Test("a buffer of age n is repaired with the damage of the last n frames")
  func ages() {
    var history = DamageHistory(capacity: 3)
    history.record([a])
    history.record([b])
    history.record([c])
    #expect(history.repairRegion(forBufferAge: 1)?.rects == [c])
    #expect(history.repairRegion(forBufferAge: 2)?.rects == [c, b])
    #expect(history.repairRegion(forBufferAge: 3)?.rects == [c, b, a])
  }

  @Test("unknown, too old or forgotten buffers get a full repaint")
  func fullRepaint() {
    var history = DamageHistory(capacity: 2)
    #expect(history.repairRegion(forBufferAge: 1) == nil)
    history.record([a])
    history.record([b])
    history.record([c])
    #expect(history.repairRegion(forBufferAge: 0) == nil)
    #expect(history.repairRegion(forBufferAge: 3) == nil)
    #expect(history.repairRegion(forBufferAge: 2)?.rects == [c, b])
    history.reset()
    #expect(history.repairRegion(forBufferAge: 1) == nil)
    history.record([a])
    #expect(history.repairRegion(forBufferAge: 1)?.rects == [a])
    #expect(history.repairRegion(forBufferAge: 2) == nil)
  }

  @Test("a buffer's age counts the frames since it was drawn")
  func bufferAge() {
    var history = DamageHistory()
    let first = history.record([a])
    history.record([b])
    #expect(history.bufferAge(lastDrawnInFrame: first) == 1)
    history.record([c])
    #expect(history.bufferAge(lastDrawnInFrame: first) == 2)
    #expect(history.bufferAge(lastDrawnInFrame: nil) == 0)
    #expect(history.bufferAge(lastDrawnInFrame: history.frameCount) == 0)
  }
}
