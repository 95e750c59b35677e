import GestureKit
import TestSupport
import Testing

@testable import Playground

/// The paint scene's pen readout (PenReadoutView): every number a pen reports stays readable,
/// the text made smaller rather than cut when a line would run into the dial.
@Suite("Pen readout")
struct PenReadoutTests {
  private static let scene = """
    {"name": "r", "size": [400, 200], "views": [
      {"id": "readout", "frame": [20, 20, 350, 150], "fill": "#282c34", "touchHandler": "penReadout"}]}
    """

  /// The readout's longest lines.
  private static let lines = [
    "pen, down", "pressure 100 %", "force 4.00 of 4.00", "altitude 56°   azimuth 32°", "distance 0 %",
  ]

  /// A line's width as cairo's text gives it with hinted metrics: whole pixels, here 0.55 em
  /// a character.
  private static func width(_ line: String, _ size: Double) -> Double {
    (Double(line.count) * 0.55 * size).rounded(.up)
  }

  @Test("a pen pressing fully: its pressure, then its force with both numbers, on lines of their own")
  func fullPressure() throws {
    let h = try SceneHarness(Self.scene)
    let readout = try #require(h.installed.views["readout"] as? PenReadoutView)
    h.send(
      at: 0,
      TouchInput(
        kind: .down, id: TouchInput.pencilID(tool: 0), location: Point(x: 100, y: 100), type: .pencil,
        pen: PenState(pressure: 1)))
    #expect(readout.lines.count == 5)
    #expect(readout.lines.prefix(3) == ["pen, down", "pressure 100 %", "force 4.00 of 4.00"])
  }

  @Test(
    "the text fits each line in its column and every line in the height, at most 16 points",
    arguments: [(201.0, 150.0), (120, 150), (400, 150), (201, 60), (30, 20)])
  func textFits(column: Double, height: Double) {
    let size = PenReadoutView.textSize(of: Self.lines, column: column, height: height, width: Self.width)
    #expect(size > 0 && size <= 16)
    #expect(Self.lines.allSatisfy { Self.width($0, size) <= column }, "size \(size)")
    #expect((1.9 + 1.6 * 4 + 0.4) * size <= height + 1e-9, "size \(size)")
  }

  @Test("with room to spare the text is 16 points; with none it is zero, found at once")
  func roomOrNone() {
    #expect(PenReadoutView.textSize(of: Self.lines, column: 400, height: 150, width: Self.width) == 16)
    #expect(PenReadoutView.textSize(of: Self.lines, column: 0, height: 0, width: Self.width) == 0)
    #expect(PenReadoutView.textSize(of: ["pressure 100 %"], column: 1, height: 150, width: Self.width) <= 1)
  }
}
