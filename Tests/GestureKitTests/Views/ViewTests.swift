import Testing

@testable import GestureKit

@Suite("View geometry and redraw")
struct ViewGeometryTests {
  @Test("a view made from a frame has its centre in the superview and bounds at the origin")
  func initFromFrame() {
    let view = View(frame: Rect(x: 80, y: 120, width: 180, height: 240))
    #expect(view.center == Point(x: 170, y: 240))
    #expect(view.bounds == Rect(x: 0, y: 0, width: 180, height: 240))
    #expect(view.frame == Rect(x: 80, y: 120, width: 180, height: 240))
    #expect(view.alpha == 1 && !view.isHidden && view.isUserInteractionEnabled)
    #expect(!view.isMultipleTouchEnabled && !view.isExclusiveTouch && !view.clipsToBounds)
    #expect(view.style == ViewStyle())
    #expect(view.style.strokeWidth == 2 && view.style.fontSize == 16 && view.style.labelColor == .white)
  }

  @Test("the frame is the bounds transformed about the centre")
  func frameWithTransform() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    view.transform = AffineTransform(scaleX: 2, y: 2)
    #expect(view.frame == Rect(x: -50, y: -25, width: 200, height: 100))
    view.transform = AffineTransform(rotationAngle: Double.pi / 2)
    #expect(isClose(view.frame, Rect(x: 25, y: -25, width: 50, height: 100), tolerance: 1e-12))
  }

  @Test("setting the frame sets the centre and the bounds size, keeping the bounds origin")
  func settingFrame() {
    let view = View(frame: .zero)
    view.bounds.origin = Point(x: 5, y: 5)
    view.frame = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect(view.center == Point(x: 25, y: 40))
    #expect(view.bounds == Rect(x: 5, y: 5, width: 30, height: 40))
  }

  @Test("every change of geometry, style, alpha, visibility or tree marks the window dirty")
  func needsDisplay() {
    let harness = Harness()
    let window = harness.window
    let view = harness.addView("red", 0, 0, 10, 10)
    let other = View(frame: .zero)
    let changes: [(String, () -> Void)] = [
      ("center", { view.center = Point(x: 1, y: 1) }),
      ("bounds", { view.bounds.size.width = 20 }),
      ("frame", { view.frame = Rect(x: 0, y: 0, width: 5, height: 5) }),
      ("transform", { view.transform = AffineTransform(scaleX: 2, y: 2) }),
      ("alpha", { view.alpha = 0.5 }),
      ("hidden", { view.isHidden = true }),
      ("clips", { view.clipsToBounds = true }),
      ("style", { view.style.fill = .black }),
      ("add", { view.addSubview(other) }),
      ("front", { harness.root.bringSubviewToFront(view) }),
      ("back", { harness.root.sendSubviewToBack(view) }),
      ("remove", { other.removeFromSuperview() }),
      ("window size", { window.size = Size(width: 300, height: 300) }),
    ]
    for (name, change) in changes {
      window.needsDisplay = false
      change()
      #expect(window.needsDisplay, "\(name)")
    }
    window.needsDisplay = false
    other.center = Point(x: 9, y: 9)
    #expect(!window.needsDisplay, "a detached view does not dirty the window")
  }

  @Test("a view knows its window through its root")
  func window() {
    let harness = Harness()
    let parent = harness.addView("parent", 0, 0, 100, 100)
    let child = harness.addView("child", 0, 0, 10, 10, to: parent)
    #expect(child.window === harness.window)
    parent.removeFromSuperview()
    #expect(child.window == nil)
  }
}

@Suite("View hit testing")
struct ViewHitTestingTests {
  /// root 400x400; back (0,0,200,200) with child (50,50,50,50); front (100,100,200,200).
  final class Scene {
    let harness = Harness()
    let back: View
    let child: View
    let front: View

