import GestureKit

/// Pixels the backend hands the drawing side: a `wl_shm` buffer of the window or of a layer,
/// mapped into memory, and how many of its pixels make a logical pixel.
///
/// The format is 32-bit ARGB8888 (premultiplied; the window's buffer is XRGB8888) in native
/// endianness: one word per pixel, alpha in the top byte, which is cairo's `ARGB32` layout.
public struct FrameTarget {
  /// The first byte of the top row.
  public let data: UnsafeMutableRawPointer
  /// Width in buffer pixels.
  public let width: Int
  /// Height in buffer pixels.
  public let height: Int
  /// Bytes from one row to the next.
  public let stride: Int
  /// Buffer pixels per logical pixel: an output's integer scale, or a fractional scale
  /// (`wp_fractional_scale_v1`).
  public let scale: Double

  /// Pixels at `data`, `width` x `height`, rows `stride` bytes apart, `scale` of them to a
  /// logical pixel.
  public init(data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, scale: Double) {
    self.data = data
    self.width = width
    self.height = height
    self.stride = stride
    self.scale = scale
  }
}

/// Where a layer's picture goes in the window: a rectangle of whole logical pixels, and
/// whether it is cut (it shows part of its view: the window's edge or a clip cuts the rest).
/// A cut picture is drawn again whenever its view moves; a whole one is moved and scaled by
/// the compositor.
public struct LayerExtent: Equatable {
  /// The window rectangle the picture covers.
  public var rect: Rect
  /// Whether the rectangle leaves part of the view out.
  public var isCut: Bool

  /// An extent covering `rect`, cut or not.
  public init(rect: Rect, isCut: Bool = false) {
    self.rect = rect
    self.isCut = isCut
  }
}

/// The drawing side of a ``WaylandApplication``: what it asks for each frame, so that the
/// backend knows nothing of how views are drawn and the drawing side nothing of Wayland.
///
/// Per frame the backend takes the window's changes and asks what they damage (the drawing
/// side remembers where it drew what); it decides which buffer is drawn and how much of it is
/// stale (buffer age, ``DamageHistory``), which views are on layers of their own
/// (``LayerPlan``), and asks: draw this window buffer (all of it, or only inside these
/// rectangles), how large would a layer for this view be, draw this layer.
public protocol WindowDrawing: AnyObject {
  /// Appends to `damage` the window rectangles (window coordinates) whose pixels `changes`,
  /// just taken from the window, may alter. Called with every frame's changes, whether the
  /// window's buffer is drawn in that frame or not, and before anything of the frame is
  /// drawn.
  func damage(for changes: ViewChanges, into damage: inout [Rect])

  /// Draws the window into `target`: every pixel when `damage` is nil; otherwise at least
  /// the pixels inside `damage` (window coordinates), leaving those that did not change as
  /// they are. The `lifted` views are on layers of their own and are not drawn, nor are their
  /// subtrees.
  func drawWindow(into target: FrameTarget, damage: [Rect]?, excluding lifted: [View])

  /// The window rectangle (whole logical pixels) a layer showing `view` and its subtree
  /// would cover at `scale` (buffer pixels per logical pixel), and whether it is cut (the
  /// window's edge or a clip leaves part of the view out), or nil when the view cannot be
  /// shown that way. The `lifted` views, drawn after it, are on layers stacked above its
  /// own and do not cover it in the window. `room` is what the last check of the same view
  /// found (nil: none) and is updated: a view whose only change since that check is its
  /// geometry may be accepted without a full check while it stays inside it.
  func layerExtent(of view: View, beneath lifted: [View], scale: Double, room: inout Rect?) -> LayerExtent?

  /// Draws `view` and its subtree alone into `target` (cleared to transparent first), as
  /// the window would show them; the target's top-left corner is window point `origin`
  /// (whole logical pixels: a ``layerExtent(of:beneath:scale:room:)``'s origin), at the target's
  /// scale.
  func drawLayer(of view: View, into target: FrameTarget, origin: Point)

  /// Draws the client-side title bar `bar` into `target` (the bar's size at the target's
  /// scale, every pixel); returns false to leave it to the backend's plain bar.
  func drawTitleBar(_ bar: TitleBar, into target: FrameTarget) -> Bool
}

extension WindowDrawing {
  /// False: the backend draws a plain bar of its own.
  public func drawTitleBar(_ bar: TitleBar, into target: FrameTarget) -> Bool { false }
}
