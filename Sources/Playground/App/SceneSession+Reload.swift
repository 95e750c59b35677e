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

// The live timeline panel (T).
extension SceneSession {
  /// Shows the live timeline, fed from now on by a log of its own, or hides it and forgets
  /// what it showed (nothing is kept while it is hidden).
  func toggleTimeline() {
    if timelinePanel.isHidden {
      let panel = timelinePanel
      let log = EventLog { line in panel.add(logLine: line) }
      log.scene = installed
      log.sceneRoot = sceneContainer
      filter.panelLog = log
      timelinePanel.isHidden = false
    } else {
      filter.panelLog = nil
      timelinePanel.reset()
      timelinePanel.isHidden = true
    }
    rebuildChrome()
  }
}
