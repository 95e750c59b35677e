import GestureKit

// Showing a new version of the scene shown now: `run --watch` after a save.
extension SceneSession {
  /// Shows `newScene` in place of the scene shown now, in the same tab: cancels the gestures
  /// in flight (as a switch of scene does), installs it, logs a `scene` line, hides the
  /// banner and calls ``onSceneChange``. Called during an input cycle, it waits for the
  /// cycle to end.
  public func replaceScene(with newScene: Scene, at time: Double) {
    window.performAfterCurrentCycle { [self] in
      let time = max(time, window.currentTime)
      window.cancelAllTouches(at: time)
      scene = newScene
      loadedScenes[selectedTab] = newScene
      banner.message = nil
      install()
      log?.writeSceneChange(to: scene, at: time)
      onSceneChange?(scene)
    }
  }

  /// Shows `message` in the banner across the top of the window (nil hides it).
  public func showBanner(_ message: String?) {
    banner.message = message
  }
}
