import GestureKit

/// The views and recognizers one ``Scene/install(in:)`` built, by scene id.
///
/// The views belong to the window's tree; this only indexes them (loggers use
/// it to name a recognizer's kind). Installing again builds a new tree and a
/// new index.
public final class InstalledScene {
  /// The scene that was installed.
  public let scene: Scene
  /// Every scene view by its `id`.
  public let views: [String: SceneView]
  /// Every recognizer by its gesture `id` (also its `name`).
  public let recognizers: [String: GestureRecognizer]
  /// Every gesture description by its `id`.
  public let gestures: [String: GestureSpec]

  /// An index of built views and recognizers.
  init(
    scene: Scene, views: [String: SceneView], recognizers: [String: GestureRecognizer],
    gestures: [String: GestureSpec]
  ) {
    self.scene = scene
    self.views = views
    self.recognizers = recognizers
    self.gestures = gestures
  }

  /// The scene-file kind name of a recognizer built by this scene (`"pan"`), or nil.
  public func kindName(of recognizer: GestureRecognizer) -> String? {
    guard let name = recognizer.name, let spec = gestures[name], recognizers[name] === recognizer else {
      return nil
    }
    return spec.kind.name
  }
}