    init() {
      back = harness.addView("back", 0, 0, 200, 200)
      child = harness.addView("child", 50, 50, 50, 50, to: back)
      front = harness.addView("front", 100, 100, 200, 200)
    }

    func hit(_ x: Double, _ y: Double) -> String? {
      harness.window.hitTest(Point(x: x, y: y))?.identifier
    }
  }

  @Test("the front-most view under the point wins, deepest first")
  func frontMost() {
    let scene = Scene()
    #expect(scene.hit(60, 60) == "child")
    #expect(scene.hit(10, 10) == "back")
    #expect(scene.hit(150, 150) == "front")
    #expect(scene.hit(350, 350) == "root")
    scene.harness.root.bringSubviewToFront(scene.back)
    #expect(scene.hit(150, 150) == "back")
    #expect(scene.hit(250, 250) == "front")
  }

  @Test("hidden, non-interactive and nearly transparent views are skipped with their subtrees")
  func skipRules() {
    for skip in [
      { (v: View) in v.isHidden = true }, { $0.isUserInteractionEnabled = false }, { $0.alpha = 0.009 },
    ] {
      let scene = Scene()
      skip(scene.back)
      #expect(scene.hit(60, 60) == "root")
      #expect(scene.hit(10, 10) == "root")
    }
    let scene = Scene()
    scene.back.alpha = 0.01
    #expect(scene.hit(60, 60) == "child", "alpha 0.01 is still hit")
    scene.child.isHidden = true
    #expect(scene.hit(60, 60) == "back", "a skipped child lets its parent be hit")
  }

  @Test("a point outside a view's bounds never hits its subviews, clipping or not")
  func outsideBounds() {
    let scene = Scene()
    let overhang = scene.harness.addView("overhang", 150, 150, 100, 100, to: scene.back)
    scene.harness.root.sendSubviewToBack(scene.front)
    #expect(scene.hit(180, 180) == "overhang")
    #expect(scene.hit(220, 220) == "front", "outside back's bounds")
    scene.back.clipsToBounds = true
    #expect(scene.hit(220, 220) == "front")
    #expect(overhang.hitTest(Point(x: 10, y: 10)) === overhang)
  }

  @Test("hit testing follows transforms and bounds origins")
  func transforms() {
    let scene = Scene()
    // front is 200x200 centred at (200,200); scaled by 0.5 it covers (150,150)-(250,250).
    scene.front.transform = AffineTransform(scaleX: 0.5, y: 0.5)
    #expect(scene.hit(120, 120) == "back")
    #expect(scene.hit(160, 160) == "front")
    // Rotated 45 degrees, its corners point up/down/left/right: (151,151) is near its
    // top-left corner's old place, now outside.
    scene.front.transform = AffineTransform(rotationAngle: Double.pi / 4)
    #expect(scene.hit(110, 110) == "back")
    #expect(scene.hit(200, 65) == "front", "the top corner now reaches y = 58.6")
    // Scrolling back's bounds by (40,40) moves the child up-left on screen.
    scene.back.bounds.origin = Point(x: 40, y: 40)
    #expect(scene.hit(15, 15) == "child")
    #expect(scene.hit(60, 60) == "back")
  }

  @Test("a zero-scale view cannot be hit")
  func degenerate() {
    let scene = Scene()
    scene.front.transform = AffineTransform(scaleX: 0, y: 0)
    #expect(scene.hit(200, 200) == "root")
  }

  @Test("overriding point(inside:) refines the hit shape within the bounds")
  func customShape() {
    final class Disc: View {
      override func point(inside point: Point) -> Bool {
        ViewShape.circle.contains(point, in: bounds)
      }
    }
    let harness = Harness()
    let disc = Disc(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    disc.identifier = "disc"
    harness.root.addSubview(disc)
    #expect(harness.window.hitTest(Point(x: 50, y: 50))?.identifier == "disc")
    #expect(harness.window.hitTest(Point(x: 5, y: 5))?.identifier == "root")
  }
}
