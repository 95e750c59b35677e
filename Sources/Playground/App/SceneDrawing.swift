import CairoRenderer
import GestureKit
import WaylandBackend

/// The drawing side of a live session: the backend's frame requests (``WindowDrawing``)
/// carried out by the cairo ``Renderer`` on the session's window, over the colour around its
/// scene (``SceneSurround``).
final class SceneDrawing: WindowDrawing {
  /// The renderer, kept across frames (its cairo surfaces and label layouts).
  let renderer = Renderer()
  /// Where the renderer drew each view, turning the window's changes into damage.
  private let tracker = DamageTracker()
  /// The window drawn.
  let window: Window
  /// The colour under everything: the surround of the current scene (the scene's container
  /// fills the scene with its own background).
  private let background: () -> Color

  /// Draws `window` over `background()` (read every frame: a scene switch changes it).
  init(window: Window, background: @escaping () -> Color) {
    self.window = window
    self.background = background
  }

  func damage(for changes: ViewChanges, into damage: inout [Rect]) {
    tracker.damage(for: changes, in: window, into: &damage)
  }

  func drawWindow(into target: FrameTarget, damage: [Rect]?, excluding lifted: [View]) {
    let buffer = PixelBuffer(target)
    if let damage {
      renderer.render(
        window, background: background(), into: buffer, scale: target.scale, damage: damage, excluding: lifted
      )
    } else {
      renderer.render(window, background: background(), into: buffer, scale: target.scale, excluding: lifted)
    }
  }

  func layerExtent(of view: View, beneath lifted: [View], scale: Double, room: inout Rect?) -> LayerExtent? {
    renderer.layerPlacement(of: view, in: window, scale: scale, beneath: lifted, room: &room).map {
      LayerExtent(rect: $0.extent, isCut: $0.isCut)
    }
  }

  func drawLayer(of view: View, into target: FrameTarget, origin: Point) {
    renderer.renderLayer(of: view, in: window, into: PixelBuffer(target), origin: origin, scale: target.scale)
  }

  /// The title bar's own little window, kept while its width stays, and its own renderer
  /// (whose cairo surfaces over the bar's buffers do not push out the window's).
  private var titleBar: (window: Window, view: TitleBarView)?
  private lazy var barRenderer = Renderer()

  func drawTitleBar(_ bar: TitleBar, into target: FrameTarget) -> Bool {
    let size = Size(width: Double(bar.width), height: Double(TitleBar.height))
    if titleBar?.window.size != size {
      let barWindow = Window(size: size, clock: window.clock)
      let view = TitleBarView(bar: bar)
      barWindow.rootView.addSubview(view)
      titleBar = (barWindow, view)
    }
    guard let titleBar else { return false }
    titleBar.view.bar = bar
    barRenderer.render(
      titleBar.window, background: TitleBarView.background, into: PixelBuffer(target), scale: target.scale)
    _ = titleBar.window.takeChanges()
    return true
  }
}

extension PixelBuffer {
  /// The pixels of a backend's frame target, described again for the renderer.
  init(_ target: FrameTarget) {
    self.init(data: target.data, width: target.width, height: target.height, stride: target.stride)
  }
}
