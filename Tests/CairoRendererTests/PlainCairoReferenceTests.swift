import CCairo
import CairoRenderer
import Foundation
import GestureKit
import TestSupport
import Testing

/// The renderer against an independent reference: the same shapes drawn with plain cairo
/// calls (`cairo_rectangle`, `cairo_arc`, `cairo_fill`; a border as the part inside the outline
/// of a `cairo_stroke` twice its width, centred on the outline), not through the renderer's
/// painting (which fills borders as even-odd bands, ShapePainter.swift), at scales 1, 1.5 and
/// 2, on whichever cairo the machine has (1.16 on Debian 12, 1.18 on Debian 13).
///
/// Fills match within `Image.tolerance` levels everywhere. A border drawn through a clip is
/// anti-aliased otherwise than the same band filled (the clip's mask times the stroke's
/// coverage: up to 24 levels apart on edge pixels, seen on both cairos), so for borders the
/// pixels compared are those whose 3x3 neighbourhood in the reference is one solid colour:
/// every pixel inside the border, the fill or the background, one pixel clear of an edge.
/// That pins where the border is and how wide, all round.
@Suite("Renderer against plain cairo")
struct PlainCairoReferenceTests {
  /// One view: its frame, shape, fill and border.
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var frame: Rect
    var shape: ViewShape
    var fill: Color?
    var stroke: Color?
    var width: Double
    var description: String { name }
  }

  static let fill = Color(red: 0.85, green: 0.2, blue: 0.1)
  static let border = Color(red: 0.1, green: 0.6, blue: 0.95)

  static let cases: [Case] = [
    Case(
      name: "rect", frame: Rect(x: 10.5, y: 12, width: 90, height: 50), shape: .rect, fill: fill,
      stroke: border, width: 3),
    Case(
      name: "rounded rect", frame: Rect(x: 20, y: 8, width: 120, height: 70),
      shape: .roundRect(cornerRadius: 18),
      fill: fill, stroke: border, width: 5),
    Case(
      name: "circle", frame: Rect(x: 30, y: 10, width: 80, height: 80), shape: .circle, fill: fill,
      stroke: border, width: 6),
    Case(
      name: "long ellipse, thin border", frame: Rect(x: 8, y: 20, width: 150, height: 50), shape: .circle,
      fill: nil,
      stroke: border, width: 4),
    Case(
      name: "tall ellipse, wide border", frame: Rect(x: 40, y: 4, width: 60, height: 110), shape: .circle,
      fill: fill,
      stroke: border, width: 12),
    Case(
      name: "long ellipse, border past its flattest curvature",
      frame: Rect(x: 6, y: 30, width: 160, height: 40),
      shape: .circle, fill: nil, stroke: border, width: 14),
  ]
  /// The fills alone, compared everywhere.
  static let fills: [Case] = cases.map { item in
    var fill = item
    fill.name += ", fill only"
    fill.stroke = nil
    fill.fill = Self.fill
    return fill
  }
  static let size = Size(width: 170, height: 120)

  /// The case drawn by the renderer.
  static func rendered(_ item: Case, scale: Double) -> Image {
    let window = Window(size: size, clock: VirtualClock())
    let view = View(frame: item.frame)
    view.style = ViewStyle(shape: item.shape, fill: item.fill, stroke: item.stroke, strokeWidth: item.width)
    window.rootView.addSubview(view)
    return render(window, scale: scale)
  }

  /// The case drawn with plain cairo calls.
  static func reference(_ item: Case, scale: Double) -> Image {
    plainCairoImage(size: size, scale: scale) { cr in
      if let fill = item.fill {
        outline(item.shape, in: item.frame, on: cr)
        set(cr, fill)
        cairo_fill(cr)
      }
      if let stroke = item.stroke {
        // The border is the part of a stroke twice as wide, centred on the outline, that lies
        // inside the outline: every point inside within the width of the edge.
        cairo_save(cr)
        outline(item.shape, in: item.frame, on: cr)
        cairo_clip(cr)
        outline(item.shape, in: item.frame, on: cr)
        set(cr, stroke)
        cairo_set_line_width(cr, 2 * item.width)
        cairo_stroke(cr)
        cairo_restore(cr)
      }
    }
  }

  static func set(_ cr: OpaquePointer, _ color: Color) {
    cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
  }

  /// The outline, written out here with cairo's own primitives.
  static func outline(_ shape: ViewShape, in rect: Rect, on cr: OpaquePointer) {
    cairo_new_path(cr)
    switch shape {
    case .rect:
      cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
    case .roundRect(let radius):
      let r = min(radius, rect.width / 2, rect.height / 2)
      cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
      cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
      cairo_arc(cr, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
      cairo_arc(cr, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
      cairo_close_path(cr)
    case .circle:
      cairo_save(cr)
      cairo_translate(cr, rect.midX, rect.midY)
      cairo_scale(cr, rect.width / 2, rect.height / 2)
      cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
      cairo_restore(cr)
      cairo_close_path(cr)
    }
  }

  @Test("fills and borders match plain cairo's", arguments: cases + fills, [1.0, 1.5, 2.0])
  func matchesPlainCairo(_ item: Case, scale: Double) {
    let rendered = Self.rendered(item, scale: scale)
    let reference = Self.reference(item, scale: scale)
    if item.stroke == nil {
      let difference = rendered.difference(from: reference)
      #expect(difference == nil, "\(item) at \(scale): \(String(describing: difference))")
      return
    }
    var differing = 0
    var first: (Int, Int)?
    for y in 1..<(reference.height - 1) {
      for x in 1..<(reference.width - 1) {
        let colour = reference.pixel(x: x, y: y)
        let solid = (-1...1).allSatisfy { dy in
          (-1...1).allSatisfy { dx in reference.pixel(x: x + dx, y: y + dy) == colour }
        }
        guard solid, !rendered.pixel(x: x, y: y).isClose(to: colour, tolerance: Image.tolerance) else {
          continue
        }
        differing += 1
        if first == nil { first = (x, y) }
      }
    }
    #expect(
      differing == 0,
      "\(item) at \(scale): \(differing) solid pixels differ, first at \(String(describing: first))")
  }
}
