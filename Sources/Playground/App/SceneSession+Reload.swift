import GestureKit

// Showing a new version of the watched scene: `run --watch` after a save.
extension SceneSession {
  /// Shows `newScene`, a new version of the scene the session was made with, in that scene's
  /// tab (picked again if another tab is shown): cancels the gestures in flight (as a switch
  /// of scene does), installs it, logs a `scene` line, hides the banner and calls
  /// ``onSceneChange``. A new `name` moves it to the tab with that name, or to a first tab of
  /// its own, as at start; the tab it leaves shows its own scene again. Called during an
  /// input cycle, it waits for the cycle to end.
  public func replaceScene(with newScene: Scene, at time: Double) {
    window.performAfterCurrentCycle { [self] in
      let time = max(time, window.currentTime)
      window.cancelAllTouches(at: time)
      moveFileTab(for: newScene)
      scene = newScene
      selectedTab = fileTab
      loadedScenes[fileTab] = newScene
      banner.message = nil
      install()
      log?.writeSceneChange(to: scene, at: time)
      onSceneChange?(scene)
    }
  }

  /// Shows the watched file's scene as last loaded again, as a save of it does
  /// (``replaceScene(with:at:)``): a replay's `scene.reload` line, the file as the replay read
  /// it.
  public func reloadFileScene(at time: Double) {
    guard let fileScene = loadedScenes[fileTab] else {
      preconditionFailure("the file's tab \(fileTab) has no scene loaded")
    }
    replaceScene(with: fileScene, at: time)
  }

  /// Gives the file's scene, when `newScene` renamed it, the tab a scene of that name gets at
  /// start: the tab it leaves loads its own scene again when picked, and a first tab added for
  /// the old name goes (the tabs after it move up).
  private func moveFileTab(for newScene: Scene) {
    guard catalog.entries[fileTab].name != newScene.name else { return }
    loadedScenes[fileTab] = nil
    if ownsFirstTab {
      catalog.entries.removeFirst()
      loadedScenes = Dictionary(uniqueKeysWithValues: loadedScenes.map { ($0.key - 1, $0.value) })
    }
    (fileTab, ownsFirstTab) = catalog.place(newScene)
    if ownsFirstTab {
      loadedScenes = Dictionary(uniqueKeysWithValues: loadedScenes.map { ($0.key + 1, $0.value) })
    }
  }

  /// Shows `message` in the banner across the top of the window (nil hides it).
  public func showBanner(_ message: String?) {
    banner.message = message
  }
}
