import CCairo
import GestureKit

/// A view's own content (fill, image, stroke, label, custom drawing) and its subviews, with
/// its clip and its group opacity.
extension Renderer {
  /// Draws `view`'s own content (when `drawsOwnContent`: its box reaches `cull`) and its
  /// subviews in its own coordinate space; with `cull`, only the subviews that reach that
  /// rectangle (window coordinates, through `toWindow`). `bounds` and `alpha` are the view's.
  func drawContents(
    of view: View, bounds: Rect, alpha: Double, on cr: OpaquePointer, toWindow: AffineTransform, cull: Rect?,
    drawsOwnContent: Bool
  ) {
    let clips = view.clipsToBounds
    let grouped = alpha < 1
    if clips { ShapePainter.clip(cr, to: bounds) }
    if grouped {
      cairo_save(cr)
      clipGroup(of: view, bounds: bounds, clips: clips, on: cr)
      cairo_push_group(cr)
    }

    if drawsOwnContent {
      drawOwnContent(of: view, bounds: bounds, on: cr)
    }

    // A view that clips shows its subviews only inside its box: with 20,000 scenes, the
    // strip's tabs off its sides took 150 ms a scene switch to lay out, all cut away.
    var inside = cull
    if clips, let cull {
      inside = cull.intersection(Self.cullBox(of: bounds, toWindow: toWindow))
    }
    if inside?.isEmpty != true {
      for subview in view.subviews {
        draw(subview, on: cr, superviewToWindow: toWindow, cull: inside)
      }
    }

    if grouped {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, alpha)
      cairo_restore(cr)
    }
  }

  /// Draws `view`'s own content in its coordinate space (`bounds` its bounds): fill, image,
  /// stroke, label, custom drawing, in that order.
  func drawOwnContent(of view: View, bounds: Rect, on cr: OpaquePointer) {
    let style = view.style
    ShapePainter.fill(style, in: bounds, on: cr)
    if let image = (view as? ImageView)?.image {
      paint(image, in: bounds, on: cr)
    }
    ShapePainter.stroke(style, in: bounds, on: cr)
    LabelPainter.paint(style, in: bounds, on: cr, cache: labels)
    if let custom = view as? CustomDrawing {
      cairo_save(cr)
      custom.draw(in: DrawingContext(cr: cr, fallback: labels.fallback))
      cairo_restore(cr)
    }
  }
}
