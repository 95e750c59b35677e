import GestureKit
import Testing

@testable import WaylandBackend

/// With the client-side frame the window's surface holds the title bar's rows above the
/// content, so every located seat event is moved up by them before the translator sees it
/// (`WaylandApplication.event(_:movedUpBy:)`).
@Suite("Content offset")
struct ContentOffsetTests {
  private func moved(_ event: SeatEvent) -> SeatEvent {
    WaylandApplication.event(event, movedUpBy: 32)
  }

  @Test("Fingers, the pointer and a pen are all moved up by the title bar's rows")
  func locatedEventsMoveUp() {
    let at = Point(x: 100, y: 132)
    let up = Point(x: 100, y: 100)
    #expect(moved(.touchDown(id: 1, location: at)) == SeatEvent.touchDown(id: 1, location: up))
    #expect(moved(.touchMotion(id: 1, location: at)) == SeatEvent.touchMotion(id: 1, location: up))
    #expect(moved(.pointerEnter(location: at)) == SeatEvent.pointerEnter(location: up))
    #expect(moved(.pointerMotion(location: at)) == SeatEvent.pointerMotion(location: up))
    // Before, a pen's position was left as it came: 32 px below where it pointed.
    #expect(
      moved(.tabletMotion(tool: 2, location: at))
        == SeatEvent.tabletMotion(tool: 2, location: up))
  }

  @Test("Events without a place, and everything without a frame, are left as they are")
  func othersStay() {
    #expect(moved(.tabletFrame(tool: 2)) == SeatEvent.tabletFrame(tool: 2))
    #expect(moved(.touchFrame) == SeatEvent.touchFrame)
    let at = SeatEvent.tabletMotion(tool: 0, location: Point(x: 5, y: 7))
    #expect(WaylandApplication.event(at, movedUpBy: 0) == at)
  }
}
