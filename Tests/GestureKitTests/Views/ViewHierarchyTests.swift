import Testing

@testable import GestureKit

@Suite("View hierarchy")
struct ViewHierarchyTests {
  func ids(_ view: View) -> [String] {
    view.subviews.map { $0.identifier ?? "?" }
  }

  @Test("subviews keep back-to-front order through adds, inserts and reordering")
  func zOrder() {
    let harness = Harness()
    let a = harness.addView("a", 0, 0, 1, 1)
    let b = harness.addView("b", 0, 0, 1, 1)
    let c = View(frame: .zero)
    c.identifier = "c"
    harness.root.insertSubview(c, at: 1)
    #expect(ids(harness.root) == ["a", "c", "b"])
    harness.root.bringSubviewToFront(a)
    #expect(ids(harness.root) == ["c", "b", "a"])
    harness.root.sendSubviewToBack(a)
    #expect(ids(harness.root) == ["a", "c", "b"])
    harness.root.addSubview(a)
    #expect(ids(harness.root) == ["c", "b", "a"], "re-adding brings to front")
    harness.root.insertSubview(b, at: 99)
    #expect(ids(harness.root) == ["c", "a", "b"], "indexes are clamped")
    b.removeFromSuperview()
    #expect(ids(harness.root) == ["c", "a"])
    #expect(b.superview == nil)
  }

  @Test("adding a view to a new parent takes it from the old one")
  func reparenting() {
    let harness = Harness()
    let first = harness.addView("first", 0, 0, 1, 1)
    let second = harness.addView("second", 0, 0, 1, 1)
    let child = harness.addView("child", 0, 0, 1, 1, to: first)
    second.addSubview(child)
    #expect(first.subviews.isEmpty)
    #expect(child.superview === second)
    #expect(child.isDescendant(of: second) && child.isDescendant(of: harness.root))
    #expect(child.isDescendant(of: child))
    #expect(!child.isDescendant(of: first))
  }

  @Test("attaching a recognizer to a second view detaches it from the first")
  func recognizers() {
    let harness = Harness()
    let red = harness.addView("red", 0, 0, 1, 1)
    let blue = harness.addView("blue", 0, 0, 1, 1)
    let pan = harness.addPan("pan", to: red)
    #expect(pan.view === red && red.gestureRecognizers.count == 1)
    blue.addGestureRecognizer(pan)
    #expect(red.gestureRecognizers.isEmpty && pan.view === blue)
    blue.removeGestureRecognizer(pan)
    #expect(blue.gestureRecognizers.isEmpty && pan.view == nil)
  }
}
