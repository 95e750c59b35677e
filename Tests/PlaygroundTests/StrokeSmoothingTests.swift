import GestureKit
import Testing

@testable import Playground

@Suite("Stroke smoothing")
struct StrokeSmoothingTests {
  @Test("the curve passes through every sample, one segment per pair")
  func passesThroughSamples() {
    let points = [pt(0, 0), pt(10, 5), pt(20, -5), pt(35, 0)]
    let segments = StrokeSmoothing.segments(through: points)
    #expect(segments.count == 3)
    #expect(segments.map(\.start) == Array(points.dropLast()))
    #expect(segments.map(\.end) == Array(points.dropFirst()))
  }

  @Test("control points follow Catmull-Rom: p1 + (p2 - p0) / 6 and p2 - (p3 - p1) / 6")
  func catmullRomControls() {
    let segments = StrokeSmoothing.segments(through: [pt(0, 0), pt(6, 0), pt(12, 6), pt(18, 6)])
    #expect(segments[1].control1 == pt(6 + 12.0 / 6, 1))
    #expect(segments[1].control2 == pt(12 - 12.0 / 6, 6 - 1))
  }

  @Test("evenly spaced samples on a line give a straight curve with controls at thirds")
  func straightLine() {
    let segments = StrokeSmoothing.segments(through: [pt(0, 0), pt(30, 0), pt(60, 0), pt(90, 0)])
    #expect(segments[1].control1 == pt(40, 0))
    #expect(segments[1].control2 == pt(50, 0))
  }

  @Test("fewer than two samples give no segments")
  func tooShort() {
    #expect(StrokeSmoothing.segments(through: []).isEmpty)
    #expect(StrokeSmoothing.segments(through: [pt(1, 1)]).isEmpty)
  }
}
