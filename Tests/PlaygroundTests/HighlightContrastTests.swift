import GestureKit
import Testing

@testable import Playground

/// A highlighted view's label stays readable: white or dark, whichever contrasts more with
/// the lightened fill, at least 4.5:1 (WCAG AA) for the fills the bundled scenes use.
@Suite("Highlight contrast")
struct HighlightContrastTests {
  /// WCAG 2's contrast ratio of two colours (1 ... 21).
  private func contrast(_ a: Color, _ b: Color) -> Double {
    let (x, y) = (SceneView.relativeLuminance(a), SceneView.relativeLuminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test(
    "the label of a highlighted view reads at 4.5:1 or more",
    arguments: [
      "#3e4451", "#e06c75", "#98c379", "#61afef", "#e5c07b", "#c678dd", "#000000", "#ffffff", "#282c34",
    ])
  func readable(fill hex: String) throws {
    let fill = try #require(Color(hex: hex))
    let view = SceneView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
    view.style = ViewStyle(fill: fill, label: "cancelsTouchesInView on", labelColor: .white)
    view.toggleHighlight()
    let shown = try #require(view.style.fill)
    #expect(contrast(view.style.labelColor, shown) >= 4.5, "\(hex) lightened to \(shown)")
    view.toggleHighlight()
    #expect(view.style.labelColor == .white, "the label colour comes back")
  }

  @Test("the delivery lab's flag, on, no longer reads white on light grey (2.6:1)")
  func deliveryFlag() throws {
    let fill = try #require(Color(hex: "#3e4451"))
    let lightened = Color(
      red: (fill.red + 1) / 2, green: (fill.green + 1) / 2, blue: (fill.blue + 1) / 2, alpha: 1)
    #expect(contrast(.white, lightened) < 3)
    #expect(SceneView.readableLabel(on: lightened) == SceneView.darkLabel)
  }
}
